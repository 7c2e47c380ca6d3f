// A pack writes each new entry as soon as it is made (into a staging folder beside it), so a build does not
// hold them all in memory, and only a successful build moves them in.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Pack } from './pack.ts';
import { deserializePieces, PIECE_BYTES, serializeInPieces } from './pieces.ts';

const isString = (v: unknown): v is string => typeof v === 'string';
const staging = (cache: string) => readdirSync(cache).filter((n) => n.startsWith('.docs.staging-'));

describe('Pack', () => {
  it('writes an entry when it is made, and makes it part of the cache only on save', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    const dir = join(cache, 'docs');
    const first = new Pack(dir, 'v1', isString);
    first.set('a', 'alpha');
    // On disk already (nothing kept in memory), but not in the pack yet.
    expect(staging(cache)).toHaveLength(1);
    expect(readdirSync(join(cache, staging(cache)[0]!))).toEqual(['a']);
    expect(existsSync(join(dir, 'a'))).toBe(false);
    first.save();
    expect(staging(cache)).toEqual([]);
    expect(new Pack(dir, 'v1', isString).get('a')).toBe('alpha');
  });

  it('keeps an entry serialised elsewhere in pieces (a worker\'s page terms), read back whole by its assembler', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    const dir = join(cache, 'terms');
    const isMap = (v: unknown): v is Map<string, number[]> => v instanceof Map;
    const assemble = (pieces: Uint8Array[]) => new Map(deserializePieces<[string, number[]]>(pieces));
    const pages = Array.from({ length: 5_000 }, (_, i): [string, number[]] => [`page${i}`, [i, i * 2, i * 3]]);
    const pieces = serializeInPieces(pages, () => 40);
    expect(pieces.length).toBeGreaterThan(1);
    const first = new Pack(dir, 'v1', isMap, assemble);
    first.setPieces('a', pieces);
    first.set('b', new Map([['whole', [1]]]));
    first.save();
    const next = new Pack(dir, 'v1', isMap, assemble);
    expect(next.get('a')).toEqual(new Map(pages));
    // An entry in one piece still reads as before; one in pieces is a miss to a pack that cannot assemble it.
    expect(next.get('b')).toEqual(new Map([['whole', [1]]]));
    expect(new Pack(dir, 'v1', isMap).get('a')).toBeUndefined();
  });

  it('misses an entry in pieces cut short (a piece missing at the end, or half of one)', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    const dir = join(cache, 'terms');
    const isArray = (v: unknown): v is number[] => Array.isArray(v);
    const assemble = (pieces: Uint8Array[]) => deserializePieces<number>(pieces);
    const first = new Pack(dir, 'v1', isArray, assemble);
    first.setPieces('a', serializeInPieces([1, 2, 3, 4], () => PIECE_BYTES));
    first.save();
    const whole = readFileSync(join(dir, 'a'));
    expect(new Pack(dir, 'v1', isArray, assemble).get('a')).toEqual([1, 2, 3, 4]);
    writeFileSync(join(dir, 'a'), whole.subarray(0, whole.length - 3));
    expect(new Pack(dir, 'v1', isArray, assemble).get('a')).toBeUndefined();
  });

  it('drops what a failed build made', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    const dir = join(cache, 'docs');
    const first = new Pack(dir, 'v1', isString);
    first.set('a', 'alpha');
    first.save();
    const failed = new Pack(dir, 'v1', isString);
    expect(failed.get('a')).toBe('alpha');
    failed.set('b', 'beta');
    failed.discard();
    expect(staging(cache)).toEqual([]);
    const next = new Pack(dir, 'v1', isString);
    expect([next.get('a'), next.get('b')]).toEqual(['alpha', undefined]);
  });

  it('removes the staging folder of a build that was killed, not that of one still running', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    // Above the largest pid Linux hands out (2^22): no such process.
    const dead = join(cache, '.docs.staging-4194305-1');
    const alive = join(cache, `.docs.staging-${process.ppid}-1`);
    for (const d of [dead, alive]) {
      mkdirSync(d);
      writeFileSync(join(d, 'x'), 'half');
    }
    new Pack(join(cache, 'docs'), 'v1', isString);
    expect([existsSync(dead), existsSync(alive)]).toEqual([false, true]);
  });
});
