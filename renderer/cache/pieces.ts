// Large values crossing threads or going to the build cache in pieces of ~48 KB each (below 128 KB), never as
// one buffer of many MB. Why: glibc's malloc serves a request above its mmap threshold (128 KB at start) with
// an mmap of its own, and when such a buffer is freed it raises the threshold to that buffer's size, for the
// whole process (up to 32 MB), and the trim threshold to twice that. From then on every smaller allocation of
// every thread comes from the threads' arenas, which keep what is freed. A locale's search terms serialised
// whole (4.8 MB at 150 × 3, in a buffer grown to 9 MB; 13–25 MB at 600 × 3) did that in the middle of the
// render (ARCHITECTURE.md, *Memory*). Pieces below 128 KB come from the arenas and never move the threshold.
import { closeSync, openSync, readSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';

/**
 * What a piece of a serialised value holds, about (estimated before serialising): node:v8's serialiser doubles
 * its buffer as it grows, so a piece's buffer may be twice its bytes, and that still has to stay below 128 KB.
 */
export const PIECE_BYTES = 48 * 1024;

/** The first bytes of a cache entry kept in pieces (node:v8's own format starts with 0xFF). */
export const PIECES_MAGIC = Uint8Array.from([0x43, 0x53, 0x50, 0x31]); // "CSP1"

/** The 4-byte little-endian length that precedes each piece in a cache entry. */
export function pieceLength(piece: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, piece.byteLength, true);
  return bytes;
}

/**
 * An entry of `pieces` as readPieces reads it, in one buffer: for an entry of a few pieces of a few KB, one
 * write rather than two per piece.
 */
export function joinedPieces(pieces: Uint8Array[]): Uint8Array {
  const out = Buffer.allocUnsafe(PIECES_MAGIC.length + pieces.reduce((n, p) => n + 4 + p.byteLength, 0));
  out.set(PIECES_MAGIC, 0);
  let at = PIECES_MAGIC.length;
  for (const piece of pieces) {
    out.writeUInt32LE(piece.byteLength, at);
    out.set(piece, at + 4);
    at += 4 + piece.byteLength;
  }
  return out;
}

/**
 * The pieces of an entry written as PIECES_MAGIC then each piece after its length; undefined: not such an
 * entry, or one cut short.
 */
export function readPieces(bytes: Uint8Array): Uint8Array[] | undefined {
  if (bytes.byteLength < PIECES_MAGIC.length || PIECES_MAGIC.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pieces: Uint8Array[] = [];
  for (let at = PIECES_MAGIC.length; at < bytes.byteLength; ) {
    if (at + 4 > bytes.byteLength) return undefined;
    const length = view.getUint32(at, true);
    at += 4;
    if (at + length > bytes.byteLength) return undefined;
    pieces.push(bytes.subarray(at, at + length));
    at += length;
  }
  return pieces;
}

/**
 * `items` serialised (node:v8) in groups of about PIECE_BYTES, by `sizeOf`'s estimate, in order: each piece
 * is an array of items.
 */
export function serializeInPieces<T>(items: Iterable<T>, sizeOf: (item: T) => number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let group: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (group.length > 0 && bytes + size > PIECE_BYTES) {
      pieces.push(serialize(group));
      group = [];
      bytes = 0;
    }
    group.push(item);
    bytes += size;
  }
  if (group.length > 0) pieces.push(serialize(group));
  return pieces;
}

/** The items of serializeInPieces's pieces, in order. */
export function deserializePieces<T>(pieces: Uint8Array[]): T[] {
  return pieces.flatMap((p) => deserialize(p) as T[]);
}

/**
 * A string as UTF-8 pieces of at most 3 × 16 K bytes, cut between characters (never inside a surrogate
 * pair): what the string's own buffer would be, without one buffer of the whole. `joinUtf8Pieces` undoes it.
 */
export function utf8Pieces(text: string, chars = 16 * 1024): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + chars);
    // A high surrogate at the cut goes with its low one into the next piece.
    if (end < text.length && end > at + 1 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    pieces.push(Buffer.from(text.slice(at, end), 'utf8'));
    at = end;
  }
  return pieces;
}

export function joinUtf8Pieces(pieces: Uint8Array[]): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const p of pieces) text += decoder.decode(p, { stream: true });
  return text + decoder.decode();
}

/**
 * A UTF-8 file as a string, read through one 64 KB buffer: `readFileSync(file, 'utf8')` reads into a buffer
 * that doubles as it fills and is freed at once (the 2.2 MB build script: a 4 MB buffer at the build thread's
 * start, which set the threshold to 4 MB for the whole build), and `readFileSync(file)` into one buffer of
 * the whole file, freed when collected.
 */
export function readUtf8InPieces(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = (readBuffer ??= Buffer.allocUnsafeSlow(64 * 1024));
    const decoder = new TextDecoder();
    let text = '';
    for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) text += decoder.decode(buffer.subarray(0, n), { stream: true });
    return text + decoder.decode();
  } finally {
    closeSync(fd);
  }
}

let readBuffer: Buffer | undefined;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The ArrayBuffers of `pieces` that can be handed to another thread (each piece a whole buffer of its own). */
export function transferable(pieces: Uint8Array[]): ArrayBuffer[] {
  return pieces.filter((p) => p.byteOffset === 0 && p.byteLength === p.buffer.byteLength && p.buffer instanceof ArrayBuffer).map((p) => p.buffer as ArrayBuffer);
}
