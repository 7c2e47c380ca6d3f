// One kind of entry of the build cache (docs, pages, search indexes): a folder with one file per entry,
// named by its key, or for packs of many small entries (`segmented`) a few segment files and an index
// (segments.ts), so a build that changes one page writes one or two files, not the whole cache. Each
// new entry is written as soon as it is made, into a staging folder beside the pack (so the build does not
// hold every entry in memory until it ends: on the 150 × 3 corpus that was ~90 MB of a cold build's peak),
// and moved in by renames only when the build has succeeded; a failed build discards it. A renamed file is
// whole or absent; a file that does not read back (cut short on a file system that does not rename
// atomically, from another version, edited by hand) is a miss: the cache is only ever a shortcut, never a
// reason for a build to fail. The folder's `pipeline` file says which version of the code made its entries.
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { joinedPieces, pieceLength, PIECES_MAGIC, readPieces } from './pieces.ts';
import { INDEX, readIndex, SegmentReader, segmentName, writeIndex, type Place, type SegmentIndex } from './segments.ts';

/** Bumped when the layout of an entry changes: older folders are then emptied. */
const FORMAT = 5;
const STAMP = 'pipeline';
/** Bytes read at first for an entry's head (head()): a page's worth, more than most heads. */
const HEAD_GUESS = 4096;
/** Packs opened by this process: each stages in a folder of its own, even two builds of one site at once. */
let packs = 0;

export interface PackOptions {
  /**
   * Entries kept in segment files with an index (segments.ts) rather than a file each: for packs of many
   * small entries (pages, docs, code, search buckets).
   */
  segmented?: boolean;
}

/**
 * A segment's live bytes below this share of its size: its live entries are copied into the segment of the
 * next build that writes one (compacted), and it is removed. So every segment but the newest is at least half
 * live after any build that writes, and the pack's folder stays below about twice its live entries.
 */
const LIVE_SHARE = 0.5;
/** A segment below this size is copied into the next build's segment: a few segments, not one per edit. */
const SMALL_SEGMENT = 512 * 1024;

export class Pack<T> {
  private readonly current: boolean;
  private readonly used = new Set<string>();
  /** Keys of the entries this build made, each written in the staging folder (segmented: its place there). */
  private readonly made = new Map<string, [at: number, length: number]>();
  private readonly known: { has(key: string): boolean; readonly size: number };
  private readonly staging: string;
  /** undefined: not made yet; false: it cannot be (read-only folder…), so nothing new is kept. */
  private stagingReady: boolean | undefined;
  /** Segmented: the earlier builds' index and their segments opened for reading. */
  private readonly index: SegmentIndex | undefined;
  private readonly reader: SegmentReader | undefined;
  /** Segmented: this build's segment, as staged: its name, its size, and false if a write of it failed. */
  private segment: { name: string; size: number; whole: boolean } | undefined;
  /**
   * Writes a staged entry (`append`: adds to the file): on this thread unless the build hands its entries to
   * another (writeWith).
   */
  private writeEntry: EntryWriter = (file, data, append) => this.writeHere(file, data, append);
  /**
   * The staged file this thread last wrote, left open for the next entry added to it: a cold build stages
   * each doc's entry on the build thread as the doc is done, and an open and a close for each (segments:
   * every entry appends to one file) were ~30 ms of its CPU at 150 × 3.
   */
  private open: { file: string; fd: number } | undefined;

  private writeHere(file: string, data: Uint8Array, append = false): void {
    if (!append || this.open?.file !== file) {
      this.closeOpen();
      this.open = { file, fd: openSync(file, append ? 'a' : 'w') };
    }
    const { fd } = this.open;
    for (let done = 0; done < data.byteLength; ) done += writeSync(fd, data, done, data.byteLength - done);
  }

  private closeOpen(): void {
    if (this.open === undefined) return;
    try {
      closeSync(this.open.fd);
    } catch {
      // (Written already: a close that fails loses nothing.)
    }
    this.open = undefined;
  }

  constructor(
    private readonly dir: string,
    private readonly pipeline: string,
    /** Checks the shape of an entry read back: a wrong one counts as a miss. */
    private readonly valid: (value: unknown) => value is T,
    /**
     * Makes the value of an entry kept in pieces (setPieces, setJoined); without it, such an entry is a miss.
     */
    private readonly assemble?: (pieces: Uint8Array[]) => unknown,
    options: PackOptions = {},
  ) {
    this.current = readText(join(dir, STAMP)) === stamp(pipeline);
    if (options.segmented) {
      this.index = (this.current ? readIndex(dir) : undefined) ?? { segments: new Map(), entries: new Map() };
      this.reader = new SegmentReader(dir, this.index.segments);
      this.known = this.index.entries;
    } else {
      this.known = new Set(this.current ? safeList(dir).filter((f) => f !== STAMP) : []);
    }
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
      const bytes = this.readEntry(key);
      if (!bytes) return undefined;
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
   * (read, not the pieces) fill the entry exactly, so that an entry cut short is a miss now rather than a rest
   * that does not read back when the build asks for it (a doc's HTML: the build cannot do without it then).
   */
  head(key: string, whole = false): { first: Uint8Array; all(): Uint8Array[] | undefined } | undefined {
    if (!this.known.has(key)) return undefined;
    const place = this.index?.entries.get(key);
    let fd: number | undefined;
    try {
      // An entry is bytes [at, end) of a file: its own, or its segment.
      fd = place ? this.reader!.fd(place[0]) : openSync(join(this.dir, key), 'r');
      if (fd === undefined) return undefined;
      const at = place ? place[1] : 0;
      const end = place ? at + place[2] : fstatSync(fd).size;
      // One read for the magic, the first piece's length, the piece and the next length when they fit in
      // HEAD_GUESS bytes (a doc's head, ~1.9 KB at 150 × 3): a warm build reads the head of every kept doc.
      const topLength = PIECES_MAGIC.length + 4;
      const guess = Buffer.allocUnsafe(Math.min(HEAD_GUESS, end - at));
      if (guess.length < topLength || readSync(fd, guess, 0, guess.length, at) !== guess.length || PIECES_MAGIC.some((b, i) => guess[i] !== b)) return undefined;
      const firstLength = guess.readUInt32LE(PIECES_MAGIC.length);
      const rest = at + topLength + firstLength;
      if (rest > end) return undefined;
      let first: Buffer;
      if (topLength + firstLength <= guess.length) first = Buffer.from(guess.subarray(topLength, topLength + firstLength));
      else {
        first = Buffer.allocUnsafe(firstLength);
        first.set(guess.subarray(topLength));
        const more = firstLength - (guess.length - topLength);
        if (readSync(fd, first, guess.length - topLength, more, at + guess.length) !== more) return undefined;
      }
      if (whole && !piecesFill(fd, rest, end, guess.subarray(rest - at))) return undefined;
      this.used.add(key);
      return { first, all: () => this.readAll(key) };
    } catch {
      return undefined;
    } finally {
      if (!place && fd !== undefined) closeSync(fd);
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
   * quietly: an entry that is not there, or cut short, is a miss next time (segmented: a segment not of the
   * size its entries add up to is not kept).
   */
  writeWith(write: EntryWriter): void {
    // (What this thread wrote is in the file: `write` appends after it.)
    this.closeOpen();
    this.writeEntry = write;
  }

  /** Keeps `value` under `key` for the next build: written now, part of the cache once `save()` runs. */
  set(key: string, value: T): void {
    this.stage(key, (put) => put(serialize(value)));
  }

  /**
   * set() with the value serialised in pieces by whoever made it (`assemble` reads them back): written one
   * after the other, so that no buffer of the whole entry is ever made (cache/pieces.ts). The pieces may be
   * handed to another thread: the caller lets go of them.
   */
  setPieces(key: string, pieces: Uint8Array[]): void {
    this.stage(key, (put) => {
      put(PIECES_MAGIC.slice());
      for (const piece of pieces) {
        put(pieceLength(piece));
        put(piece);
      }
    });
  }

  /**
   * setPieces() for an entry of a few small pieces (a doc's: lazy-sections.ts), written at once in one buffer
   * (pieces.ts: joinedPieces), not with two writes per piece.
   */
  setJoined(key: string, pieces: Uint8Array[]): void {
    this.stage(key, (put) => put(joinedPieces(pieces)));
  }

  /** Writes an entry by `write`'s calls of `put`, each adding bytes at its end. */
  private stage(key: string, write: (put: (data: Uint8Array) => void) => void): void {
    if (!this.ensureStaging()) return;
    if (this.index) {
      const segment = (this.segment ??= { name: segmentName(), size: 0, whole: true });
      if (!segment.whole) return;
      const file = join(this.staging, segment.name);
      const at = segment.size;
      try {
        write((data) => {
          // (Read before the write: the bytes may be handed to another thread, which empties `data`.)
          const length = data.byteLength;
          this.writeEntry(file, data, segment.size > 0);
          segment.size += length;
        });
        this.made.set(key, [at, segment.size - at]);
      } catch {
        // The places of the entries after this one are not known: nothing of this segment is kept.
        segment.whole = false;
      }
      return;
    }
    const file = join(this.staging, key);
    let first = true;
    try {
      write((data) => {
        this.writeEntry(file, data, !first);
        first = false;
      });
      this.made.set(key, [0, 0]);
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
    this.closeOpen();
    try {
      if (!this.current) {
        rmSync(this.dir, { recursive: true, force: true });
        mkdirSync(this.dir, { recursive: true });
        writeFileSync(join(this.dir, STAMP), stamp(this.pipeline));
      }
      if (this.index) this.saveSegmented(this.index);
      else {
        for (const key of this.made.keys()) moveEntry(join(this.staging, key), join(this.dir, key));
        // Entries of older builds, and temporary files of a build that was killed.
        const keep = new Set([STAMP, ...this.used, ...this.made.keys()]);
        for (const f of safeList(this.dir)) if (!keep.has(f)) rmSync(join(this.dir, f), { recursive: true, force: true });
      }
    } catch {
      // A cache that cannot be written (read-only folder, full disk) only costs the next build its speed.
    }
    this.discard();
  }

  /**
   * The index of the entries this build made or used: the new ones in this build's segment, moved in, with the
   * live entries of the older segments it compacts (LIVE_SHARE, SMALL_SEGMENT); segments no entry is in any
   * more are removed. A build that made nothing and dropped nothing writes nothing.
   */
  private saveSegmented(before: SegmentIndex): void {
    const entries = new Map<string, Place>();
    const live = new Map<string, number>();
    for (const key of this.used) {
      const place = before.entries.get(key);
      if (!place || this.made.has(key)) continue;
      entries.set(key, place);
      live.set(place[0], (live.get(place[0]) ?? 0) + place[2]);
    }
    const segments = new Map<string, number>();
    for (const name of live.keys()) segments.set(name, before.segments.get(name)!);
    const segment = this.segment;
    const file = segment && join(this.staging, segment.name);
    // Every write of the segment done in full (the writer's failures are quiet): else its places are wrong.
    if (segment && file && this.made.size > 0 && segment.whole && fileSize(file) === segment.size) {
      const fd = openSync(file, 'a');
      try {
        for (const [name, bytes] of live) {
          const size = segments.get(name)!;
          if (bytes >= size * LIVE_SHARE && size >= SMALL_SEGMENT) continue;
          segments.delete(name);
          for (const [key, place] of entries) {
            if (place[0] !== name) continue;
            const data = this.reader!.read(place);
            if (!data) {
              entries.delete(key);
              continue;
            }
            entries.set(key, [segment.name, segment.size, data.byteLength]);
            // (A copy that fails throws: save() then leaves the cache as it was, the old index and segments.)
            if (writeSync(fd, data, 0, data.byteLength, null) !== data.byteLength) throw new Error('Short write.');
            segment.size += data.byteLength;
          }
        }
      } finally {
        closeSync(fd);
      }
      renameSync(file, join(this.dir, segment.name));
      for (const [key, [at, length]] of this.made) entries.set(key, [segment.name, at, length]);
      segments.set(segment.name, segment.size);
    }
    const same = entries.size === before.entries.size && [...entries].every(([key, p]) => before.entries.get(key) === p);
    if (!same || !this.current) writeIndex(this.dir, { segments, entries });
    this.reader!.close();
    // Segments no entry is in, and temporary files of builds that were killed.
    const keep = new Set([STAMP, INDEX, ...segments.keys()]);
    for (const f of safeList(this.dir)) if (!keep.has(f) && !ownedByLiveBuild(f)) rmSync(join(this.dir, f), { recursive: true, force: true });
  }

  /** Forgets what this build made (a failed build: its results are not to be trusted by the next one). */
  discard(): void {
    this.closeOpen();
    this.made.clear();
    this.segment = undefined;
    this.reader?.close();
    if (this.stagingReady) rmSync(this.staging, { recursive: true, force: true });
    this.stagingReady = undefined;
  }

  /** The bytes of the entry under `key` (undefined: it does not read back). */
  private readEntry(key: string): Buffer | undefined {
    const place = this.index?.entries.get(key);
    return place ? this.reader!.read(place) : readFileSync(join(this.dir, key));
  }

  /** The pieces of the entry under `key`; undefined when it does not read back as pieces. */
  private readAll(key: string): Uint8Array[] | undefined {
    try {
      const bytes = this.readEntry(key);
      return bytes && readPieces(bytes);
    } catch {
      return undefined;
    }
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

/**
 * The lengths of an entry's pieces from byte `at` on (each before its piece) reach `end` exactly. `read`: the
 * bytes from `at` on that were read already (the first length, when the head's read took it).
 */
function piecesFill(fd: number, at: number, end: number, read: Buffer = Buffer.alloc(0)): boolean {
  const start = at;
  const length = Buffer.allocUnsafe(4);
  while (at < end) {
    if (at + 4 > end) return false;
    if (at + 4 - start <= read.length) at += 4 + read.readUInt32LE(at - start);
    else if (readSync(fd, length, 0, 4, at) !== 4) return false;
    else at += 4 + length.readUInt32LE(0);
  }
  return at === end;
}

function fileSize(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

/** A temporary index of a build still running (`index.<pid>-<n>.tmp`): not removed. */
function ownedByLiveBuild(name: string): boolean {
  const m = /^index\.(\d+)-\d+\.tmp$/.exec(name);
  return m !== null && Number(m[1]) !== process.pid && isAlive(Number(m[1]));
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
