// A cold `build` runs on a thread of its own with a capped young generation (cli/build-thread.ts): which builds
// do, that nothing else does, and that the command behaves as on the main thread — output, errors, exit code,
// signals.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_THREAD_ENV, BUILD_THREAD_YOUNG_GENERATION_MB, wantsBuildThread } from '../cli/build-thread.ts';
import { CACHE_DIR } from '../renderer/cache/build-cache.ts';
import { isUserError } from '../renderer/errors.ts';
import { makeSite, minimalContent, page, REPO, runCli } from './helpers/fixture-site.ts';

const ON_THREAD = `built on the build thread (young generation ≤ ${BUILD_THREAD_YOUNG_GENERATION_MB} MB)`;
const ON_MAIN = 'built on the main thread';

/** A build with the memory line, which says where it ran. */
function build(root: string, args: string[] = [], env: Record<string, string> = {}) {
  return runCli(['build', '--root', root, ...args], root, { CHEATSHEET_DEBUG_MEMORY: '1', ...env });
}

describe('which builds run on the build thread', () => {
  const cold = makeSite({});
  const warm = makeSite({ [`${CACHE_DIR}/theme-ssr.json`]: '{}' });
  const main = { mainThread: true, env: {}, execArgv: [] };

  it('a cold build (no cache folder, or --no-cache) does; a warm one does not', () => {
    expect(wantsBuildThread({ ...main, root: cold, cache: true })).toBe(true);
    expect(wantsBuildThread({ ...main, root: warm, cache: true })).toBe(false);
    expect(wantsBuildThread({ ...main, root: warm, cache: false })).toBe(true);
  });

  it('the build thread itself does not start another', () => {
    expect(wantsBuildThread({ ...main, root: cold, cache: false, mainThread: false })).toBe(false);
  });

  it('not when Node was started with a young generation size (NODE_OPTIONS or its own flags, - or _)', () => {
    expect(wantsBuildThread({ ...main, root: cold, cache: true, env: { NODE_OPTIONS: '--max-old-space-size=900 --max-semi-space-size=4' } })).toBe(false);
    expect(wantsBuildThread({ ...main, root: cold, cache: true, execArgv: ['--max_semi_space_size=8'] })).toBe(false);
    expect(wantsBuildThread({ ...main, root: cold, cache: true, env: { NODE_OPTIONS: '--max-old-space-size=900' } })).toBe(true);
  });

  it(`${BUILD_THREAD_ENV}=0 never, =1 always; any other value is an error that says what to give`, () => {
    expect(wantsBuildThread({ ...main, root: cold, cache: false, env: { [BUILD_THREAD_ENV]: '0' } })).toBe(false);
    expect(wantsBuildThread({ ...main, root: warm, cache: true, env: { [BUILD_THREAD_ENV]: '1' } })).toBe(true);
    let thrown: unknown;
    try {
      wantsBuildThread({ ...main, root: cold, cache: true, env: { [BUILD_THREAD_ENV]: 'yes' } });
    } catch (err) {
      thrown = err;
    }
    expect(isUserError(thrown) && thrown.message).toBe(`Invalid ${BUILD_THREAD_ENV} "yes": give 0 or 1.`);
  });
});

describe('cheatsheet build on the build thread', () => {
  it('a cold build runs there with the capped young generation, the next (warm) one on the main thread, both printing their summary', () => {
    const root = makeSite(minimalContent);
    const first = build(root);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Built 12 pages \(pt-BR 6, en 6\) into build\/ in /);
    expect(first.stdout).toContain(ON_THREAD);
    expect(existsSync(join(root, 'build', 'docs', 'start.html'))).toBe(true);

    // A file added, so that the next build runs its stages: had the first build begun 3 s after the site was
    // written (Node can start that slowly on a loaded machine), it left a record that answers "nothing changed".
    writeFileSync(join(root, 'notes.txt'), 'a note');
    const second = build(root);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain(ON_MAIN);
    expect(second.stdout).toContain('pages 0 rendered, 12 from cache');

    expect(build(root, ['--no-cache']).stdout).toContain(ON_THREAD);
    expect(build(root, [], { [BUILD_THREAD_ENV]: '1' }).stdout).toContain(ON_THREAD);
  });

  it('there the pool\'s workers start before the build\'s stages load (a cold build only), the output the same', () => {
    const root = makeSite(minimalContent);
    const env = { CHEATSHEET_DEBUG_POOL: '1', CHEATSHEET_THREADS: '2' };
    const early = build(root, ['--no-cache', '--out-dir', 'early'], env);
    expect(early.status, early.stderr).toBe(0);
    expect(early.stderr).toContain('pool: 1 worker(s) started early');
    const onMain = build(root, ['--no-cache', '--out-dir', 'main'], { ...env, [BUILD_THREAD_ENV]: '0' });
    expect(onMain.status, onMain.stderr).toBe(0);
    expect(onMain.stderr).not.toContain('started early');
    const files = (dir: string) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).sort();
    expect(files('early')).toEqual(files('main'));
    for (const f of files('main').filter((f) => f.endsWith('.html'))) expect(readFileSync(join(root, 'early', f), 'utf8'), f).toBe(readFileSync(join(root, 'main', f), 'utf8'));
    // One thread asked for: no worker, none started early; a warm build on the build thread starts none either.
    expect(build(root, ['--no-cache', '--out-dir', 'one', '--threads', '1'], env).stderr).not.toContain('started early');
    expect(build(root, ['--out-dir', 'cached'], env).status).toBe(0);
    expect(build(root, ['--out-dir', 'cached2'], { ...env, [BUILD_THREAD_ENV]: '1' }).stderr).not.toContain('started early');
  });

  it('the main thread, idle meanwhile, starts ICU (its first date format) for the build thread', () => {
    const root = makeSite(minimalContent);
    // Preloaded on every thread: says when the process's main thread makes a date format.
    const preload = join(root, 'dates-on-main.cjs');
    writeFileSync(preload, "const { isMainThread } = require('node:worker_threads');\nconst Original = Intl.DateTimeFormat;\nIntl.DateTimeFormat = function (...a) { if (isMainThread) process.stderr.write('date format on the main thread\\n'); return new Original(...a); };\n");
    const r = build(root, ['--no-cache'], { NODE_OPTIONS: `--require ${preload}` });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(ON_THREAD);
    expect(r.stderr).toContain('date format on the main thread');
  });

  it('not when the user sized the young generation, nor with CHEATSHEET_BUILD_THREAD=0', () => {
    const root = makeSite(minimalContent);
    expect(build(root, ['--no-cache'], { NODE_OPTIONS: '--max-semi-space-size=4' }).stdout).toContain(ON_MAIN);
    expect(build(root, ['--no-cache'], { [BUILD_THREAD_ENV]: '0' }).stdout).toContain(ON_MAIN);
    const bad = build(root, [], { [BUILD_THREAD_ENV]: 'on' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`error Invalid ${BUILD_THREAD_ENV} "on": give 0 or 1.`);
  });

  it('a user error on the build thread is printed as on the main thread (file, line, no stack) and exits with 1', () => {
    const root = makeSite({ ...minimalContent, 'content/en/broken.md': '---\ntitle: [unclosed\n---\n\nText.\n' });
    const onThread = build(root, ['--no-cache']);
    const onMain = build(root, ['--no-cache'], { [BUILD_THREAD_ENV]: '0' });
    expect(onThread.status).toBe(1);
    expect(onThread.stderr).toContain('error content/en/broken.md:4: Malformed YAML front matter');
    expect(onThread.stderr).not.toMatch(/\n\s+at /);
    expect(onThread.stdout).toBe('');
    expect(onThread.stderr).toBe(onMain.stderr);
  });

  // Signals are not forwarded by anything: they end the process, the build thread with it. This checks nobody
  // starts waiting for the thread on a signal (the build would then outlive Ctrl-C).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} during a cold build ends the process and its build thread`, async () => {
      const docs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`content/pt-BR/p${i}.md`, page(`Página ${i}`, `## Seção\n\n${'Texto. '.repeat(400)}\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`)]));
      const root = makeSite({ ...minimalContent, ...docs });
      const outParent = join(root, 'out');
      mkdirSync(outParent);
      const child = spawn(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'build', '--root', root, '--out-dir', join(outParent, 'site')], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, sig) => resolve({ code, signal: sig })));
      // The build thread is at work once it has made its temporary output folder.
      await expect.poll(() => readdirSync(outParent).length, { timeout: 60_000 }).toBeGreaterThan(0);
      child.kill(signal);
      expect(await ended).toEqual({ code: null, signal });
      expect(existsSync(join(outParent, 'site')), 'the build did not finish').toBe(false);
    });
  }
});
