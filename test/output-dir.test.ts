// The output folder is the build's alone: `--out-dir` naming the project, a folder above it, the sources or
// a folder some other program made is refused with nothing moved; builds mark their output and adopt the
// ones made before the marker; and two builds into one folder never leave it half written.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, minimalContent, REPO, runCli, type CliResult } from './helpers/fixture-site.ts';
import { expectUserError, snapshot } from './helpers/user-error.ts';

const files = (dir: string) => Object.keys(snapshot(dir)).sort();

describe('--out-dir', () => {
  it('refuses the project, a folder above it and the sources, and moves nothing', () => {
    // The project sits in a folder of its own, so that what the refused builds might leave beside it is
    // not confused with what other programs leave in the shared temporary folder.
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-parent-'));
    const root = join(parent, 'project');
    renameSync(makeSite({ ...minimalContent, 'static/img/logo.svg': '<svg/>', 'i18n/en.json': '{}', '.git/HEAD': 'ref: refs/heads/main\n' }), root);
    const before = snapshot(root);
    const cases: [string, string][] = [
      ['.', 'is the project folder itself'],
      ['..', 'contains the project'],
      ['/', 'contains the project'],
      ['content', 'is one of the site\'s sources'],
      ['content/en', 'is inside the site\'s sources (content)'],
      ['static', 'is one of the site\'s sources'],
      ['static/img', 'is inside the site\'s sources (static)'],
      ['i18n', 'is one of the site\'s sources'],
      ['.git', 'is one of the site\'s sources'],
      ['site.config.ts', 'is one of the site\'s sources'],
    ];
    for (const [dir, message] of cases) {
      const r = runCli(['build', '--root', root, '--out-dir', dir]);
      expectUserError(r, `--out-dir "${dir}" ${message}`, 'Use a folder of its own');
    }
    expect(snapshot(root)).toEqual(before);
    expect(readdirSync(parent)).toEqual(['project']);
  });

  it('refuses a folder that a build did not make, and keeps what it holds', () => {
    const root = makeSite(minimalContent);
    writeFileSync(join(root, 'notes.txt'), 'a file where a folder is expected');
    mkdirSync(join(root, 'mine', 'photos'), { recursive: true });
    writeFileSync(join(root, 'mine', 'photos', 'cat.jpg'), 'not a build');
    writeFileSync(join(root, 'mine', 'index.html'), '<p>my own page</p>');
    const before = snapshot(root);
    expectUserError(runCli(['build', '--root', root, '--out-dir', 'mine']), '--out-dir "mine" already exists and was not made by cheatsheet build', '.cheatsheet-build', 'move this one away yourself');
    expectUserError(runCli(['build', '--root', root, '--out-dir', 'notes.txt']), 'is a file, not a folder');
    // A folder where the build keeps the output it replaces, but not made by a build, is not deleted either.
    mkdirSync(join(root, '.site.previous'));
    writeFileSync(join(root, '.site.previous', 'keep.txt'), 'mine');
    expectUserError(runCli(['build', '--root', root, '--out-dir', 'site']), '.site.previous (where a build keeps the output it replaces) already exists and was not made by cheatsheet build');
    expect(snapshot(root)).toEqual({ ...before, '.site.previous/keep.txt': snapshot(root)['.site.previous/keep.txt'] });
    expect(existsSync(join(root, 'site'))).toBe(false);
  });

  it('builds into a new or empty folder, marks it, and replaces its own output next time', () => {
    const root = makeSite(minimalContent);
    mkdirSync(join(root, 'empty'));
    const first = runCli(['build', '--root', root, '--out-dir', 'empty']);
    expect(first.status, first.stderr).toBe(0);
    expect(readFileSync(join(root, 'empty', '.cheatsheet-build'), 'utf8')).toContain('made by `cheatsheet build`');
    const again = runCli(['build', '--root', root, '--out-dir', 'empty']);
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(root, 'empty', 'pt-BR', 'index.html'))).toBe(true);
    expect(existsSync(join(root, '.empty.lock'))).toBe(false);
  });

  it('builds into a folder whose parent folders are missing, making them', () => {
    const root = makeSite(minimalContent);
    const result = runCli(['build', '--root', root, '--out-dir', join('dist', 'site', 'out')]);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(root, 'dist', 'site', 'out', 'pt-BR', 'index.html'))).toBe(true);
    expect(existsSync(join(root, 'dist', 'site', '.out.lock'))).toBe(false);
  });

  it('adopts an output made before the marker existed (it has the layout only a build writes)', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    rmSync(join(root, 'build', '.cheatsheet-build'));
    rmSync(join(root, '.build.previous'), { recursive: true, force: true });
    const r = runCli(['build', '--root', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(root, 'build', '.cheatsheet-build'))).toBe(true);
    // What a failed build of that time left as .build.previous: its first files, without the marker.
    rmSync(join(root, '.build.previous'), { recursive: true, force: true });
    mkdirSync(join(root, '.build.previous', 'assets', 'site'), { recursive: true });
    writeFileSync(join(root, '.build.previous', 'assets', 'site', 'data.en.json'), '{}');
    const again = runCli(['build', '--root', root]);
    expect(again.status, again.stderr).toBe(0);
  });
});

describe('two builds into one output folder', () => {
  const complete = (out: string) => ['index.html', '404.html', 'pt-BR/index.html', 'pt-BR/404.html', 'pt-BR/docs/compute/ec2.html', 'search.html', 'pt-BR/search.html', 'sitemap.xml'].filter((f) => !existsSync(join(out, f)));

  it('a build finding a live build’s lock stops with its pid and leaves the output as it was', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const before = snapshot(join(root, 'build'));
    // This test's own process stands for the build holding the lock.
    writeFileSync(join(root, '.build.lock'), `${process.pid}\n${hostname()}\n`);
    expectUserError(runCli(['build', '--root', root]), `Another build is writing build/ (pid ${process.pid})`, 'If no build is running, delete');
    expect(snapshot(join(root, 'build'))).toEqual(before);
    expect(readFileSync(join(root, '.build.lock'), 'utf8')).toBe(`${process.pid}\n${hostname()}\n`);
  });

  it('a lock left by a build that was killed is taken over', () => {
    const root = makeSite(minimalContent);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(root, '.build.lock'), `${dead.stdout}\n${hostname()}\n`);
    const r = runCli(['build', '--root', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(complete(join(root, 'build'))).toEqual([]);
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
  });

  const spawnBuild = (root: string, extra: string[] = []) => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'build', '--root', root, ...extra], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const result = new Promise<CliResult>((done) => child.on('exit', (status) => done({ status, stdout, stderr })));
    return { child, result };
  };
  const lockHolder = (root: string): number | undefined => {
    try {
      return Number(readFileSync(join(root, '.build.lock'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };

  it('a build started while another one writes stops with its pid; the one writing completes the output', { timeout: 120_000 }, async () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const reference = files(join(root, 'build'));
    // The writing build is paused (SIGSTOP) while it holds the lock, so the two overlap whatever the
    // machine's speed: a test that waited for two builds to overlap by chance failed on a fresh clone (a
    // build with nothing changed takes no lock and ends at once). `--no-cache`: this one always writes.
    let caught = false;
    for (let attempt = 0; attempt < 10 && !caught; attempt++) {
      const first = spawnBuild(root, ['--no-cache']);
      let exited = false;
      void first.result.then(() => (exited = true));
      while (!exited && lockHolder(root) !== first.child.pid) await new Promise((r) => setTimeout(r, 1));
      if (!exited) {
        first.child.kill('SIGSTOP');
        try {
          // Still the holder once paused (it may have released the lock just before the signal).
          if (lockHolder(root) === first.child.pid) {
            caught = true;
            for (const extra of [[], ['--no-cache']]) {
              expectUserError(runCli(['build', '--root', root, ...extra]), `Another build is writing build/ (pid ${first.child.pid})`, 'Wait for it to finish');
            }
          }
        } finally {
          first.child.kill('SIGCONT');
        }
      }
      const r = await first.result;
      expect(r.status, r.stderr).toBe(0);
      expect(complete(join(root, 'build'))).toEqual([]);
      expect(files(join(root, 'build'))).toEqual(reference);
      expect(existsSync(join(root, '.build.lock'))).toBe(false);
    }
    expect(caught).toBe(true);
  });

  it('started at the same moment, each either completes or stops on the lock; the output is always complete', { timeout: 120_000 }, async () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const reference = files(join(root, 'build'));
    // Whether the two overlap depends on the machine (the test above makes them overlap); what must hold
    // either way is that no pair leaves a half-written output or a lock behind.
    for (let round = 0; round < 4; round++) {
      const extra = round % 2 ? ['--no-cache'] : [];
      const results = await Promise.all([spawnBuild(root, extra).result, spawnBuild(root, extra).result]);
      for (const r of results) {
        if (r.status !== 0) expectUserError(r, 'Another build is writing build/ (pid ');
      }
      expect(results.some((r) => r.status === 0)).toBe(true);
      expect(complete(join(root, 'build'))).toEqual([]);
      expect(files(join(root, 'build'))).toEqual(reference);
      expect(existsSync(join(root, '.build.lock'))).toBe(false);
    }
  });
});
