// cheatsheet as an installed package: `npm pack` in a copy of the repository (its node_modules a symbolic
// link, so the compile step sees dependencies outside the package), the tarball installed into an empty
// folder with a hoisted node_modules, then init, build, check, serve, new-page and --root run there with
// `npx cheatsheet`, and the site's config typechecks against the shipped declarations.
//
// The install is `npm ci --offline`: the lockfile is the repository's own (the same exact versions, already
// in npm's cache after the repository's `npm ci`) with the devDependencies left out and the tarball added, so
// no registry is reached.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers/fixture-site.ts';

const work = mkdtempSync(join(tmpdir(), 'cheatsheet-package-'));
const site = join(work, 'site');
const env = { ...process.env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env, timeout: 170_000 });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The repository's lockfile for a site depending only on the tarball: every non-dev entry keeps its path. */
function siteLock(tarball: string): object {
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean } & Record<string, unknown>> };
  const self = lock.packages['']!;
  const packages: Record<string, unknown> = { '': { name: 'site', dependencies: { cheatsheet: `file:${tarball}` } } };
  for (const [path, entry] of Object.entries(lock.packages)) if (path && !entry.dev) packages[path] = entry;
  packages['node_modules/cheatsheet'] = {
    version: self.version,
    resolved: `file:${tarball}`,
    integrity: `sha512-${createHash('sha512').update(readFileSync(join(site, tarball))).digest('base64')}`,
    dependencies: self.dependencies,
    bin: self.bin,
    engines: self.engines,
  };
  return { name: 'site', lockfileVersion: 3, requires: true, packages };
}

let tarballFiles: string[] = [];

beforeAll(() => {
  const copy = join(work, 'repo');
  mkdirSync(copy);
  for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json', 'README.md', 'bin', 'scripts', 'cli', 'renderer', 'templates', 'client', 'i18n']) {
    cpSync(join(REPO, name), join(copy, name), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const packed = ok(run('npm', ['pack', '--pack-destination', work, '--silent'], copy), 'npm pack').trim().split('\n').pop()!;
  mkdirSync(site);
  cpSync(join(work, packed), join(site, packed));
  tarballFiles = ok(run('tar', ['tzf', packed], site), 'tar').split('\n');
  writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', private: true, dependencies: { cheatsheet: `file:${packed}` } }));
  writeFileSync(join(site, 'package-lock.json'), JSON.stringify(siteLock(packed)));
  ok(run('npm', ['ci', '--offline'], site), 'npm ci --offline');
}, 360_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = (args: string[], cwd = site) => run('npx', ['--no-install', 'cheatsheet', ...args], cwd);
/** What the CLI wrote to stderr, without npm's own warnings about the machine's npm configuration. */
const cliErrors = (stderr: string) => stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')).join('\n');
/** The same, without the build's warnings (the example URLs init writes are placeholders to replace). */
const buildErrors = (stderr: string) => cliErrors(stderr).split('\n').filter((l) => l && !l.startsWith('warning') && !l.startsWith(' ')).join('\n');

describe('cheatsheet installed from its tarball', () => {
  it('ships the compiled CLI, the prebuilt theme and the declarations, not the tests', () => {
    for (const f of ['package/dist/cli.js', 'package/dist/index.js', 'package/dist/theme/manifest.json', 'package/dist/types/index.d.ts', 'package/bin/cheatsheet.js']) expect(tarballFiles).toContain(f);
    expect(tarballFiles.filter((f) => f.includes('.test.'))).toEqual([]);
    expect(tarballFiles.filter((f) => f.startsWith('package/content/') || f.startsWith('package/test/'))).toEqual([]);
    // Hoisted: the package's dependencies sit beside it, none under it.
    expect(existsSync(join(site, 'node_modules', 'react'))).toBe(true);
    expect(existsSync(join(site, 'node_modules', 'cheatsheet', 'node_modules'))).toBe(false);
  });

  it('init into a new folder names the installed tarball as its cheatsheet, never a registry range', () => {
    // `cheatsheet` on the public registry is an unrelated package: `npm i` there must install this tarball.
    const tarball = readdirSync(site).find((f) => f.endsWith('.tgz'))!;
    const init = cli(['init', 'fresh', '--title', 'Fresh']);
    expect(cliErrors(init.stderr)).toBe('');
    expect(init.stdout).toContain('cd fresh && npm i && npx cheatsheet build');
    expect(JSON.parse(readFileSync(join(site, 'fresh', 'package.json'), 'utf8')).dependencies.cheatsheet).toBe(`file:${join(site, tarball)}`);
    rmSync(join(site, 'fresh'), { recursive: true, force: true });
  });

  it('init writes a site that builds and checks at once, with the prebuilt theme', () => {
    const init = cli(['init', '.', '--locales', 'en,pt-BR', '--title', 'Field Notes']);
    expect(cliErrors(init.stderr)).toBe('');
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('npx cheatsheet build');
    expect(readFileSync(join(site, 'site.config.ts'), 'utf8')).toContain("import { defineConfig } from 'cheatsheet';");
    expect(readdirSync(join(site, 'content')).sort()).toEqual(['en', 'pt-BR']);
    // The tarball installed package.json first: init keeps it.
    expect(JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')).dependencies.cheatsheet).toMatch(/^file:/);

    const build = cli(['build']);
    expect(buildErrors(build.stderr)).toBe('');
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/Built \d+ pages \(en \d+, pt-BR \d+\)/);
    const intro = readFileSync(join(site, 'build', 'docs', 'intro.html'), 'utf8');
    expect(intro).toContain('<title>Introduction | Field Notes</title>');
    expect(readFileSync(join(site, 'build', 'pt-BR', 'docs', 'intro.html'), 'utf8')).toContain('lang="pt-BR"');
    // The browser bundle is the one made at pack time, byte for byte; nothing was bundled at the user's side.
    const manifest = JSON.parse(readFileSync(join(site, 'node_modules', 'cheatsheet', 'dist', 'theme', 'manifest.json'), 'utf8')) as { client: { entry: string } };
    expect(intro).toContain(`/${manifest.client.entry}`);
    expect(readFileSync(join(site, 'build', manifest.client.entry))).toEqual(readFileSync(join(site, 'node_modules', 'cheatsheet', 'dist', 'theme', 'client', manifest.client.entry)));
    expect(existsSync(join(site, 'node_modules', 'cheatsheet', 'node_modules'))).toBe(false);
    // The CLI's compiled code is kept in the site's node_modules/.cache, never inside the installed package.
    expect(existsSync(join(site, 'node_modules', '.cache', 'cheatsheet', 'v8-code', 'build-script.bin'))).toBe(true);
    // A cold build runs on a thread of its own, started from the installed CLI's file (cli/build-thread.ts).
    const cold = spawnSync('npx', ['--no-install', 'cheatsheet', 'build', '--no-cache'], { cwd: site, encoding: 'utf8', env: { ...env, CHEATSHEET_DEBUG_MEMORY: '1' }, timeout: 170_000 });
    expect(cold.status, cold.stderr).toBe(0);
    expect(cold.stdout).toContain('built on the build thread');

    const check = cli(['check']);
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('check passed');
  });

  it("types the site's config from the shipped declarations", { timeout: 150_000 }, () => {
    // One program holding the site's config and a copy with a wrong type: only the copy may have errors.
    const config = readFileSync(join(site, 'site.config.ts'), 'utf8');
    writeFileSync(join(site, 'bad.config.ts'), config.replace('title: "Field Notes"', 'title: 42'));
    writeFileSync(
      join(site, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, files: ['site.config.ts', 'bad.config.ts'] }),
    );
    const bad = run(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], site);
    expect(bad.stdout.trim().split('\n').filter((l) => !l.startsWith('bad.config.ts('))).toEqual([]);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.config\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    rmSync(join(site, 'bad.config.ts'));
  });

  it('--root runs build, check and new-page on a site elsewhere, and names a missing folder', () => {
    const elsewhere = mkdtempSync(join(work, 'cwd-'));
    // npx looks for the command from the current folder: from elsewhere, the site's installed bin is run by path.
    const bin = join(site, 'node_modules', '.bin', 'cheatsheet');
    const cli = (args: string[], cwd: string) => run(bin, args, cwd);
    const page = cli(['--root', site, 'new-page', 'guides/setup', '--title', 'Setup', '--new-category', 'Guides'], elsewhere);
    expect(page.status).toBe(0);
    expect(existsSync(join(site, 'content', 'pt-BR', 'guides', 'setup.md'))).toBe(true);
    const out = join(elsewhere, 'out');
    const build = cli(['--root', site, 'build', '--out-dir', out], elsewhere);
    expect(build.status).toBe(0);
    expect(existsSync(join(out, 'docs', 'guides', 'setup.html'))).toBe(true);
    expect(cli(['--root', site, 'check'], elsewhere).status).toBe(0);

    const missing = cli(['--root', join(work, 'nowhere'), 'build'], elsewhere);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`--root ${join(work, 'nowhere')}: no such folder.`);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });

  it('serve previews the installed site', async () => {
    const child = spawn('npx', ['--no-install', 'cheatsheet', 'serve', '--port', '0'], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (d: Buffer) => {
          text += d.toString();
          const m = /Serving (http:\/\/\S+)/.exec(text);
          if (m && text.includes('watching')) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
      });
      const res = await fetch(`${url}docs/intro`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Introduction | Field Notes</title>');
    } finally {
      // npx runs the CLI as a child of its own: the whole process group goes.
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
