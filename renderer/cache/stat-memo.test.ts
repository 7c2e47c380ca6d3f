// A remembered key is given back only while every file and folder it was computed from is unchanged, and
// only once the build that computed it keeps it; a change of any kind means computing it again.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedPipelineKey, pipelineKey } from './keys.ts';
import { statMemo } from './stat-memo.ts';

/** A folder of files and the key of their names and contents, counting its computations. */
function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'stat-memo-'));
  const dir = join(root, 'src');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(dir, 'a.txt'), 'alpha');
  writeFileSync(join(dir, 'sub', 'b.txt'), 'beta');
  const memo = join(root, 'cache', 'memo.json');
  let computed = 0;
  const key = (context = 'v1') =>
    statMemo(memo, context, (see) => {
      computed++;
      const parts: string[] = [];
      const walk = (d: string) => {
        see(d);
        for (const e of readdirSync(d, { withFileTypes: true }).sort((x, y) => x.name.localeCompare(y.name))) {
          const p = join(d, e.name);
          if (e.isDirectory()) walk(p);
          else {
            see(p);
            parts.push(`${p}=${readFileSync(p, 'utf8')}`);
          }
        }
      };
      walk(dir);
      return parts.join(';');
    });
  return { dir, memo, key, computed: () => computed };
}

/** As if the files had been written long before: the memo is made 10 s after them. */
const later = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 10_000);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('statMemo', () => {
  it('gives the kept value back without computing while nothing changed', () => {
    const f = fixture();
    later();
    const first = f.key();
    expect(f.computed()).toBe(1);
    expect(f.key().value, 'not kept yet: computed again').toBe(first.value);
    expect(f.computed()).toBe(2);
    first.keep();
    expect(f.key().value).toBe(first.value);
    expect(f.computed(), 'remembered').toBe(2);
  });

  it('computes again when a file is rewritten (same size), a file is added or removed in any folder, or the context differs', () => {
    const f = fixture();
    later();
    const changes: [string, () => void][] = [
      ['a file rewritten, same size', () => writeFileSync(join(f.dir, 'a.txt'), 'ALPHA')],
      ['a file grown', () => appendFileSync(join(f.dir, 'sub', 'b.txt'), '!')],
      ['a file added in a sub-folder', () => writeFileSync(join(f.dir, 'sub', 'c.txt'), 'gamma')],
      ['a file removed', () => rmSync(join(f.dir, 'sub', 'c.txt'))],
      ['a folder added', () => mkdirSync(join(f.dir, 'new'))],
    ];
    for (const [what, change] of changes) {
      f.key().keep();
      const count = f.computed();
      const before = f.key().value;
      expect(f.computed(), `${what}: remembered before the change`).toBe(count);
      vi.useRealTimers();
      change();
      later();
      const after = f.key();
      expect(f.computed(), `${what}: computed again`).toBe(count + 1);
      if (what !== 'a folder added') expect(after.value, what).not.toBe(before);
    }
    f.key().keep();
    const count = f.computed();
    f.key('v2');
    expect(f.computed(), 'another context').toBe(count + 1);
  });

  it('is not kept when a path it read changed just before (a coarse clock could hide a change made while it read)', () => {
    const f = fixture();
    f.key().keep();
    f.key();
    expect(f.computed(), 'files written a moment ago: no memo').toBe(2);
  });

  it('computes when the memo is damaged', () => {
    const f = fixture();
    later();
    f.key().keep();
    writeFileSync(f.memo, '{"format":1,"cont');
    f.key();
    expect(f.computed()).toBe(2);
  });

  it('the remembered pipeline key is the pipeline key', () => {
    const f = fixture();
    later();
    const first = rememberedPipelineKey(f.memo);
    expect(first.value).toBe(pipelineKey());
    first.keep();
    expect(rememberedPipelineKey(f.memo).value).toBe(pipelineKey());
  });
});
