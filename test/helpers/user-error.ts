// What every bad-input test checks: exit code 1, the fragments of one clear message, no stack trace — and
// that the previous output is exactly as it was.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { CliResult } from './fixture-site.ts';

export function expectUserError(r: CliResult, ...fragments: string[]): void {
  expect(r.status, r.stderr + r.stdout).toBe(1);
  for (const f of fragments) expect(r.stderr).toContain(f);
  expect(r.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(r.stderr).not.toContain('internal error');
}

/** Every file below `dir` with its size and modification time: what "untouched" compares. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else {
        const s = statSync(abs);
        out[relative(dir, abs)] = `${s.size}:${s.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return out;
}
