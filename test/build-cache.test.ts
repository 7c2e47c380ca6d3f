// The build cache never gives a wrong page: after each kind of edit a build with the cache writes exactly,
// byte for byte, what a clean build of the same sources writes; a build with nothing changed renders and
// processes nothing; a damaged cache is a cold build, never a failed one.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { constants as perfConstants, performance, PerformanceObserver } from 'node:perf_hooks';
import { dirname, join, relative } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../renderer/build.ts';
import { CACHE_DIR } from '../renderer/cache/build-cache.ts';
import { pipelineMemoFile } from '../renderer/cache/cli-cache.ts';
import { pipelineKey } from '../renderer/cache/keys.ts';
import { readIndex } from '../renderer/cache/segments.ts';
import { configExportKey } from '../renderer/config/import-config.ts';
import { ValidatedConfigCache } from '../renderer/config/validated-cache.ts';
import { collectGarbage } from '../renderer/free-memory.ts';
import { baseConfig, makeSite, minimalContent, page, REPO, runCli } from './helpers/fixture-site.ts';

const PNG = (n: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, n]);

const uiStrings = (locale: string) => readFileSync(join(REPO, 'i18n', `${locale}.json`), 'utf8');

const content: Record<string, string | Buffer> = {
  ...minimalContent,
  'content/pt-BR/compute/lambda.md': page('AWS Lambda', ':::note\nSem servidores.\n:::\n\n```js title="handler.js"\nexport const handler = async () => 1;\n```\n\n![diagrama](./lambda.png)'),
  'content/en/compute/lambda.md': page('AWS Lambda', ':::note\nNo servers.\n:::\n\n```js title="handler.js"\nexport const handler = async () => 1;\n```\n\n![diagram](./lambda.png)'),
  'content/pt-BR/compute/lambda.png': PNG(1),
  'content/en/compute/lambda.png': PNG(1),
  'content/pt-BR/compute/s3.md': page('Amazon S3', 'Objetos.'),
  'content/en/compute/s3.md': page('Amazon S3', 'Objects.'),
  'i18n/pt-BR.json': uiStrings('pt-BR'),
  'i18n/en.json': uiStrings('en'),
};

const configOf = (extra: Record<string, unknown>) => `export default ${JSON.stringify({ ...baseConfig, ...extra }, null, 2)};\n`;

function edit(root: string, rel: string, change: (text: string) => string): void {
  const file = join(root, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${rel} changes it`).not.toBe(before);
  writeFileSync(file, after);
}

function put(root: string, rel: string, data: string | Buffer): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), data);
}

const buildWith = (root: string, cache: boolean) => build({ root, write: false, ...(cache ? { cacheDir: CACHE_DIR } : {}) });

/** Fails with the names of the files that differ, missing or extra. */
function expectSameOutput(warm: BuildResult, clean: BuildResult, step: string): void {
  const names = new Set([...warm.files.keys(), ...clean.files.keys()]);
  const differ = [...names].filter((n) => {
    const a = warm.files.get(n);
    const b = clean.files.get(n);
    return !a || !b || Buffer.compare(Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array)) !== 0;
  });
  expect(differ, `after "${step}", files the cached build wrote differently from a clean build`).toEqual([]);
}

/** Every file below `dir`, by path relative to it, as base64 (a difference names the file). */
function outputOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out[relative(dir, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name)).toString('base64');
  return out;
}

/** What a clean build (no cache) of the site in `root` writes, into its folder `clean`. */
async function cleanOutput(root: string): Promise<Record<string, string>> {
  await build({ root, outDir: 'clean' });
  return outputOf(join(root, 'clean'));
}

/** A segmented pack's entries (cache/segments.ts): each one's bytes (base64) by key, where its index says. */
function segmentedEntries(dir: string): Map<string, string> {
  const index = readIndex(dir)!;
  return new Map([...index.entries].map(([key, [segment, at, length]]) => [key, readFileSync(join(dir, segment)).subarray(at, at + length).toString('base64')]));
}

/** An edit of the en EC2 page's first sentence, another text each time it is called. */
function enEditor(root: string): () => void {
  let n = 0;
  return () => edit(root, 'content/en/compute/ec2.md', (t) => t.replace(/Virtual machines[^.]*\./, `Virtual machines, edit ${++n}.`));
}

// Most cases here run a dozen builds or more, each checked against a clean one: on a 2-core machine running
// the other test files beside them they take several times their time alone (7–11 s alone, 39–60 s in CI).
describe('build cache', { timeout: 300_000 }, () => {
  it('gives, after each kind of edit, exactly what a clean build gives', async () => {
    const root = makeSite(content);
    const first = await buildWith(root, true);
    expect(first.cache!.pages.rendered).toBeGreaterThan(0);

    const steps: [string, () => void][] = [
      ['nothing', () => undefined],
      ['page content', () => edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.'))],
      // A doc's source is read again only when its state (stat) changed: touched, it is found by its text.
      ['a page touched, its text unchanged', () => utimesSync(join(root, 'content/en/compute/ec2.md'), new Date(), new Date(Date.now() + 60_000))],
      ['a page edited keeping its size and modification time', () => {
        const file = join(root, 'content/en/compute/s3.md');
        const { atime, mtime } = statSync(file);
        edit(root, 'content/en/compute/s3.md', (t) => t.replace('Objects.', 'Objetcs.'));
        utimesSync(file, atime, mtime);
      }],
      ['front matter: title', () => edit(root, 'content/en/compute/s3.md', (t) => t.replace('title: Amazon S3', 'title: Amazon Simple Storage Service'))],
      ['front matter: sidebar_label', () => edit(root, 'content/en/start.md', (t) => t.replace('sidebar_position: 1', 'sidebar_position: 1\nsidebar_label: Begin here'))],
      ['front matter: sidebar_position', () => edit(root, 'content/en/compute/s3.md', (t) => t.replace('---\n\n', 'sidebar_position: 1\n---\n\n'))],
      ['config: title', () => writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed' }))],
      ['config: navbar', () => writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed', themeConfig: { ...baseConfig.themeConfig, navbar: { title: 'Brand', items: [...baseConfig.themeConfig.navbar.items, { href: 'https://aws.amazon.com', label: 'AWS', position: 'right' }] } } }))],
      // The compiled config is kept too: an edit of a file it imports (its own source unchanged) counts.
      ['config: a file it imports', () => {
        put(root, 'config/brand.ts', "export const brand = 'Brand from a module';\n");
        writeFileSync(join(root, 'site.config.ts'), `import { brand } from './config/brand.ts';\nconst config = ${JSON.stringify({ ...baseConfig, title: 'Fixture renamed' }, null, 2)};\nexport default { ...config, themeConfig: { ...config.themeConfig, navbar: { ...config.themeConfig.navbar, title: brand } } };\n`);
      }],
      ['config: an edit of the file it imports', () => edit(root, 'config/brand.ts', (t) => t.replace('Brand from a module', 'Brand, edited'))],
      ['UI strings in i18n/', () => edit(root, 'i18n/en.json', (t) => t.replace(/"theme\.admonition\.note": "[^"]*"/, '"theme.admonition.note": "Remember"').replace(/"Skip to main content"/, '"Skip to the content"'))],
      ['a _category_ file', () => edit(root, 'content/en/compute/_category_.json', (t) => t.replace('"Compute"', '"Computing"'))],
      // Code blocks are kept per doc: an edit of a page's prose takes its block from the cache (shiki is not
      // loaded), an edit of the block itself or of the code theme highlights it again.
      ['prose of a page with code', () => edit(root, 'content/en/compute/lambda.md', (t) => t.replace('No servers.', 'No servers at all.'))],
      ['a code block', () => edit(root, 'content/en/compute/lambda.md', (t) => t.replace('async () => 1', 'async () => 2'))],
      ['config: code theme', () => writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed', themeConfig: { ...baseConfig.themeConfig, code: { theme: { light: 'min-light', dark: 'min-dark' } } } }))],
      ['an image a page shows', () => put(root, 'content/en/compute/lambda.png', PNG(2))],
      ['a deleted page (its translation stands in)', () => rmSync(join(root, 'content/en/compute/lambda.md'))],
      ['a deleted page', () => rmSync(join(root, 'content/pt-BR/compute/s3.md'))],
      ['an added page', () => put(root, 'content/en/compute/ebs.md', page('Amazon EBS', 'Block storage, next to [EC2](./ec2.md).'))],
      // Another page links to EC2 by its file: the link's URL follows EC2's slug.
      ['front matter: slug of a page linked to by file', () => edit(root, 'content/en/compute/ec2.md', (t) => t.replace('---\n\n', 'slug: /compute/elastic-compute\n---\n\n'))],
      // The linking page's HTML is again the one the cache stored (its route chunk is keyed by the doc's key).
      ['front matter: that slug removed again', () => edit(root, 'content/en/compute/ec2.md', (t) => t.replace('slug: /compute/elastic-compute\n', ''))],
      ['a template the site brings', () => put(root, 'templates/pages/home.tsx', 'export default function Home() {\n  return <main><h1>Our home</h1></main>;\n}\n')],
      ['an edit of that template', () => edit(root, 'templates/pages/home.tsx', (t) => t.replace('Our home', 'Our new home'))],
    ];
    for (const [step, change] of steps) {
      change();
      const warm = await buildWith(root, true);
      const clean = await buildWith(root, false);
      expectSameOutput(warm, clean, step);
      if (step === 'nothing') {
        const pages = Object.values(warm.pagesPerLocale).reduce((a, b) => a + b, 0);
        const chunks = warm.table.routes.filter((r) => r.data.kind !== 'notFound').length;
        expect(warm.cache).toEqual({ pages: { rendered: 0, cached: pages }, docs: { processed: 0, cached: 8 }, code: { cached: 0, highlighted: 0 }, search: { built: 0, cached: 2, updated: 0 }, searchPages: { cached: 0, analysed: 0 }, chunks: { made: 0, cached: chunks }, links: { cached: 0, scanned: pages }, linkCheck: { cached: 0, checked: 1 }, linkPages: { cached: 0, checked: pages } });
        // (Link check run: a build into memory keeps no output, nor the link check that goes with it; test/link-check-memo.test.ts.)
      }
      // One page's text: that page alone is processed, rendered and analysed for search again, and its route
      // chunk made again; its locale's index is updated from the last build's (search/index-update.ts: only
      // that page's postings redone) and is a clean build's, as every file is.
      if (step === 'a page touched, its text unchanged') expect(warm.cache!.docs.processed).toBe(0);
      if (step === 'a page edited keeping its size and modification time') expect(warm.cache!.docs.processed).toBe(1);
      if (step === 'prose of a page with code') expect(warm.cache!.code).toEqual({ cached: 1, highlighted: 0 });
      if (step === 'a code block') expect(warm.cache!.code).toEqual({ cached: 0, highlighted: 1 });
      // Every doc is processed again (the theme is part of each doc's job), and every block highlighted.
      if (step === 'config: code theme') expect(warm.cache!.code).toEqual({ cached: 0, highlighted: 2 });
      if (step === 'page content') {
        expect({ rendered: warm.cache!.pages.rendered, processed: warm.cache!.docs.processed, chunks: warm.cache!.chunks.made }).toEqual({ rendered: 1, processed: 1, chunks: 1 });
        expect({ search: warm.cache!.search, searchPages: warm.cache!.searchPages }).toEqual({ search: { built: 1, cached: 1, updated: 1 }, searchPages: { analysed: 1, cached: 3 } });
      }
    }
  });

  // Workers exist only in the compiled CLI. A cold build on two threads highlights on the worker; the blocks
  // must still reach the cache, whichever thread processed the doc, or the first prose edit after a cold
  // build would load shiki again.
  for (const [where, env] of [
    ['the main thread processes the docs, the worker highlights', {}],
    ['the worker processes the docs', { CHEATSHEET_SHARE_MARKDOWN_FROM: '1' }],
  ] as const) {
    it(`after a cold build on two threads (${where}), a prose edit takes its code from the cache, and so does a build that processes every doc again`, () => {
      const root = makeSite(content);
      const cli = (args: string[], threads: number) => {
        const r = runCli(['build', '--root', root, ...args], root, { CHEATSHEET_THREADS: String(threads), CHEATSHEET_DEBUG_POOL: '1', ...env });
        expect(r.status, r.stderr).toBe(0);
        return r;
      };
      const cold = cli([], 2);
      // The pool really ran on two threads (the debug lines name them).
      expect(cold.stderr).toMatch(/process 8 docs on 2 thread\(s\)/);
      // The block is the same in both locales: highlighted once, kept for each of its two docs.
      expect(cold.stdout).toContain('(code blocks 2 highlighted, 0 from cache)');
      edit(root, 'content/en/compute/lambda.md', (t) => t.replace('No servers.', 'No servers at all.'));
      const warm = cli([], 2);
      expect(warm.stdout).toContain('docs 1 processed, 7 from cache (code blocks 0 highlighted, 1 from cache)');
      cli(['--no-cache', '--out-dir', 'clean'], 2);
      expect(outputOf(join(root, 'build'))).toEqual(outputOf(join(root, 'clean')));
      // A file added: every doc is processed again, on two threads, but the blocks are those of last time.
      put(root, 'content/en/compute/ebs.md', page('Amazon EBS', 'Block storage.'));
      const added = cli([], 2);
      expect(added.stderr).toMatch(/process 9 docs on 2 thread\(s\)/);
      expect(added.stdout).toContain('docs 9 processed, 0 from cache (code blocks 0 highlighted, 2 from cache)');
      cli(['--no-cache', '--out-dir', 'clean'], 2);
      expect(outputOf(join(root, 'build'))).toEqual(outputOf(join(root, 'clean')));
    });
  }

  it('a build with nothing changed renders nothing, and says so', () => {
    const root = makeSite(minimalContent);
    const first = runCli(['build', '--root', root]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/cache: pages \d+ rendered, 0 from cache/);
    const again = runCli(['build', '--root', root]);
    expect(again.status, again.stderr).toBe(0);
    const pages = Number(/Built (\d+) pages/.exec(again.stdout)![1]);
    expect(again.stdout).toContain(`cache: pages 0 rendered, ${pages} from cache; docs 0 processed, 4 from cache`);
    const clean = runCli(['build', '--root', root, '--no-cache']);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).not.toContain('cache:');
  });

  it('a build with nothing changed writes no page or route chunk (it keeps the files), and after each kind of edit or a hand edit of the output its output is what a clean build writes', async () => {
    const root = makeSite(content);
    const out = join(root, 'build');
    const into = () => build({ root, cacheDir: CACHE_DIR });
    const clean = () => cleanOutput(root);
    const inodes = () => Object.fromEntries(Object.keys(outputOf(out)).map((rel) => [rel, statSync(join(out, rel)).ino]));
    await into();
    // The second and third builds have no folder to reuse: they keep the output's files where they are.
    for (let i = 0; i < 2; i++) {
      const before = inodes();
      await into();
      const after = inodes();
      const pagesAndChunks = Object.keys(after).filter((rel) => rel.endsWith('.html') || rel.startsWith('assets/pages/'));
      expect(pagesAndChunks.length).toBeGreaterThan(20);
      expect(pagesAndChunks.filter((rel) => after[rel] !== before[rel]), 'files written again').toEqual([]);
      expect(outputOf(out)).toEqual(await clean());
    }
    const steps: [string, () => void][] = [
      ['page content', () => edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.'))],
      ['front matter: title', () => edit(root, 'content/en/compute/s3.md', (t) => t.replace('title: Amazon S3', 'title: Amazon Simple Storage Service'))],
      ['config: title', () => writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed' }))],
      ['UI strings in i18n/', () => edit(root, 'i18n/en.json', (t) => t.replace(/"Skip to main content"/, '"Skip to the content"'))],
      ['a deleted page', () => rmSync(join(root, 'content/pt-BR/compute/s3.md'))],
      ['an added page', () => put(root, 'content/en/compute/ebs.md', page('Amazon EBS', 'Block storage, next to [EC2](./ec2.md).'))],
      ['a template the site brings', () => put(root, 'templates/pages/home.tsx', 'export default function Home() {\n  return <main><h1>Our home</h1></main>;\n}\n')],
      ['nothing (after the edits)', () => undefined],
      // By hand, in place: the output's file is also the one the next build reuses (one file, two names).
      ['a page of the output edited by hand', () => appendFileSync(join(out, 'docs/compute/ec2.html'), '<!-- edited -->')],
      ['a route chunk of the output edited by hand', () => appendFileSync(join(out, readdirSync(join(out, 'assets/pages')).map((f) => `assets/pages/${f}`)[0]!), '// edited')],
      ['a page of the folder the next build reuses, edited by hand', () => writeFileSync(join(root, '.build.previous/docs/compute/s3.html'), 'edited')],
      ['nothing (after the hand edits)', () => undefined],
      // Every route chunk is then named from the cache, and its code made again (the cache keeps no code).
      ['the output and the folder the next build reuses, deleted', () => ['build', '.build.previous'].forEach((d) => rmSync(join(root, d), { recursive: true, force: true }))],
    ];
    for (const [step, change] of steps) {
      change();
      const before = existsSync(out) ? inodes() : {};
      const result = await into();
      const rewritten = Object.entries(inodes()).filter(([rel, ino]) => rel.endsWith('.html') && before[rel] !== ino).map(([rel]) => rel).sort();
      // The pages kept by the builds with nothing changed kept their markup in the cache too.
      if (step === 'page content') expect(result.cache!.pages.rendered).toBe(1);
      // No other page is made again, scanned again or written again: what an edit of a page's text changes
      // that every page of its locale depends on (the route manifest, the search entry) keeps its name.
      if (step === 'page content') expect(result.cache!.links).toEqual({ scanned: 1, cached: result.table.routes.length - 1 });
      if (step === 'page content') expect(rewritten, 'pages written again').toEqual(['docs/compute/ec2.html']);
      // A title is in every page of its locale (the sidebar): they are all made again, the other locale's none.
      if (step === 'front matter: title') {
        const english = Object.keys(before).filter((rel) => rel.endsWith('.html') && !rel.startsWith('pt-BR/'));
        expect(rewritten, 'pages written again').toEqual(english.sort());
      }
      if (step.startsWith('the output and')) expect(result.cache!.chunks).toMatchObject({ made: 0, cached: result.table.routes.filter((r) => r.data.kind !== 'notFound').length });
      const [got, want] = [outputOf(out), await clean()];
      expect(Object.keys(got).filter((rel) => got[rel] !== want[rel]), `after "${step}", files that differ from a clean build's`).toEqual([]);
      expect(got, `after "${step}"`).toEqual(want);
    }
  });

  it('a build with nothing changed since the last one runs no stage (its record of what the last build read and wrote says so), and after each kind of change runs them; its output is always a clean build\'s', () => {
    const root = makeSite(content);
    const out = join(root, 'build');
    // Clean builds go outside the site: a folder in it is a file of the site, a change.
    const cleanDir = mkdtempSync(join(tmpdir(), 'cheatsheet-clean-'));
    let changed = Date.now();
    const cli = (args: string[] = [], env: Record<string, string> = {}) => {
      const r = runCli(['build', '--root', root, ...args], root, env);
      expect(r.status, r.stderr).toBe(0);
      return r;
    };
    /** Builds; whether nothing ran (the record answered); fails unless the output is a clean build's. */
    let cachedBuildEnded = 0;
    const kept = (step: string, args: string[] = [], env: Record<string, string> = {}) => {
      const r = cli(args, env);
      cachedBuildEnded = Date.now();
      cli(['--no-cache', '--out-dir', cleanDir], env);
      const [got, want] = [outputOf(out), outputOf(cleanDir)];
      expect(Object.keys(got).filter((rel) => got[rel] !== want[rel]), `after "${step}", files that differ from a clean build's`).toEqual([]);
      expect(got, `after "${step}"`).toEqual(want);
      return r.stdout.includes('nothing changed since the last build');
    };
    // A file changed less than 3 s before a build may change again without a new state (coarse file times):
    // then the build leaves no record, unless the build cache hashed the file (a doc).
    const settle = () => {
      while (Date.now() < changed + 3100) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, changed + 3100 - Date.now());
    };
    const change = (fn: () => void) => {
      fn();
      changed = Date.now();
    };
    // A build that began 3 s or more after the last change rightly leaves a record: on a loaded machine Node can take
    // that long to start. Only a build that ended within 2.5 s of the change surely began within 3 s of it.
    const surelyBegunRightAfter = (ended: number) => ended < changed + 2500;
    cli();
    const firstBegunRightAfter = surelyBegunRightAfter(Date.now());
    settle();
    const first = kept('nothing, the first time (the sources were new)');
    if (firstBegunRightAfter) expect(first, 'the last build left no record').toBe(false);
    const again = cli();
    expect(again.stdout).toContain('nothing changed since the last build: its output is kept as it is');
    expect(again.stdout).toMatch(/phases: unchanged \d+ ms\n/);
    const pages = Object.keys(outputOf(out)).filter((rel) => rel.endsWith('.html')).length;
    expect(again.stdout).toContain(`cache: pages 0 rendered, ${pages} from cache; docs 0 processed, 8 from cache`);
    expect(kept('nothing')).toBe(true);

    // Docs: the build cache hashed what it read, so even an edit just made leaves a record.
    change(() => edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.')));
    expect(kept('page content')).toBe(false);
    expect(kept('nothing after page content')).toBe(true);
    change(() => edit(root, 'content/en/compute/s3.md', (t) => t.replace('title: Amazon S3', 'title: Amazon Simple Storage Service')));
    expect(kept('front matter')).toBe(false);
    change(() => put(root, 'content/en/compute/lambda.png', PNG(3)));
    expect(kept('an image a page shows')).toBe(false);
    const imageBuildBegunRightAfter = surelyBegunRightAfter(cachedBuildEnded);
    settle();
    const afterImage = kept('nothing after the image');
    if (imageBuildBegunRightAfter) expect(afterImage, 'the image was new: no record').toBe(false);
    expect(kept('nothing, later')).toBe(true);
    // The output: repaired.
    appendFileSync(join(out, 'docs/compute/ec2.html'), '<!-- edited -->');
    expect(kept('a page of the output edited by hand')).toBe(false);
    rmSync(join(out, 'docs/compute/s3.html'));
    expect(kept('a page of the output deleted')).toBe(false);
    writeFileSync(join(out, 'extra.html'), 'not ours');
    expect(kept('a file added to the output')).toBe(false);
    expect(kept('nothing after the output was repaired')).toBe(true);
    expect(kept('--no-cache', ['--no-cache']), '--no-cache builds everything').toBe(false);
    expect(kept('nothing after a build without the cache (the output is another)')).toBe(false);
    expect(kept('--strict', ['--strict'])).toBe(false);
    expect(kept('where the site is published', [], { CHEATSHEET_URL: 'https://docs.example.org' })).toBe(false);
    expect(kept('nothing after the published URL changed', [], { CHEATSHEET_URL: 'https://docs.example.org' })).toBe(true);
    expect(kept('the published URL as before')).toBe(false);
    // `hashed`: a doc, which the build cache hashed as it read it; any other file leaves no record until it settles.
    for (const [step, hashed, fn] of [
      ['config', false, () => writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed' }))],
      ['a _category_ file', false, () => edit(root, 'content/en/compute/_category_.json', (t) => t.replace('"Compute"', '"Computing"'))],
      ['UI strings in i18n/', false, () => edit(root, 'i18n/en.json', (t) => t.replace(/"Skip to main content"/, '"Skip to the content"'))],
      ['a translation added', true, () => put(root, 'content/pt-BR/compute/ebs.md', page('Amazon EBS', 'Discos.'))],
      ['a template the site brings', false, () => put(root, 'templates/pages/home.tsx', 'export default function Home() {\n  return <main><h1>Our home</h1></main>;\n}\n')],
      ['a file of the site no stage reads', false, () => put(root, 'notes.txt', 'a note')],
    ] as const) {
      settle();
      // (Leaves a record if the last build did not: it may have run before the last change had settled.)
      cli();
      expect(cli().stdout, `before "${step}"`).toContain('nothing changed since the last build');
      change(fn);
      expect(kept(step)).toBe(false);
      const begunRightAfter = surelyBegunRightAfter(cachedBuildEnded);
      const answered = kept(`nothing, right after "${step}"`);
      // (A file the build cache hashed leaves a record however soon the build began after its change.)
      if (hashed || begunRightAfter) expect(answered, `right after "${step}"`).toBe(hashed);
    }
    settle();
    // (Taken or not, depending on whether the build right after the last change already found it settled.)
    kept('nothing, at last');
    expect(kept('nothing, at last, again')).toBe(true);
  }, 600_000);

  it('a build with nothing changed does not load React (it renders no page); one with a page to render does, and reports a broken page module', () => {
    const root = makeSite(minimalContent);
    // Outside the site (a file in it would change the site's file list): lists, at exit, the modules loaded.
    const probeDir = mkdtempSync(join(tmpdir(), 'cheatsheet-probe-'));
    const probe = join(probeDir, 'probe.cjs');
    writeFileSync(probe, "process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, JSON.stringify(Object.keys(require.cache))));\n");
    const reactLoaded = () => {
      const out = join(probeDir, 'loaded.json');
      // On the main thread, whose require.cache the probe lists (a cold build would run on a build thread).
      const r = runCli(['build', '--root', root], root, { NODE_OPTIONS: `--require ${probe}`, PROBE_OUT: out, CHEATSHEET_BUILD_THREAD: '0' });
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(readFileSync(out, 'utf8')) as string[]).some((f) => f.includes('react-dom'));
    };
    expect(reactLoaded(), 'a cold build').toBe(true);
    expect(reactLoaded(), 'nothing changed').toBe(false);
    edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.'));
    expect(reactLoaded(), 'a page changed').toBe(true);
    // The templates are imported when a page is rendered: a page module without a default export still fails.
    put(root, 'templates/pages/home.tsx', 'export const Home = () => null;\n');
    const broken = runCli(['build', '--root', root], root);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('templates/pages/home.tsx has no default export');
  });

  it("a warm build takes the footer's date from the cache: Intl formats it again only when the date changes", async () => {
    const configWith = (lastUpdated: string) => configOf({ themeConfig: { ...baseConfig.themeConfig, footer: { ...baseConfig.themeConfig.footer, lastUpdated } } });
    const root = makeSite({ ...minimalContent, 'site.config.ts': configWith('2025-06-25') });
    // Formatters are kept per language (renderer/shared/date-format.ts), so what is counted is each date
    // formatted, not each formatter made: `format` is a getter on the prototype.
    const proto = Intl.DateTimeFormat.prototype;
    const real = Object.getOwnPropertyDescriptor(proto, 'format')!;
    let made = 0;
    const counting = async (run: () => Promise<BuildResult>) => {
      made = 0;
      Object.defineProperty(proto, 'format', {
        ...real,
        get(this: Intl.DateTimeFormat) {
          made++;
          return real.get!.call(this) as Intl.DateTimeFormat['format'];
        },
      });
      try {
        return await run();
      } finally {
        Object.defineProperty(proto, 'format', real);
      }
    };
    const footerDates = (result: BuildResult) => [...result.siteData.values()].map((s) => s.footer.lastUpdated);
    const cold = await counting(() => buildWith(root, true));
    expect(made, 'a cold build').toBeGreaterThan(0);
    const warm = await counting(() => buildWith(root, true));
    expect(made, 'nothing changed').toBe(0);
    expect(footerDates(warm)).toEqual(footerDates(cold));
    expect(footerDates(warm).every((d) => d?.includes('2025'))).toBe(true);
    writeFileSync(join(root, 'site.config.ts'), configWith('2026-01-31'));
    const changed = await counting(() => buildWith(root, true));
    expect(made, 'the date changed').toBeGreaterThan(0);
    expectSameOutput(changed, await buildWith(root, false), 'the date changed');
    expect(footerDates(changed).every((d) => d?.includes('2026'))).toBe(true);
  });

  it('a warm build forces no full garbage collection unless most pages are left to render', async () => {
    const root = makeSite(content);
    // A collection of the test's own marks the end: GC entries arrive in order, after the fact, so once
    // the mark's entry is in, every collection of the build has been seen.
    const forced = async (run: () => Promise<unknown>) => {
      const seen: { start: number; flags: number }[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ start: e.startTime, flags: (e as PerformanceEntry & { detail: { flags: number } }).detail.flags });
      });
      observer.observe({ entryTypes: ['gc'] });
      let mark = 0;
      try {
        await run();
        mark = performance.now();
        collectGarbage();
        while (!seen.some((e) => e.start >= mark)) await new Promise((r) => setImmediate(r));
      } finally {
        observer.disconnect();
      }
      return seen.filter((e) => e.start < mark && e.flags & perfConstants.NODE_PERFORMANCE_GC_FLAGS_FORCED).length;
    };
    const into = () => build({ root, cacheDir: CACHE_DIR });
    expect(await forced(into), 'a cold build').toBeGreaterThan(0);
    expect(await forced(into), 'nothing changed').toBe(0);
    edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.'));
    expect(await forced(into), 'a page changed').toBe(0);
    // Every page to render again (the site's title is on each): as a cold build does.
    writeFileSync(join(root, 'site.config.ts'), configOf({ title: 'Fixture renamed' }));
    expect(await forced(into), 'the config changed').toBeGreaterThan(0);
  });

  it('a build into a folder inside the site does not count its own output as a change of the site', async () => {
    const root = makeSite(minimalContent);
    mkdirSync(join(root, 'out'));
    const into = (outDir: string) => build({ root, outDir, cacheDir: CACHE_DIR });
    await into('out/site');
    // A build without the cache swaps a new output in and leaves the first one's beside it (out/.site.previous),
    // which the builds after it reuse: none of them counts it, or the output, as a change of the site.
    await build({ root, outDir: 'out/site' });
    for (let i = 0; i < 2; i++) expect((await into('out/site')).cache).toMatchObject({ docs: { processed: 0 }, pages: { rendered: 0 } });
    expect(readdirSync(join(root, 'out'))).toContain('.site.previous');
  });

  it('a failed build leaves the cache as the last successful build left it (its new entries are staged, then dropped)', async () => {
    const root = makeSite(content);
    await buildWith(root, true);
    const dir = join(root, CACHE_DIR);
    const snapshot = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => `${join(e.parentPath, e.name)} ${readFileSync(join(e.parentPath, e.name)).toString('base64')}`).sort();
    const before = snapshot();
    // Processed and rendered (new entries made and written), then the link check fails the build.
    edit(root, 'content/en/compute/s3.md', (t) => t.replace('Objects.', 'Objects, see [nowhere](/aws-cheatsheet/docs/nowhere).'));
    await expect(buildWith(root, true)).rejects.toThrow(/broken link/);
    expect(snapshot()).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['chunks', 'code', 'config', 'docs', 'output', 'pages', 'search', 'search-buckets', 'search-keys', 'search-pages', 'search-parts', 'sources', 'text', 'theme-client.json', 'theme-ssr.json']);
    // Fixed: the page is processed again (nothing of the failed build was kept), the rest comes from the cache.
    edit(root, 'content/en/compute/s3.md', (t) => t.replace(', see [nowhere](/aws-cheatsheet/docs/nowhere).', ', fixed.'));
    const fixed = await buildWith(root, true);
    expect(fixed.cache).toMatchObject({ docs: { processed: 1 }, pages: { rendered: 1 } });
    expectSameOutput(fixed, await buildWith(root, false), 'a fixed page after a failed build');
  });

  it('reads no further than its head an index whose files the output holds; one damaged past its head is made again when needed', async () => {
    const root = makeSite(content);
    const out = join(root, 'build');
    const into = () => build({ root, cacheDir: CACHE_DIR });
    const clean = () => cleanOutput(root);
    await into();
    const dir = join(root, CACHE_DIR, 'search');
    const entries = readdirSync(dir).filter((f) => f !== 'pipeline');
    expect(entries.length).toBeGreaterThan(1);
    // Each entry cut short just past its head (its first piece, after the 4-byte mark and its length): the
    // files it holds no longer read back.
    for (const f of entries) truncateSync(join(dir, f), 8 + readFileSync(join(dir, f)).readUInt32LE(4) + 10);
    // The output holds every index file: none is read, so none is found damaged or made again.
    expect((await into()).cache).toMatchObject({ search: { cached: entries.length, built: 0 } });
    expect(outputOf(out)).toEqual(await clean());
    // Now the output lacks them: read, found damaged, made again (not a failure), as a clean build makes them.
    rmSync(join(out, 'assets', 'search'), { recursive: true });
    expect((await into()).cache).toMatchObject({ search: { built: entries.length } });
    expect(outputOf(out)).toEqual(await clean());
    // Kept whole in the cache in their place: read back whole when the output lacks them again.
    rmSync(join(out, 'assets', 'search'), { recursive: true });
    expect((await into()).cache).toMatchObject({ search: { cached: entries.length, built: 0 } });
    expect(outputOf(out)).toEqual(await clean());
  });

  it("keeps the pages' search terms in buckets: a one-page edit writes only its buckets; a damaged or missing bucket's pages are analysed again, never a failure", async () => {
    const root = makeSite(content);
    await buildWith(root, true);
    const dir = join(root, CACHE_DIR, 'search-buckets');
    // The buckets are kept in segments (cache/segments.ts).
    const buckets = () => segmentedEntries(dir);
    const before = buckets();
    expect(before.size).toBeGreaterThan(2);
    edit(root, 'content/en/compute/ec2.md', (t) => t.replace('Virtual machines.', 'Virtual machines, billed by the second.'));
    const warm = await buildWith(root, true);
    expectSameOutput(warm, await buildWith(root, false), 'one page edited');
    expect(warm.cache).toMatchObject({ search: { updated: 1 }, searchPages: { analysed: 1 } });
    // The page's old and new keys fall in one or two buckets: only those are new; every other is as it was,
    // and no bucket of the last build is left that this one does not name.
    const after = buckets();
    const made = [...after.keys()].filter((f) => !before.has(f));
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(2);
    for (const [f, bytes] of after) if (!made.includes(f)) expect(bytes).toBe(before.get(f));
    expect(after.size).toBeLessThanOrEqual(before.size + 1);
    // Every bucket damaged (the newest segment removed, the others cut short), a page of each locale edited:
    // their pages are analysed again, and every bucket is written again whole (none is kept as it was found).
    const segments = [...readIndex(dir)!.segments.keys()];
    expect(segments.length).toBeGreaterThanOrEqual(1);
    rmSync(join(dir, segments.at(-1)!));
    for (const f of segments.slice(0, -1)) truncateSync(join(dir, f), 12);
    edit(root, 'content/en/compute/ec2.md', (t) => t.replace('billed by the second.', 'billed by the second, edited again.'));
    edit(root, 'content/pt-BR/compute/ec2.md', (t) => t.replace('Máquinas virtuais.', 'Máquinas virtuais, editadas.'));
    const damaged = await buildWith(root, true);
    expectSameOutput(damaged, await buildWith(root, false), 'damaged buckets');
    expect(damaged.cache!.searchPages.analysed).toBeGreaterThan(2);
    expect([...buckets().values()].filter((bytes) => Buffer.from(bytes, 'base64').length <= 12)).toEqual([]);
    expect(readIndex(dir)!.segments.size, 'one segment: nothing of the damaged ones kept').toBe(1);
    // Written again whole: the next edit analyses its page alone.
    edit(root, 'content/en/compute/ec2.md', (t) => t.replace('edited again.', 'edited a third time.'));
    const repaired = await buildWith(root, true);
    expectSameOutput(repaired, await buildWith(root, false), 'repaired buckets');
    expect(repaired.cache).toMatchObject({ search: { updated: 1 }, searchPages: { analysed: 1 } });
  });

  it("keeps the indexes' parts as entries of their own: a one-page edit writes only the parts it changes; a part that does not read back is written again, never a failure", async () => {
    const root = makeSite(content);
    const cold = await buildWith(root, true);
    const dir = join(root, CACHE_DIR, 'search-parts');
    const parts = () => segmentedEntries(dir);
    const before = parts();
    // One entry per shard and chunk of every locale's index (the entries hold the index's JSON, not its parts).
    const files = [...cold.files.keys()].filter((f) => /^assets\/search\/[^/]+\/[^/]+\.json$/.test(f));
    expect(before.size).toBe(files.length);
    expect(files.length).toBeGreaterThan(2);
    const editEn = enEditor(root);
    editEn();
    const warm = await buildWith(root, true);
    expectSameOutput(warm, await buildWith(root, false), 'one page edited');
    expect(warm.cache).toMatchObject({ search: { built: 1, updated: 1 }, searchPages: { analysed: 1 } });
    // Only the parts the edit changed are new (its chunk and the shards of its terms); the others are kept as
    // they were, and the parts gone from the index are dropped.
    const after = parts();
    const made = [...after.keys()].filter((k) => !before.has(k));
    const changed = [...warm.files.keys()].filter((f) => f.startsWith('assets/search/en/') && !cold.files.has(f));
    expect(made.length).toBe(changed.length);
    expect(made.length).toBeGreaterThanOrEqual(1);
    // (No part of another locale is written again.)
    expect(made.length).toBeLessThanOrEqual(files.filter((f) => f.startsWith('assets/search/en/')).length);
    for (const [k, bytes] of after) if (!made.includes(k)) expect(bytes).toBe(before.get(k));
    expect(after.size).toBe([...warm.files.keys()].filter((f) => /^assets\/search\/[^/]+\/[^/]+\.json$/.test(f)).length);
    // Every part damaged (the newest segment removed, the others cut short), a page edited: the index is
    // assembled from the kept terms (its parts do not read back) and each part is written again.
    const segments = [...readIndex(dir)!.segments.keys()];
    rmSync(join(dir, segments.at(-1)!));
    for (const f of segments.slice(0, -1)) truncateSync(join(dir, f), 12);
    editEn();
    const damaged = await buildWith(root, true);
    expectSameOutput(damaged, await buildWith(root, false), 'damaged parts');
    // (Every locale's index: this build writes into memory, so each locale's files are read, found damaged.)
    expect(damaged.cache).toMatchObject({ search: { built: Object.keys(damaged.pagesPerLocale).length, updated: 0 }, searchPages: { analysed: 1 } });
    // Written again: the next edit updates the index from them.
    editEn();
    const repaired = await buildWith(root, true);
    expectSameOutput(repaired, await buildWith(root, false), 'repaired parts');
    expect(repaired.cache).toMatchObject({ search: { built: 1, updated: 1 }, searchPages: { analysed: 1 } });
  });

  it('keeps the segmented packs bounded over many one-page edits: a few files each, below about twice the cold cache', async () => {
    const root = makeSite(content);
    await buildWith(root, true);
    const dir = join(root, CACHE_DIR);
    const kinds = ['pages', 'docs', 'code', 'search-buckets', 'search-parts'];
    const bytesOf = (kind: string) => readdirSync(join(dir, kind)).reduce((n, f) => n + statSync(join(dir, kind, f)).size, 0);
    const cold = new Map(kinds.map((k) => [k, bytesOf(k)]));
    for (let n = 1; n <= 12; n++) {
      // Two pages of two locales in turn: each build leaves the other's entries live in an older segment.
      if (n % 2) edit(root, 'content/en/compute/ec2.md', (t) => t.replace(/Virtual machines[^.]*\./, `Virtual machines, edit ${n}.`));
      else edit(root, 'content/pt-BR/compute/s3.md', (t) => t.replace(/Objetos[^.]*\./, `Objetos, edição ${n}.`));
      await buildWith(root, true);
      for (const kind of kinds) {
        expect(readdirSync(join(dir, kind)).length, `${kind} after edit ${n}: pipeline, index, two segments at most`).toBeLessThanOrEqual(4);
        expect(bytesOf(kind), `${kind} after edit ${n}`).toBeLessThanOrEqual(2 * cold.get(kind)! + 1024 * 1024);
      }
    }
    expectSameOutput(await buildWith(root, true), await buildWith(root, false), 'twelve one-page edits');
  });

  it("a doc's entry is read as far as its first piece, and one cut short past it is a miss, not a failed build", async () => {
    const root = makeSite(content);
    const clean = await buildWith(root, false);
    await buildWith(root, true);
    const dir = join(root, CACHE_DIR);
    const entries = (kind: string) => readdirSync(join(dir, kind)).filter((f) => f !== 'pipeline');
    // Each doc's entry loses its last byte (in its sections, past the first piece a lookup reads), and every
    // page is rendered again, so each doc's HTML is asked for: a lookup that took such an entry fails then.
    for (const f of entries('docs')) truncateSync(join(dir, 'docs', f), statSync(join(dir, 'docs', f)).size - 1);
    for (const f of entries('pages')) writeFileSync(join(dir, 'pages', f), 'not a cache entry');
    const cut = await buildWith(root, true);
    expectSameOutput(cut, clean, 'docs cut short');
    expect(cut.cache).toMatchObject({ docs: { cached: 0, processed: 8 }, pages: { cached: 0 } });
    const again = await buildWith(root, true);
    expectSameOutput(again, clean, 'docs written again');
    expect(again.cache).toMatchObject({ docs: { cached: 8, processed: 0 } });
  });

  it("keeps the index's parts once, in the index entry its terms' head names: that entry missing, cut short or an older one, the index is assembled from the kept terms, never a failure", async () => {
    const root = makeSite(content);
    const cold = await buildWith(root, true);
    const cache = join(root, CACHE_DIR);
    const entries = (kind: string) => readdirSync(join(cache, kind)).filter((f) => f !== 'pipeline');
    const search = (f: string) => join(cache, 'search', f);
    // Each locale's index entry of the cold build (pt-BR's keeps its name: its records never change).
    const coldEntries = new Map(entries('search').map((f) => [f, readFileSync(search(f))]));
    // No part of an index is in a terms head (a part of plain ASCII is stored as its bytes: it would be found).
    const ascii = [...cold.files].map(([f, data]) => [f, Buffer.from(data as Uint8Array)] as const).filter(([f, bytes]) => f.startsWith('assets/search/en/') && bytes.every((b) => b >= 0x20 && b < 0x7f));
    expect(ascii.length).toBeGreaterThan(0);
    const heads = entries('search-pages').map((f) => readFileSync(join(cache, 'search-pages', f)));
    expect(heads.length).toBe(2);
    for (const [file, bytes] of ascii) for (const head of heads) expect(head.includes(bytes), file).toBe(false);
    // The parts come from the index entry: a one-page edit updates the index.
    const editEn = enEditor(root);
    editEn();
    const updated = await buildWith(root, true);
    expectSameOutput(updated, await buildWith(root, false), 'one page edited');
    expect(updated.cache).toMatchObject({ search: { built: 1, updated: 1 }, searchPages: { analysed: 1 } });
    // What each damage does to the entries (`all`); how many indexes are then made.
    const damages: [string, (all: string[]) => void, number][] = [
      ['missing', (all) => all.forEach((f) => rmSync(search(f))), 2],
      ['cut short past its head', (all) => all.forEach((f) => truncateSync(search(f), 8 + readFileSync(search(f)).readUInt32LE(4) + 10)), 2],
      // The en entry the head names holds en's index of the cold build: it reads back, but not with the parts
      // the head's index names.
      [
        'an older index',
        (all) => {
          const now = all.find((f) => !coldEntries.has(f))!;
          writeFileSync(search(now), [...coldEntries].find(([f]) => !all.includes(f))![1]);
        },
        1,
      ],
    ];
    for (const [what, damage, made] of damages) {
      const all = entries('search');
      expect(all.length).toBe(2);
      damage(all);
      editEn();
      const built = await buildWith(root, true);
      expectSameOutput(built, await buildWith(root, false), `index entries ${what}`);
      // Each damaged locale's index is made again, from the kept terms: only the edited page is analysed, and
      // no index is updated (its parts are not there).
      expect(built.cache, what).toMatchObject({ search: { built: made, updated: 0 }, searchPages: { analysed: 1 } });
      // Written again whole: the next edit updates the index.
      editEn();
      const next = await buildWith(root, true);
      expectSameOutput(next, await buildWith(root, false), `after index entries ${what}`);
      expect(next.cache, what).toMatchObject({ search: { built: 1, updated: 1 }, searchPages: { analysed: 1 } });
    }
  });

  it('takes the config an earlier build validated only for the very same export', async () => {
    const root = makeSite(content);
    const configFile = join(root, 'site.config.ts');
    const exportOf = (extra: Record<string, unknown>) => configExportKey(JSON.parse(JSON.stringify({ ...baseConfig, ...extra })))!;
    const validated = new ValidatedConfigCache(join(root, CACHE_DIR), pipelineKey(), configFile);
    await buildWith(root, true);
    const kept = validated.get(exportOf({}));
    expect(kept, 'the build kept the config it validated').toBeDefined();
    // Planted: an entry of the right key whose config differs, to tell a taken entry from a fresh validation.
    validated.remember(exportOf({}), { ...kept!, title: 'Title from the cache' });
    validated.keep();
    const titles = (r: BuildResult) => [...r.files.values()].filter((f) => Buffer.from(f as Uint8Array).includes('Title from the cache')).length;
    // Other bytes, the same export: taken (whatever else the build does, it does with the kept config).
    writeFileSync(configFile, `// A comment changes the file, not its export.\n${configOf({})}`);
    expect(titles(await buildWith(root, true)), 'the kept config was taken').toBeGreaterThan(0);
    // Other bytes, another export: validated afresh, exactly as a clean build.
    writeFileSync(configFile, configOf({ title: 'Fixture renamed' }));
    const renamed = await buildWith(root, true);
    expect(titles(renamed)).toBe(0);
    expectSameOutput(renamed, await buildWith(root, false), 'a config edit after a planted entry');
    // The same bytes, another export (the config reads the environment): validated afresh. In processes of
    // their own, as the CLI runs (a process imports the config's code once).
    writeFileSync(configFile, `export default { ...${JSON.stringify(baseConfig)}, title: process.env.CHEATSHEET_TEST_TITLE ?? 'From the file' };\n`);
    for (const env of [{ CHEATSHEET_TEST_TITLE: 'From the environment' }, {}] as Record<string, string>[]) {
      expect(runCli(['build', '--root', root, '--out-dir', 'warm'], root, env).status).toBe(0);
      expect(runCli(['build', '--root', root, '--out-dir', 'clean', '--no-cache'], root, env).status).toBe(0);
      const warm = outputOf(join(root, 'warm'));
      expect(warm).toEqual(outputOf(join(root, 'clean')));
      const fromEnv = Object.values(warm).filter((f) => Buffer.from(f, 'base64').includes('From the environment')).length;
      if (Object.keys(env).length) expect(fromEnv).toBeGreaterThan(0);
      else expect(fromEnv, 'the title from the file again').toBe(0);
    }
    // A bad config after a kept one fails with the messages it gives without the cache.
    writeFileSync(configFile, configOf({ title: '', onBrokenLinks: 'sometimes' }));
    const failure = async (cache: boolean) => buildWith(root, cache).then(() => 'built', (err: Error & { details?: string[] }) => [err.constructor.name, err.message, ...(err.details ?? [])].join('\n'));
    const withCache = await failure(true);
    expect(withCache).toMatch(/^ConfigError\nInvalid site configuration in .*site\.config\.ts:\ntitle: /);
    expect(withCache).toBe(await failure(false));
    // A damaged entry is validated again.
    writeFileSync(configFile, configOf({}));
    await buildWith(root, true);
    for (const f of readdirSync(join(root, CACHE_DIR, 'config')).filter((n) => n.startsWith('validated-'))) truncateSync(join(root, CACHE_DIR, 'config', f), 70);
    expect(validated.get(exportOf({}))).toBeUndefined();
    expectSameOutput(await buildWith(root, true), await buildWith(root, false), 'a damaged validated config');
    expect(validated.get(exportOf({})), 'written again').toBeDefined();
  });

  it('a damaged or foreign cache is a cold build, never a failed one', async () => {
    const root = makeSite(content);
    const clean = await buildWith(root, false);
    await buildWith(root, true);
    const dir = join(root, CACHE_DIR);
    expect(readdirSync(dir).sort()).toEqual(['chunks', 'code', 'config', 'docs', 'output', 'pages', 'search', 'search-buckets', 'search-keys', 'search-pages', 'search-parts', 'sources', 'text', 'theme-client.json', 'theme-ssr.json']);
    const entries = (kind: string) => readdirSync(join(dir, kind)).filter((f) => f !== 'pipeline');
    // Cut short (a build killed while writing, on a file system that does not rename atomically), garbage,
    // empty, a folder where a file should be; and a temporary file a killed build left.
    for (const [i, f] of entries('docs').entries()) truncateSync(join(dir, 'docs', f), i * 7);
    for (const f of entries('pages')) writeFileSync(join(dir, 'pages', f), 'not a cache entry');
    for (const f of entries('search')) {
      rmSync(join(dir, 'search', f));
      mkdirSync(join(dir, 'search', f));
    }
    for (const f of entries('search-pages')) writeFileSync(join(dir, 'search-pages', f), 'not a cache entry');
    for (const f of entries('search-buckets')) writeFileSync(join(dir, 'search-buckets', f), 'not a cache entry');
    for (const f of entries('search-parts')) writeFileSync(join(dir, 'search-parts', f), 'not a cache entry');
    for (const f of entries('code')) writeFileSync(join(dir, 'code', f), serialize(new Map([['key', 42]])));
    for (const f of entries('search-keys')) writeFileSync(join(dir, 'search-keys', f), serialize(new Map([['key', 42]])));
    for (const f of entries('sources')) writeFileSync(join(dir, 'sources', f), serialize(new Map([['key', { stat: 42 }]])));
    // Route chunks of the wrong shape.
    for (const f of entries('chunks')) writeFileSync(join(dir, 'chunks', f), serialize(new Map([['key', { file: 42 }]])));
    writeFileSync(join(dir, 'docs', 'x.tmp-1234'), 'half');
    for (const f of readdirSync(join(dir, 'config'))) writeFileSync(join(dir, 'config', f), '{"key": "garbage"');
    // The pipeline key's memo is the CLI's (cli-cache.ts), shared by every build: damaged, it is made again.
    writeFileSync(pipelineMemoFile(), '{"format": 1, "value": ');
    writeFileSync(join(dir, 'theme-client.json'), '{"format": 1, "value": "usable", "seen": 42}');
    writeFileSync(join(dir, 'theme-ssr.json'), '');
    const damaged = await buildWith(root, true);
    expectSameOutput(damaged, clean, 'a damaged cache');
    expect(damaged.cache).toMatchObject({ pages: { cached: 0 }, docs: { cached: 0 }, search: { cached: 0 }, searchPages: { cached: 0 }, chunks: { cached: 0 } });
    // The damaged entries were replaced: the next build takes everything from the cache.
    expect(entries('docs')).not.toContain('x.tmp-1234');
    const again = await buildWith(root, true);
    expectSameOutput(again, clean, 'a repaired cache');
    expect(again.cache).toMatchObject({ pages: { rendered: 0 }, docs: { processed: 0 }, search: { built: 0 }, chunks: { made: 0 } });
    // Made by another version of the code: not used, and replaced.
    for (const kind of ['docs', 'code', 'pages', 'search', 'search-keys', 'search-pages', 'search-buckets', 'search-parts', 'sources', 'chunks']) writeFileSync(join(dir, kind, 'pipeline'), 'another version');
    const foreign = await buildWith(root, true);
    expectSameOutput(foreign, clean, 'a cache of another version');
    expect(foreign.cache).toMatchObject({ pages: { cached: 0 }, docs: { cached: 0 }, search: { cached: 0 }, searchPages: { cached: 0 }, chunks: { cached: 0 } });
    // Not a folder at all.
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'a file');
    expectSameOutput(await buildWith(root, true), clean, 'a file in place of the cache folder');
  });
});
