// One file of the build cache: a map from key to value, read whole at the start of a build and written whole
// at its end when anything changed. Written to a temporary name and renamed, so a build killed mid-write
// leaves the previous file or none; a file that does not read back (truncated, another version's format,
// edited by hand) is ignored: the cache is only ever a shortcut, never a reason for a build to fail.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bumped when the layout of a pack changes: older files are then ignored. */
const FORMAT = 1;

interface PackFile<T> {
  format: number;
  /** The pipeline key the entries were made with (see keys.ts). */
  pipeline: string;
  entries: Map<string, T>;
}

export class Pack<T> {
  private readonly previous: Map<string, T>;
  private readonly next = new Map<string, T>();
  private changed = false;

  constructor(
    private readonly file: string,
    private readonly pipeline: string,
    /** Checks the shape of an entry read back: a wrong one counts as a miss. */
    private readonly valid: (value: unknown) => value is T,
  ) {
    this.previous = readPack(file, pipeline);
  }

  /** Entries read from the previous build. */
  get size(): number {
    return this.previous.size;
  }

  /** The entry under `key` from the previous build; it is kept for the next one. */
  get(key: string): T | undefined {
    const value = this.previous.get(key);
    if (value === undefined || !this.valid(value)) return undefined;
    this.next.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    this.next.set(key, value);
    this.changed = true;
  }

  /** Writes what this build used or made; entries it did not use are dropped (the cache does not grow). */
  save(): void {
    if (!this.changed && this.next.size === this.previous.size) return;
    const data: PackFile<T> = { format: FORMAT, pipeline: this.pipeline, entries: this.next };
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(tmp, serialize(data));
      renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written (read-only folder, full disk) only costs the next build its speed.
      rmSync(tmp, { force: true });
    }
  }
}

function readPack<T>(file: string, pipeline: string): Map<string, T> {
  try {
    const data = deserialize(readFileSync(file)) as Partial<PackFile<T>>;
    if (data.format !== FORMAT || data.pipeline !== pipeline || !(data.entries instanceof Map)) return new Map();
    return data.entries;
  } catch {
    return new Map();
  }
}
