// A segmented pack's layout (pack.ts): its entries of many small files — pages, docs, code, search buckets —
// are kept in a few segment files, each written by one build (its new entries one after the other, and the
// live entries of older segments it compacts), and an index that says where each entry lies. Why: creating a
// file costs ~0.15–0.3 ms of kernel time on this machine (ext4 on a VM disk), and a cold 150 × 3 build
// created and renamed ~1,470 entry files; with segments it creates one per pack. The index is written whole
// (a temporary file renamed in) once the build has succeeded; the segments it names are never written again,
// and each is named so that no other build, before or at once, makes one of that name.
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** An entry's place: its segment's name, its first byte and its length. */
export type Place = [segment: string, at: number, length: number];

/** Where each entry of a pack lies, and each segment's size as written (a segment of another size is damaged). */
export interface SegmentIndex {
  segments: Map<string, number>;
  entries: Map<string, Place>;
}

export const INDEX = 'index';
const SEGMENT_SUFFIX = '.seg';

/** A name no other segment had or will have: this process, the time and 8 random bytes. */
export function segmentName(): string {
  return `${process.pid}-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}${SEGMENT_SUFFIX}`;
}

/** The pack's index, or undefined when there is none or it does not read back (every entry a miss then). */
export function readIndex(dir: string): SegmentIndex | undefined {
  try {
    const value: unknown = deserialize(readFileSync(join(dir, INDEX)));
    const { segments, entries } = value as SegmentIndex;
    if (!(segments instanceof Map) || !(entries instanceof Map)) return undefined;
    for (const [name, size] of segments) if (typeof name !== 'string' || !Number.isSafeInteger(size)) return undefined;
    for (const p of entries.values()) {
      if (!Array.isArray(p) || !segments.has(p[0]) || !Number.isSafeInteger(p[1]) || !Number.isSafeInteger(p[2])) return undefined;
      if (p[1] < 0 || p[2] < 0 || p[1] + p[2] > segments.get(p[0])!) return undefined;
    }
    return { segments, entries };
  } catch {
    return undefined;
  }
}

let temporaries = 0;

/** Writes the index whole: to a temporary file of this process, renamed in (a reader sees the old or the new). */
export function writeIndex(dir: string, index: SegmentIndex): void {
  const temporary = join(dir, `${INDEX}.${process.pid}-${++temporaries}.tmp`);
  try {
    writeFileSync(temporary, serialize(index));
    renameSync(temporary, join(dir, INDEX));
  } catch {
    rmSync(temporary, { force: true });
    throw new Error('The index could not be written.');
  }
}

/**
 * The segments of one pack opened for reading, each once (the first read of an entry in it): an entry is then a
 * read at its offset. A segment whose size is not the one its index gives is damaged (cut short, written over):
 * every entry in it is a miss.
 */
export class SegmentReader {
  private readonly fds = new Map<string, number | null>();

  constructor(
    private readonly dir: string,
    private readonly sizes: Map<string, number>,
  ) {}

  /** The descriptor of `segment`, open; undefined when it is missing or damaged. */
  fd(segment: string): number | undefined {
    let fd = this.fds.get(segment);
    if (fd === undefined) {
      fd = null;
      try {
        const opened = openSync(join(this.dir, segment), 'r');
        if (fstatSync(opened).size === this.sizes.get(segment)) fd = opened;
        else closeSync(opened);
      } catch {
        // Missing: a miss.
      }
      this.fds.set(segment, fd);
    }
    return fd ?? undefined;
  }

  /** The bytes of `place`, in a buffer of their own; undefined when they do not read back. */
  read([segment, at, length]: Place): Buffer | undefined {
    const fd = this.fd(segment);
    return fd === undefined ? undefined : readAt(fd, at, length);
  }

  close(): void {
    for (const fd of this.fds.values()) if (fd !== null) closeSync(fd);
    this.fds.clear();
  }
}

/** `length` bytes of `fd` from `at`, in a buffer of their own (not the pool's: it may be handed to a thread). */
export function readAt(fd: number, at: number, length: number): Buffer | undefined {
  try {
    const out = Buffer.allocUnsafeSlow(length);
    for (let done = 0; done < length; ) {
      const n = readSync(fd, out, done, length - done, at + done);
      if (n === 0) return undefined;
      done += n;
    }
    return out;
  } catch {
    return undefined;
  }
}
