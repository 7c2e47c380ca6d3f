// Values that cross threads or go to the build cache in pieces: each piece's buffer stays below malloc's
// initial mmap threshold (128 KB), and the pieces give back exactly what was cut.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserializePieces, joinedPieces, joinUtf8Pieces, readPieces, readUtf8InPieces, serializeInPieces, transferable, utf8Pieces } from './pieces.ts';
import { PIECES_MAGIC, pieceLength } from './pieces.ts';

const MMAP_THRESHOLD = 128 * 1024;

describe('pieces', () => {
  it('serialises items in groups whose buffers stay below 128 KB, and gives the items back in order', () => {
    const items = Array.from({ length: 3_000 }, (_, i) => ({ key: `page-${i}`, text: 'x'.repeat(i % 500), numbers: new Int32Array(i % 300).fill(i) }));
    const pieces = serializeInPieces(items, (item) => 2 * (item.key.length + item.text.length) + item.numbers.byteLength + 64);
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces) expect(p.buffer.byteLength).toBeLessThan(MMAP_THRESHOLD);
    expect(deserializePieces(pieces)).toEqual(items);
  });

  it('cuts a string into UTF-8 pieces between characters, never inside a surrogate pair', () => {
    // An emoji (two UTF-16 units) across every possible cut of a 7-character piece.
    const text = Array.from({ length: 40 }, (_, i) => `${'a'.repeat(i % 7)}😀é`).join('');
    for (const chars of [2, 3, 5, 7, 8]) {
      const pieces = utf8Pieces(text, chars);
      expect(pieces.length).toBeGreaterThan(1);
      for (const p of pieces) expect(() => new TextDecoder('utf-8', { fatal: true }).decode(p)).not.toThrow();
      expect(joinUtf8Pieces(pieces)).toBe(text);
    }
    const long = 'ç'.repeat(200_000);
    const pieces = utf8Pieces(long);
    for (const p of pieces) expect(p.byteLength).toBeLessThan(MMAP_THRESHOLD);
    expect(joinUtf8Pieces(pieces)).toBe(long);
    expect(joinUtf8Pieces(utf8Pieces(''))).toBe('');
  });

  it('reads back pieces framed by their lengths, and refuses a frame cut short or another format', () => {
    const pieces = [Uint8Array.from([1, 2, 3]), Uint8Array.from([]), Uint8Array.from([4])];
    const frame = Buffer.concat([PIECES_MAGIC, ...pieces.flatMap((p) => [pieceLength(p), p])]);
    expect(readPieces(frame)?.map((p) => [...p])).toEqual([[1, 2, 3], [], [4]]);
    expect(readPieces(frame.subarray(0, frame.length - 1))).toBeUndefined();
    expect(readPieces(frame.subarray(0, frame.length - 3))).toBeUndefined();
    expect(readPieces(Uint8Array.from([0xff, 0x0f, 0x22]))).toBeUndefined();
    // The same frame made in one buffer (a doc's entry: lazy-sections.ts).
    expect([...joinedPieces(pieces)]).toEqual([...frame]);
  });

  it('hands over only buffers that belong to one piece alone', () => {
    const own = new Uint8Array(new ArrayBuffer(10));
    const view = new Uint8Array(new ArrayBuffer(10), 2, 4);
    expect(transferable([own, view])).toEqual([own.buffer]);
  });

  it('reads a UTF-8 file whole through its 64 KB buffer, characters cut at every buffer end decoded whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pieces-'));
    try {
      const file = join(dir, 'script.js');
      // Two-, three- and four-byte characters, so that reads of 64 KB end inside one of each kind.
      const text = Array.from({ length: 60_000 }, (_, i) => `${'a'.repeat(i % 5)}é€😀`).join('');
      writeFileSync(file, text);
      expect(Buffer.byteLength(text)).toBeGreaterThan(8 * 64 * 1024);
      expect(readUtf8InPieces(file)).toBe(text);
      writeFileSync(file, '');
      expect(readUtf8InPieces(file)).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
