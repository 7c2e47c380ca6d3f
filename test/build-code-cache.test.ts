// A build with the cache runs its stages from the CLI's build script with V8's code cache
// (cli/build-script.ts): the output is the same as a clean build's whatever state the cache is in, a cold build
// writes the code cache for the warm builds after it, the code cache is the CLI's (a cold build of another site
// uses it), `--no-cache` neither reads nor writes it, and user errors raised inside the script read as they do
// elsewhere. Each site here gets a code cache folder of its own (CHEATSHEET_CODE_CACHE_DIR): the CLI's own is
// shared by every build the other tests run.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR } from '../renderer/cache/cache-dir.ts';
import { writeCodeCache } from '../renderer/cache/code-cache.ts';
import { makeSite, minimalContent, runCli } from './helpers/fixture-site.ts';
import { expectUserError } from './helpers/user-error.ts';

const DEBUG = { CHEATSHEET_DEBUG_CODE_CACHE: '1' };

/** Every file below `dir` with its bytes (base64): what "the same output" compares. */
function outputOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out[relative(dir, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name)).toString('base64');
  return out;
}

/** A site built once (cold), so that the next build is a warm one; `codeDir`: its code cache's folder. */
function warmSite(codeDir = mkdtempSync(join(tmpdir(), 'cheatsheet-code-cache-'))) {
  const root = makeSite(minimalContent);
  const codeCache = join(codeDir, 'build-script.bin');
  const own = { ...DEBUG, CHEATSHEET_CODE_CACHE_DIR: codeDir };
  let edits = 0;
  /** Builds after an edit of one page's text (so the build runs its stages); returns the CLI's result. */
  const buildEdited = (env: Record<string, string> = {}, args: string[] = []) => {
    appendFileSync(join(root, 'content/en/compute/ec2.md'), `\nEdit number ${++edits}.\n`);
    return runCli(['build', '--root', root, ...args], root, { ...own, ...env });
  };
  /** The output equals a clean build's (`--no-cache`, into another folder) of the same files. */
  const expectCleanOutput = (step: string) => {
    const clean = runCli(['build', '--root', root, '--no-cache', '--out-dir', 'clean-build'], root);
    expect(clean.status, clean.stderr).toBe(0);
    expect(outputOf(join(root, 'build')), `after ${step}`).toEqual(outputOf(join(root, 'clean-build')));
  };
  const cold = runCli(['build', '--root', root], root, own);
  expect(cold.status, cold.stderr).toBe(0);
  return { root, codeDir, codeCache, cold, buildEdited, expectCleanOutput };
}

/** The code cache file's key, tags and data (its layout: renderer/cache/code-cache.ts). */
function parts(file: string) {
  const raw = readFileSync(file);
  let at = 0;
  const lines: string[] = [];
  for (let i = 0; i < 4; i++) {
    const end = raw.indexOf(10, at);
    lines.push(raw.toString('latin1', at, end));
    at = end + 1;
  }
  return { key: lines[1]!, tags: lines[2]!.split(','), data: raw.subarray(at) };
}

const codeCacheLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('code cache: '));

describe('the build script and its code cache', () => {
  it('a cold build runs the script and writes the code cache; the first warm build runs from it and adds what reads the cache, the next ones only run from it, with a clean build\'s output', () => {
    const { root, codeCache, cold, buildEdited, expectCleanOutput } = warmSite();
    expect(codeCacheLines(cold.stderr)[0]).toBe('code cache: missing');
    expect(codeCacheLines(cold.stderr)[1]).toMatch(/^code cache: written \(\d+ bytes; missing\)$/);
    expect(existsSync(codeCache)).toBe(true);
    // What the cold build did; it took nothing from the build cache, so reading the cache is not compiled in.
    expect(parts(codeCache).tags).toEqual(['chunks', 'docs', 'links', 'pages', 'search']);

    const coldBytes = parts(codeCache).data.length;
    const first = buildEdited();
    expect(first.status, first.stderr).toBe(0);
    expect(codeCacheLines(first.stderr)[0]).toBe(`code cache: used (${coldBytes} bytes)`);
    expect(codeCacheLines(first.stderr)[1]).toMatch(/^code cache: written \(\d+ bytes; this build also did cached\)$/);
    expect(parts(codeCache).tags).toContain('cached');
    expectCleanOutput('the first warm build');

    const second = buildEdited();
    expect(second.status, second.stderr).toBe(0);
    expect(codeCacheLines(second.stderr)).toEqual([`code cache: used (${parts(codeCache).data.length} bytes)`]);
    expectCleanOutput('a warm build from the code cache');

    // A title edit renders every page of the locale (the sidebar shows it): more of the same code.
    const start = join(root, 'content/en/start.md');
    writeFileSync(start, readFileSync(start, 'utf8').replace('title: Start', 'title: Getting started'));
    const title = buildEdited();
    expect(title.status, title.stderr).toBe(0);
    expect(codeCacheLines(title.stderr)[0]).toMatch(/^code cache: used/);
    expectCleanOutput('a title edit');
  }, 300_000);

  it('is the CLI\'s, not a site\'s: a cold build of another site, with no cache folder, runs from it', () => {
    const { codeDir, codeCache } = warmSite();
    const written = parts(codeCache).data.length;
    // The pipeline key's memo too (renderer/cache/cli-cache.ts): the cold build of another site finds the key
    // remembered (it hashes no compiled file) and leaves the memo as it was.
    const memo = join(codeDir, 'pipeline-key.json');
    const memoBefore = statSync(memo);
    const other = warmSite(codeDir);
    expect(existsSync(join(other.root, CACHE_DIR, 'v8-code'))).toBe(false);
    expect(existsSync(join(other.root, CACHE_DIR, 'pipeline-key.json'))).toBe(false);
    expect([statSync(memo).ino, statSync(memo).mtimeMs]).toEqual([memoBefore.ino, memoBefore.mtimeMs]);
    expect(codeCacheLines(other.cold.stderr)[0]).toBe(`code cache: used (${written} bytes)`);
    other.expectCleanOutput('a cold build from another site\'s code cache');
  }, 300_000);

  it.each([
    ['cut short', 'damaged', (f: string) => truncateSync(f, Math.floor(statSync(f).size / 2))],
    ['with a byte of its code altered', 'damaged', (f: string) => {
      const b = readFileSync(f);
      b.writeUInt8(b.readUInt8(b.length - 100) ^ 0xff, b.length - 100);
      writeFileSync(f, b);
    }],
    ['made for another script, Node or flags', 'stale', (f: string) => writeFileSync(f, readFileSync(f, 'latin1').replace(/^(.*\n)([0-9a-f]{40})/, (_, a: string) => `${a}${'0'.repeat(40)}`), 'latin1')],
    ['whole, but refused by V8 (stamped by another V8 version)', 'rejected', (f: string) => {
      const { key, tags, data } = parts(f);
      const foreign = Buffer.from(data);
      foreign.writeUInt32LE(foreign.readUInt32LE(4) ^ 0xffff, 4);
      writeCodeCache(f, key, foreign, tags);
    }],
  ])('a code cache %s never breaks a build nor changes its output: the build compiles afresh and writes it again', (_name, state, damage) => {
    const { codeCache, buildEdited, expectCleanOutput } = warmSite();
    expect(buildEdited().status).toBe(0);
    damage(codeCache);
    const r = buildEdited();
    expect(r.status, r.stderr).toBe(0);
    expect(codeCacheLines(r.stderr)[0]).toBe(`code cache: ${state}`);
    expect(codeCacheLines(r.stderr)[1]).toMatch(/^code cache: written/);
    expectCleanOutput(`a build with a code cache ${_name}`);
    expect(codeCacheLines(buildEdited().stderr)[0]).toMatch(/^code cache: used/);
  }, 300_000);

  it('--no-cache neither reads nor writes the code cache', () => {
    const { codeCache, buildEdited } = warmSite();
    expect(buildEdited().status).toBe(0);
    const before = statSync(codeCache);
    // Garbage it would report as damaged, had it read it.
    writeFileSync(codeCache, 'not a code cache');
    const stamp = statSync(codeCache).mtimeMs;
    const r = buildEdited({}, ['--no-cache']);
    expect(r.status, r.stderr).toBe(0);
    expect(codeCacheLines(r.stderr)).toEqual(['code cache: not used (build stages loaded as modules)']);
    expect(statSync(codeCache).mtimeMs).toBe(stamp);
    expect(readFileSync(codeCache, 'utf8')).toBe('not a code cache');
    expect(before.size).toBeGreaterThan(0);
  }, 300_000);

  it('user errors raised inside the script are reported as everywhere else: the message, exit code 1, no stack trace', () => {
    const { root, buildEdited } = warmSite();
    expect(buildEdited().status).toBe(0);
    // A front-matter error (ContentError) …
    const page = join(root, 'content/en/compute/ec2.md');
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text.replace('title: Amazon EC2', 'title: Amazon EC2\nsidebar_position: first'));
    const frontMatter = buildEdited();
    expect(codeCacheLines(frontMatter.stderr)[0]).toMatch(/^code cache: used/);
    expectUserError(frontMatter, 'content/en/compute/ec2.md', 'sidebar_position');
    // … and a broken link (BrokenLinksError), both classes the CLI tells apart.
    writeFileSync(page, `${text}\nSee [nowhere](./nowhere.md).\n`);
    const link = buildEdited();
    expect(codeCacheLines(link.stderr)[0]).toMatch(/^code cache: used/);
    expectUserError(link, 'content/en/compute/ec2.md', 'nowhere');
  }, 300_000);

  it('CHEATSHEET_CODE_CACHE=0 loads the stages as modules; another value is a clear error', () => {
    const { buildEdited, expectCleanOutput } = warmSite();
    const off = buildEdited({ CHEATSHEET_CODE_CACHE: '0' });
    expect(off.status, off.stderr).toBe(0);
    expect(codeCacheLines(off.stderr)).toEqual(['code cache: not used (build stages loaded as modules)']);
    expectCleanOutput('a warm build from the modules');
    expectUserError(buildEdited({ CHEATSHEET_CODE_CACHE: 'yes' }), 'Invalid CHEATSHEET_CODE_CACHE "yes": give 0 or 1.');
  }, 300_000);
});
