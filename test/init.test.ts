// `cheatsheet init` from this repository's CLI: the site it writes builds, and it never overwrites a file.
// (The same, from the packed tarball installed into an empty folder: package.test.ts.)
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO, runCli } from './helpers/fixture-site.ts';

const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cheatsheet-init-'));
  cleanup.push(d);
  return d;
}

describe('cheatsheet init', () => {
  it('writes config, one page per locale, README and package.json into a new folder, and the site builds', () => {
    const dir = join(tempDir(), 'notes');
    const r = runCli(['init', dir, '--locales', 'en,es,pt-BR', '--title', 'Team Notes']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const f of ['site.config.ts', 'content/en/intro.md', 'content/es/intro.md', 'content/pt-BR/intro.md', 'README.md', 'package.json', '.gitignore', 'static/img/favicon.svg']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    expect(r.stdout).toContain(`cd ${dir} && npm i && npx cheatsheet build`);
    const config = readFileSync(join(dir, 'site.config.ts'), 'utf8');
    expect(config).toContain("import { defineConfig } from 'cheatsheet';");
    // Labels in each language's own name, as the locale menu shows them.
    expect(config).toContain('label: "Español"');
    expect(config).toContain('label: "Português (Brasil)"');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    expect(pkg.name).toBe('notes');
    // Never a registry range: `cheatsheet` on the public registry is another package. From a checkout, the checkout.
    expect(pkg.dependencies.cheatsheet).toMatch(new RegExp(`^file:${REPO.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/cheatsheet-[\\d.]+\\.tgz)?$`));

    const build = runCli(['--root', dir, 'build']);
    // The example URLs are the user's to replace: the build says so, and nothing else.
    expect(build.stderr.split('\n').filter((l) => l && !l.startsWith('warning') && !l.startsWith(' '))).toEqual([]);
    expect(build.stderr).toContain('placeholder https://example.com');
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/Built \d+ pages \(en \d+, es \d+, pt-BR \d+\)/);
    expect(readFileSync(join(dir, 'build', 'es', 'docs', 'intro.html'), 'utf8')).toContain('<title>Introduction | Team Notes</title>');
    expect(runCli(['--root', dir, 'check']).status).toBe(0);
  });

  it('never overwrites: a folder holding any of its files is an error naming them, and nothing is written', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'README.md'), 'mine\n');
    const r = runCli(['init', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('already holds README.md: init never overwrites a file.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(dir, 'site.config.ts'))).toBe(false);
  });

  it('rejects a locale that is not a locale code, and a file given as the folder', () => {
    const dir = tempDir();
    const r = runCli(['init', join(dir, 'x'), '--locales', 'en,Portuguese!']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('"Portuguese!" is not a locale code.');
    writeFileSync(join(dir, 'file'), '');
    const f = runCli(['init', join(dir, 'file')]);
    expect(f.status).toBe(1);
    expect(f.stderr).toContain('is a file, not a folder.');
  });
});

describe('--root', () => {
  it('names a folder that does not exist, for every command, without a stack trace', () => {
    const missing = join(tmpdir(), 'cheatsheet-no-such-site');
    for (const cmd of [['build'], ['check'], ['serve'], ['new-page', 'a/b', '--title', 'B']]) {
      const r = runCli(['--root', missing, ...cmd]);
      expect(r.status, cmd[0]).toBe(1);
      expect(r.stderr).toContain(`--root ${missing}: no such folder.`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
