import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERATED_MIN_AGE_MS, KEEP_GENERATED, generatedModule } from './generated-modules.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'generated-modules-'));
  dirs.push(dir);
  return dir;
}

const HOUR = 60 * 60 * 1000;

/** A file of the kind as an earlier build left it, last used `ago` ms before `now`. */
function left(dir: string, name: string, now: number, ago: number): void {
  writeFileSync(join(dir, name), 'export default 1;');
  const seconds = (now - ago) / 1000;
  utimesSync(join(dir, name), seconds, seconds);
}

describe('generatedModule', () => {
  it('writes the module once and marks it as used when it is asked for again', () => {
    const dir = join(folder(), 'nested');
    const now = Date.now();
    const file = generatedModule(dir, 'config.', 'abc', 'export default 1;', now - 2 * HOUR);
    expect(file).toBe(join(dir, 'config.abc.mjs'));
    expect(readFileSync(file, 'utf8')).toBe('export default 1;');
    const again = generatedModule(dir, 'config.', 'abc', 'ignored: the name says the code', now);
    expect(again).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe('export default 1;');
    expect(Math.abs(statSync(file).mtimeMs - now)).toBeLessThan(1000);
  });

  it('keeps the most recently used files of its kind and removes older ones unused for an hour', () => {
    const dir = folder();
    const now = Date.now();
    // Old files, each an hour or more unused; the one used a minute ago stays whatever its rank.
    for (let i = 0; i < KEEP_GENERATED + 4; i++) left(dir, `ssr.old${String(i).padStart(2, '0')}.mjs`, now, GENERATED_MIN_AGE_MS + (i + 1) * 60_000);
    left(dir, 'ssr.recent.mjs', now, 60_000);
    // Another kind, and files that are no module of this kind: not this kind's to prune.
    for (let i = 0; i < KEEP_GENERATED + 2; i++) left(dir, `config.c${i}.mjs`, now, 2 * HOUR);
    writeFileSync(join(dir, 'ssr.notes.txt'), '');
    generatedModule(dir, 'ssr.', 'new', 'export const x = 1;', now);
    const names = readdirSync(dir).sort();
    const ssr = names.filter((n) => n.startsWith('ssr.') && n.endsWith('.mjs'));
    // The new one, the recent one, and the most recently used old ones up to KEEP_GENERATED.
    expect(ssr).toEqual(['ssr.new.mjs', 'ssr.recent.mjs', ...Array.from({ length: KEEP_GENERATED - 2 }, (_, i) => `ssr.old${String(i).padStart(2, '0')}.mjs`)].sort());
    expect(names.filter((n) => n.startsWith('config.'))).toHaveLength(KEEP_GENERATED + 2);
    expect(names).toContain('ssr.notes.txt');
  });

  it('leaves files used within the hour even past the number kept (another process may be importing one)', () => {
    const dir = folder();
    const now = Date.now();
    for (let i = 0; i < KEEP_GENERATED + 3; i++) left(dir, `ssr.f${i}.mjs`, now, (i + 1) * 60_000);
    generatedModule(dir, 'ssr.', 'new', 'export const x = 1;', now);
    expect(readdirSync(dir)).toHaveLength(KEEP_GENERATED + 4);
  });

  it('writes the module again when another process removed it', () => {
    const dir = folder();
    const now = Date.now();
    const file = generatedModule(dir, 'ssr.', 'gone', 'export const y = 2;', now);
    rmSync(file);
    expect(generatedModule(dir, 'ssr.', 'gone', 'export const y = 2;', now)).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe('export const y = 2;');
  });
});
