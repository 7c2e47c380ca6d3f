// One kind of entry of the build cache (docs, pages, search indexes): a folder with one file per entry,
// named by its key, so a build that changes one page writes one or two files, not the whole cache. Each
// file is written to a temporary name and renamed, so a build killed mid-write leaves the previous file or
// none; a file that does not read back (cut short on a file system that does not rename atomically, from
// another version, edited by hand) is a miss: the cache is only ever a shortcut, never a reason for a build
// to fail. The folder's `pipeline` file says which version of the code made its entries.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bumped when the layout of an entry changes: older folders are then emptied. */
const FORMAT = 2;
const STAMP = 'pipeline';

export class Pack<T> {
  private readonly current: boolean;
  private readonly used = new Set<string>();
  private readonly made = new Map<string, T>();
  private readonly known: Set<string>;

  constructor(
    private readonly dir: string,
    private readonly pipeline: string,
    /** Checks the shape of an entry read back: a wrong one counts as a miss. */
    private readonly valid: (value: unknown) => value is T,
  ) {
    this.current = readText(join(dir, STAMP)) === stamp(pipeline);
    this.known = new Set(this.current ? safeList(dir).filter((f) => f !== STAMP) : []);
  }

  /** Entries kept from earlier builds (made by this version of the code). */
  get size(): number {
    return this.known.size;
  }

  /** The entry under `key` from an earlier build; it is kept for the next one. */
  get(key: string): T | undefined {
    if (!this.known.has(key)) return undefined;
    try {
      const value: unknown = deserialize(readFileSync(join(this.dir, key)));
      if (!this.valid(value)) return undefined;
      this.used.add(key);
      return value;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: T): void {
    this.made.set(key, value);
  }

  /** Writes the new entries and removes the ones this build did not use (the cache does not grow). */
  save(): void {
    try {
      if (!this.current) {
        rmSync(this.dir, { recursive: true, force: true });
        mkdirSync(this.dir, { recursive: true });
        writeFileSync(join(this.dir, STAMP), stamp(this.pipeline));
      }
      for (const [key, value] of this.made) writeEntry(join(this.dir, key), serialize(value));
      // Entries of older builds, and temporary files of a build that was killed.
      const keep = new Set([STAMP, ...this.used, ...this.made.keys()]);
      for (const f of safeList(this.dir)) if (!keep.has(f)) rmSync(join(this.dir, f), { recursive: true, force: true });
    } catch {
      // A cache that cannot be written (read-only folder, full disk) only costs the next build its speed.
    }
  }
}

/** Writes one entry; whatever stands in its way (a folder of that name) is removed. */
function writeEntry(file: string, data: Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    try {
      renameSync(tmp, file);
    } catch {
      rmSync(file, { recursive: true, force: true });
      renameSync(tmp, file);
    }
  } catch {
    rmSync(tmp, { force: true }); // This entry is missed next time; the others are kept.
  }
}

const stamp = (pipeline: string) => `${FORMAT}:${pipeline}`;

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
