// A pack writes each new entry as soon as it is made (into a staging folder beside it), so a build does not
// hold them all in memory, and only a successful build moves them in.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { Pack } from './pack.ts';

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

  it('keeps an entry serialised elsewhere (a worker\'s page terms) as it keeps one it serialises itself', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pack-'));
    const dir = join(cache, 'terms');
    const isMap = (v: unknown): v is Map<string, number[]> => v instanceof Map;
    const first = new Pack(dir, 'v1', isMap);
    first.setSerialized('a', new Uint8Array(serialize(new Map([['page', [1, 2]]]))));
    first.save();
    expect(new Pack(dir, 'v1', isMap).get('a')).toEqual(new Map([['page', [1, 2]]]));
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
