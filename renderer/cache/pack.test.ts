// A pack writes each new entry as soon as it is made (into a staging folder beside it), so a build does not
// hold them all in memory, and only a successful build moves them in.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
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

describe('Pack, segmented', () => {
  const open = (dir: string) => new Pack(dir, 'v1', isString, undefined, { segmented: true });
  const files = (dir: string) => readdirSync(dir).filter((f) => f !== 'pipeline' && f !== 'index');
  const bytesIn = (dir: string) => files(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

  it('reads an entry\'s first piece alone, small or larger than its first read, and misses a cut one asked whole', () => {
    const isBytes = (v: unknown): v is Uint8Array[] => Array.isArray(v);
    const piece = (length: number, fill: number) => Buffer.alloc(length, fill);
    // First pieces below and above the 4 KB read at first; the next length inside that read or after it.
    const shapes: [string, number[]][] = [['small', [100, 10_000, 50]], ['large', [9_000, 20, 3]], ['edge', [4_084, 7, 5]], ['one', [10]]];
    for (const segmented of [true, false]) {
      const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'docs');
      const make = () => new Pack(dir, 'v1', isBytes, (pieces) => pieces, { segmented });
      const first = make();
      for (const [key, lengths] of shapes) first.setJoined(key, lengths.map((n, i) => piece(n, i + 1)));
      first.save();
      const next = make();
      for (const [key, lengths] of shapes) {
        const found = next.head(key, true);
        expect(found?.first).toEqual(piece(lengths[0]!, 1));
        expect(found?.all()?.map((p) => p.length)).toEqual(lengths);
      }
      if (segmented) continue;
      // An entry one byte short: its first piece still reads, but not as a whole entry.
      for (const [key] of shapes) truncateSync(join(dir, key), statSync(join(dir, key)).size - 1);
      const cut = make();
      for (const [key, lengths] of shapes) {
        expect(cut.head(key, true)).toBeUndefined();
        expect(cut.head(key)?.first).toEqual(lengths.length > 1 ? piece(lengths[0]!, 1) : undefined);
      }
    }
  });

  it('keeps a build\'s new entries in one segment file, read back at their offsets', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pages');
    const first = open(dir);
    for (let i = 0; i < 50; i++) first.set(`k${i}`, `value ${i}`);
    first.save();
    expect(files(dir)).toHaveLength(1);
    const next = open(dir);
    expect(next.size).toBe(50);
    for (let i = 0; i < 50; i++) expect(next.get(`k${i}`)).toBe(`value ${i}`);
  });

  it('misses every entry of a segment cut short, written over or missing, never throws', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pages');
    const first = open(dir);
    first.set('a', 'alpha');
    first.set('b', 'beta');
    first.save();
    const [segment] = files(dir);
    const whole = readFileSync(join(dir, segment!));
    truncateSync(join(dir, segment!), whole.length - 1);
    expect([open(dir).get('a'), open(dir).get('b')]).toEqual([undefined, undefined]);
    writeFileSync(join(dir, segment!), Buffer.alloc(whole.length, 7));
    expect(open(dir).get('a')).toBeUndefined();
    rmSync(join(dir, segment!));
    expect(open(dir).get('b')).toBeUndefined();
    writeFileSync(join(dir, segment!), whole);
    writeFileSync(join(dir, 'index'), 'not an index');
    const damaged = open(dir);
    expect([damaged.size, damaged.get('a')]).toEqual([0, undefined]);
    // A build after it starts afresh: its entries read back, the damaged files are gone.
    damaged.set('c', 'gamma');
    damaged.save();
    expect(open(dir).get('c')).toBe('gamma');
    expect(files(dir)).toHaveLength(1);
  });

  it('a failed build leaves the folder as it was; an entry the writer did not write in full drops its segment', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pages');
    const first = open(dir);
    first.set('a', 'alpha');
    first.save();
    const snapshot = () => readdirSync(dir).map((f) => `${f}:${readFileSync(join(dir, f)).toString('base64')}`).sort();
    const before = snapshot();
    const failed = open(dir);
    expect(failed.get('a')).toBe('alpha');
    failed.set('b', 'beta');
    failed.discard();
    expect(snapshot()).toEqual(before);
    // A writer that loses a write quietly (a full disk): the segment is not of the size its entries add up to.
    const lossy = open(dir);
    let writes = 0;
    lossy.writeWith((file, data, append) => {
      if (++writes !== 2) writeFileSync(file, data, append ? { flag: 'a' } : undefined);
    });
    expect(lossy.get('a')).toBe('alpha');
    for (const k of ['b', 'c', 'd']) lossy.set(k, k);
    lossy.save();
    const next = open(dir);
    expect([next.get('a'), next.get('b'), next.get('c'), next.get('d')]).toEqual(['alpha', undefined, undefined, undefined]);
  });

  it('does not grow past about twice its live entries over many builds that each change one entry', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pages');
    const value = (i: number, build: number) => `${i}:${build}:`.padEnd(20_000, 'x');
    const first = open(dir);
    for (let i = 0; i < 100; i++) first.set(`k${i}`, value(i, 0));
    first.save();
    const live = bytesIn(dir);
    for (let build = 1; build <= 120; build++) {
      const pack = open(dir);
      // One entry changed (a different one each build), the others kept unread, as a one-page edit does.
      const changed = build % 100;
      for (let i = 0; i < 100; i++) if (i !== changed) pack.keep(`k${i}`);
      pack.set(`k${changed}`, value(changed, build));
      pack.save();
      expect(bytesIn(dir)).toBeLessThanOrEqual(2 * live + 2 * 512 * 1024);
      expect(files(dir).length).toBeLessThanOrEqual(4);
    }
    const last = open(dir);
    for (let i = 0; i < 100; i++) expect(last.get(`k${i}`)).toBe(value(i, i === 0 ? 100 : i <= 20 ? 100 + i : i));
  });

  it('two builds of one site at once stage apart; the cache is then the last one\'s, whole', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pages');
    const one = open(dir);
    const two = open(dir);
    for (let i = 0; i < 10; i++) {
      one.set(`k${i}`, `one ${i}`);
      two.set(`k${i}`, `two ${i}`);
    }
    one.save();
    expect(open(dir).get('k3')).toBe('one 3');
    two.save();
    const next = open(dir);
    for (let i = 0; i < 10; i++) expect(next.get(`k${i}`)).toBe(`two ${i}`);
    expect(files(dir)).toHaveLength(1);
  });
});
