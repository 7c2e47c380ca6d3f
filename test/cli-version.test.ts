// `cheatsheet --version` prints the version of the package that is running, and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli } from './helpers/fixture-site.ts';

const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };

describe('cheatsheet --version', () => {
  it('prints the package version and exits 0', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ['--version', '-V']) {
      const r = runCli([flag]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
      expect(r.stderr).toBe('');
    }
  });

  it('lists the option in the help', () => {
    expect(runCli(['--help']).stdout).toMatch(/-V, --version\s+print the version of cheatsheet/);
  });
});
