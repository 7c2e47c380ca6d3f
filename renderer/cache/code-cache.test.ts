// The code cache is only ever a shortcut: whatever the file holds (nothing, half of itself, altered bytes,
// code for another source, data V8 refuses), the script runs as without it and the file is written again.
import { existsSync, mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { codeCacheKey, readCodeCache, runWithCodeCache, writeCodeCache, type ScriptSource } from './code-cache.ts';

let compiled = 0;
/**
 * A script whose completion value is a function; `inner` is compiled only when that function is called. Each
 * under a file name of its own: V8 keeps what it compiled by source and name for the rest of the process, and
 * would answer a second compilation from there without looking at the cached data (a CLI compiles it once).
 */
const source = (identity = 'v1', answer = 42): ScriptSource => ({
  code: `(function (x) { function inner(y) { return y * 2 + ${answer - 2 * 21}; } return inner(x); })`,
  filename: `fixture-script-${++compiled}.js`,
  identity,
});

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
  return { dir, file: join(dir, 'v8-code', 'script.bin') };
}

/** Runs the script with the cache file, calls what it returns, writes the cache; returns the run's state. */
function run(file: string | undefined, src = source(), tags: string[] = ['a']) {
  const r = runWithCodeCache(src, file);
  const value = (r.value as (x: number) => number)(21);
  const written = r.save(tags);
  return { state: r.state, tags: r.tags, value, written, bytes: r.bytes };
}

describe('runWithCodeCache', () => {
  it('compiles without a cache, writes one after running, then runs from it', () => {
    const { file } = fixture();
    const first = run(file);
    expect(first).toMatchObject({ state: 'missing', value: 42 });
    expect(first.written).toBeGreaterThan(0);
    const second = run(file, source(), ['a']);
    expect(second).toMatchObject({ state: 'used', value: 42, tags: ['a'] });
    expect(second.bytes).toBe(first.written);
  });

  it('caches what the run compiled, not only the top level: the data is made after the code ran', () => {
    const { file } = fixture();
    const src = source();
    const beforeRunning = new Script(src.code, { filename: src.filename }).createCachedData().length;
    const { written } = run(file, source());
    expect(written).toBeGreaterThan(beforeRunning);
  });

  it('keeps the tags it is given, and writes again when asked (a run that did more)', () => {
    const { file } = fixture();
    run(file, source(), ['docs']);
    const used = runWithCodeCache(source(), file);
    expect(used.tags).toEqual(['docs']);
    expect(used.save(['docs', 'pages'])).toBeGreaterThan(0);
    expect(runWithCodeCache(source(), file)).toMatchObject({ state: 'used', tags: ['docs', 'pages'] });
  });

  it('a cache made for another source is stale: not used, written again for this one', () => {
    const { file } = fixture();
    run(file, source('v1', 42));
    const other = run(file, source('v2', 43));
    expect(other).toMatchObject({ state: 'stale', value: 43 });
    expect(other.written).toBeGreaterThan(0);
    expect(run(file, source('v2', 43)).state).toBe('used');
  });

  it('another Node, platform or set of start-up flags is another key', () => {
    const key = codeCacheKey('v1', {}, []);
    expect(codeCacheKey('v1', { NODE_OPTIONS: '--max-old-space-size=100' }, [])).not.toBe(key);
    expect(codeCacheKey('v1', {}, ['--no-opt'])).not.toBe(key);
    expect(codeCacheKey('v2', {}, [])).not.toBe(key);
    expect(codeCacheKey('v1', {}, [])).toBe(key);
  });

  it.each([
    ['cut short', (f: string) => truncateSync(f, Math.floor(readFileSync(f).length / 2))],
    ['cut inside its header', (f: string) => truncateSync(f, 10)],
    ['empty', (f: string) => writeFileSync(f, '')],
    ['one byte of the code altered', (f: string) => {
      const b = readFileSync(f);
      b.writeUInt8(b.readUInt8(b.length - 7) ^ 0xff, b.length - 7);
      writeFileSync(f, b);
    }],
    ['not a cache file', (f: string) => writeFileSync(f, 'hello\nworld\n')],
  ])('a file %s is damaged: not given to V8, the script runs, the file is written again', (_name, damage) => {
    const { file } = fixture();
    run(file);
    damage(file);
    const r = run(file);
    expect(r).toMatchObject({ state: 'damaged', value: 42 });
    expect(r.written).toBeGreaterThan(0);
    expect(run(file).state).toBe('used');
  });

  it('data V8 refuses (made by another V8, or for another script) is rejected: the script runs, the file is written again', () => {
    const { file } = fixture();
    const key = codeCacheKey(source().identity);
    // Whole and for this key, so only V8's own checks can catch it: code of another script (another length),
    const otherScript = new Script('(function () { return "another script"; })').createCachedData();
    writeCodeCache(file, key, otherScript);
    const r = run(file);
    expect(r).toMatchObject({ state: 'rejected', value: 42 });
    expect(r.written).toBeGreaterThan(0);
    expect(run(file).state).toBe('used');
    // and code stamped by another V8 version (V8 puts a hash of its version right after its magic number).
    const data = readCodeCache(file, key);
    if (!('data' in data)) throw new Error('expected a cache');
    const foreign = Buffer.from(data.data);
    foreign.writeUInt32LE(foreign.readUInt32LE(4) ^ 0xffff, 4);
    writeCodeCache(file, key, foreign);
    expect(run(file)).toMatchObject({ state: 'rejected', value: 42 });
  });

  it('writes nothing when V8 flags changed while the code ran (the next process would refuse it)', () => {
    const { file } = fixture();
    const r = runWithCodeCache(source(), file);
    setFlagsFromString('--expose-gc');
    try {
      expect(r.save(['a'])).toBe(0);
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
    expect(existsSync(file)).toBe(false);
  });

  it('without a cache file, neither reads nor writes one', () => {
    const { dir } = fixture();
    const r = run(undefined);
    expect(r).toMatchObject({ state: 'missing', value: 42, written: 0 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a file that cannot be written is no error', () => {
    const { dir } = fixture();
    writeFileSync(join(dir, 'v8-code'), 'a file where the folder should be');
    const r = run(join(dir, 'v8-code', 'script.bin'));
    expect(r).toMatchObject({ state: 'missing', value: 42, written: 0 });
    expect(readdirSync(dir)).toEqual(['v8-code']);
  });
});
