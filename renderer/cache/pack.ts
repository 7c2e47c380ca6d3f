// One kind of entry of the build cache (docs, pages, search indexes): a folder with one file per entry,
// named by its key, so a build that changes one page writes one or two files, not the whole cache. Each
// new entry is written as soon as it is made, into a staging folder beside the pack (so the build does not
// hold every entry in memory until it ends: on the 150 × 3 corpus that was ~90 MB of a cold build's peak),
// and moved in by renames only when the build has succeeded; a failed build discards it. A renamed file is
// whole or absent; a file that does not read back (cut short on a file system that does not rename
// atomically, from another version, edited by hand) is a miss: the cache is only ever a shortcut, never a
// reason for a build to fail. The folder's `pipeline` file says which version of the code made its entries.
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { joinedPieces, pieceLength, PIECES_MAGIC, readPieces } from './pieces.ts';

/** Bumped when the layout of an entry changes: older folders are then emptied. */
const FORMAT = 4;
const STAMP = 'pipeline';
/** Packs opened by this process: each stages in a folder of its own, even two builds of one site at once. */
let packs = 0;

export class Pack<T> {
  private readonly current: boolean;
  private readonly used = new Set<string>();
  /** Keys of the entries this build made, each written in the staging folder. */
  private readonly made = new Set<string>();
  private readonly known: Set<string>;
  private readonly staging: string;
  /** undefined: not made yet; false: it cannot be (read-only folder…), so nothing new is kept. */
  private stagingReady: boolean | undefined;
  /**
   * Writes a staged entry (`append`: adds to the file): on this thread unless the build hands its entries to
   * another (writeWith).
   */
  private writeEntry: EntryWriter = (file, data, append) => writeFileSync(file, data, append ? { flag: 'a' } : undefined);

  constructor(
    private readonly dir: string,
    private readonly pipeline: string,
    /** Checks the shape of an entry read back: a wrong one counts as a miss. */
    private readonly valid: (value: unknown) => value is T,
    /**
     * Makes the value of an entry kept in pieces (setPieces, setJoined); without it, such an entry is a miss.
     */
    private readonly assemble?: (pieces: Uint8Array[]) => unknown,
  ) {
    this.current = readText(join(dir, STAMP)) === stamp(pipeline);
    this.known = new Set(this.current ? safeList(dir).filter((f) => f !== STAMP) : []);
    this.staging = join(dirname(dir), `${STAGING_PREFIX(dir)}${process.pid}-${++packs}`);
    removeAbandonedStaging(dir);
  }

  /** Entries kept from earlier builds (made by this version of the code). */
  get size(): number {
    return this.known.size;
  }

  /**
   * The entry under `key` from an earlier build; it is kept for the next one unless `keep` is false (the
   * caller then keeps it, or writes another in its place).
   */
  get(key: string, keep = true): T | undefined {
    if (!this.known.has(key)) return undefined;
    try {
      const bytes = readFileSync(join(this.dir, key));
      const pieces = readPieces(bytes);
      const value: unknown = pieces ? this.assemble?.(pieces) : deserialize(bytes);
      if (!this.valid(value)) return undefined;
      if (keep) this.used.add(key);
      return value;
    } catch {
      return undefined;
    }
  }

  /**
   * The first piece of an entry kept in pieces (setPieces), read alone, and a way to read all its pieces
   * later, which gives undefined if the entry no longer reads back then: for an entry whose head is enough
   * unless the build needs the rest (a search index the output holds already). The entry is kept for the next
   * build, as by get(); the caller checks the head. `whole`: only if the lengths of the pieces after the first
   * (read, not the pieces) fill the file exactly, so that an entry cut short is a miss now rather than a rest
   * that does not read back when the build asks for it (a doc's HTML: the build cannot do without it then).
   */
  head(key: string, whole = false): { first: Uint8Array; all(): Uint8Array[] | undefined } | undefined {
    if (!this.known.has(key)) return undefined;
    const file = join(this.dir, key);
    try {
      const fd = openSync(file, 'r');
      try {
        const top = Buffer.alloc(PIECES_MAGIC.length + 4);
        if (readSync(fd, top, 0, top.length, 0) !== top.length || PIECES_MAGIC.some((b, i) => top[i] !== b)) return undefined;
        const first = Buffer.alloc(top.readUInt32LE(PIECES_MAGIC.length));
        if (readSync(fd, first, 0, first.length, top.length) !== first.length) return undefined;
        if (whole && !piecesFill(fd, top.length + first.length)) return undefined;
        this.used.add(key);
        return { first, all: () => readAll(file) };
      } finally {
        closeSync(fd);
      }
    } catch {
      return undefined;
    }
  }

  /** An earlier build kept an entry under `key` (which may still not read back). */
  has(key: string): boolean {
    return this.known.has(key);
  }

  /** Keeps the entry under `key` (if there is one) for the next build without reading it. */
  keep(key: string): void {
    if (this.known.has(key)) this.used.add(key);
  }

  /**
   * Staged entries are written by `write` from now on, which must finish them before `save()` and may fail
   * quietly: an entry that is not there, or cut short, is a miss next time.
   */
  writeWith(write: EntryWriter): void {
    this.writeEntry = write;
  }

  /** Keeps `value` under `key` for the next build: written now, part of the cache once `save()` runs. */
  set(key: string, value: T): void {
    this.stage(key, () => serialize(value));
  }

  /**
   * set() with the value serialised in pieces by whoever made it (`assemble` reads them back): written one
   * after the other, so that no buffer of the whole entry is ever made (cache/pieces.ts). The pieces may be
   * handed to another thread: the caller lets go of them.
   */
  setPieces(key: string, pieces: Uint8Array[]): void {
    this.stage(key, () => PIECES_MAGIC.slice(), (file) => {
      for (const piece of pieces) {
        this.writeEntry(file, pieceLength(piece), true);
        this.writeEntry(file, piece, true);
      }
    });
  }

  /**
   * setPieces() for an entry of a few small pieces (a doc's: lazy-sections.ts), written at once in one buffer
   * (pieces.ts: joinedPieces), not with two writes per piece.
   */
  setJoined(key: string, pieces: Uint8Array[]): void {
    this.stage(key, () => joinedPieces(pieces));
  }

  private stage(key: string, bytes: () => Uint8Array, more?: (file: string) => void): void {
    if (!this.ensureStaging()) return;
    try {
      const file = join(this.staging, key);
      this.writeEntry(file, bytes());
      more?.(file);
      this.made.add(key);
    } catch {
      this.made.delete(key); // Missed next time; the other entries are kept.
    }
  }

  private ensureStaging(): boolean {
    if (this.stagingReady === undefined) {
      try {
        rmSync(this.staging, { recursive: true, force: true });
        mkdirSync(this.staging, { recursive: true });
        this.stagingReady = true;
      } catch {
        this.stagingReady = false;
      }
    }
    return this.stagingReady;
  }

  /** Moves the new entries in and removes the ones this build did not use (the cache does not grow). */
  save(): void {
    try {
      if (!this.current) {
        rmSync(this.dir, { recursive: true, force: true });
        mkdirSync(this.dir, { recursive: true });
        writeFileSync(join(this.dir, STAMP), stamp(this.pipeline));
      }
      for (const key of this.made) moveEntry(join(this.staging, key), join(this.dir, key));
      // Entries of older builds, and temporary files of a build that was killed.
      const keep = new Set([STAMP, ...this.used, ...this.made]);
      for (const f of safeList(this.dir)) if (!keep.has(f)) rmSync(join(this.dir, f), { recursive: true, force: true });
    } catch {
      // A cache that cannot be written (read-only folder, full disk) only costs the next build its speed.
    }
    this.discard();
  }

  /** Forgets what this build made (a failed build: its results are not to be trusted by the next one). */
  discard(): void {
    this.made.clear();
    if (this.stagingReady) rmSync(this.staging, { recursive: true, force: true });
    this.stagingReady = undefined;
  }
}

/** Writes `data` to `file`, or adds it at the end of `file` (`append`). */
export type EntryWriter = (file: string, data: Uint8Array, append?: boolean) => void;

/** `.docs.staging-` for the pack folder `…/docs`: a sibling, so that emptying the pack leaves it alone. */
const STAGING_PREFIX = (dir: string) => `.${basename(dir)}.staging-`;

/** Moves one staged entry in; whatever stands in its way (a folder of that name) is removed. */
function moveEntry(from: string, to: string): void {
  try {
    try {
      renameSync(from, to);
    } catch {
      rmSync(to, { recursive: true, force: true });
      renameSync(from, to);
    }
  } catch {
    // This entry is missed next time; the others are kept.
  }
}

/** Staging folders of builds that were killed (their process is gone): nothing in them will be saved. */
function removeAbandonedStaging(dir: string): void {
  const prefix = STAGING_PREFIX(dir);
  const parent = dirname(dir);
  for (const name of safeList(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid === process.pid || isAlive(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const stamp = (pipeline: string) => `${FORMAT}:${pipeline}`;

/** The lengths of an entry's pieces from byte `at` on (each before its piece) add up to the file's size. */
function piecesFill(fd: number, at: number): boolean {
  const size = fstatSync(fd).size;
  const length = Buffer.alloc(4);
  while (at < size) {
    if (readSync(fd, length, 0, 4, at) !== 4) return false;
    at += 4 + length.readUInt32LE(0);
  }
  return at === size;
}

/** The pieces of the entry in `file`; undefined when it does not read back as pieces. */
function readAll(file: string): Uint8Array[] | undefined {
  try {
    return readPieces(readFileSync(file));
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
