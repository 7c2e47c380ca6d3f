// A build on several threads writes the same site as a build on one, byte for byte: workers process and
// render their share of the pages, the main thread writes them all. A bad page fails the build with the
// same problems (file, line, message) whichever thread processed it, and leaves the previous output as it was.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, page, runCli, type CliResult } from './helpers/fixture-site.ts';
import { snapshot } from './helpers/user-error.ts';

/** Every file below `dir`, by path relative to it. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else out.set(relative(dir, abs), readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

/** Enough pages, of every kind of Markdown the pipeline treats, that every thread gets several batches. */
function siteFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const categories = ['compute', 'storage', 'network'];
  for (const [locale, words] of [['pt-BR', ['Texto', 'Veja']], ['en', ['Text', 'See']]] as const) {
    categories.forEach((category, c) => {
      out[`content/${locale}/${category}/_category_.json`] = JSON.stringify({ label: `${category} ${locale}`, position: c + 2 });
      for (let i = 0; i < 10; i++) {
        const next = `${categories[(c + 1) % categories.length]}/page-${(i + 3) % 10}.md`;
        out[`content/${locale}/${category}/page-${i}.md`] = page(
          `${category} ${i} ${locale}`,
          [
            `## Section ${i}`,
            `${words[0]} **${i}** with \`code\`, a footnote[^1] and ${words[1]} [the next page](../${next}#section-${(i + 3) % 10}).`,
            '```ts title="example.ts" {2}',
            `const n: number = ${i};`,
            'console.log(n * 2);',
            '```',
            '```bash',
            `aws ec2 describe-instances --max-items ${i}`,
            '```',
            ':::tip',
            `Tip ${i}.`,
            ':::',
            '| a | b |\n|---|---|\n| 1 | 2 |',
            '- [x] done\n- [ ] to do',
            `### Sub ${i}`,
            `[^1]: Note ${i}.`,
          ].join('\n\n'),
          `sidebar_position: ${i + 1}\ntags: [t${i % 3}]\n`,
        );
      }
    });
    out[`content/${locale}/start.md`] = page(`Start ${locale}`, '## First\n\nHello.', 'sidebar_position: 1\n');
  }
  return out;
}

/**
 * `shareMarkdown`: workers process pages from the first doc (this site is below the default threshold, where
 * the main thread processes every page and a worker only highlights code).
 */
const build = (root: string, threads: number, outDir: string, cache = false, shareMarkdown = true): CliResult =>
  runCli(['build', '--root', root, '--out-dir', outDir, ...(cache ? [] : ['--no-cache'])], root, {
    CHEATSHEET_THREADS: String(threads),
    CHEATSHEET_DEBUG_POOL: '1',
    ...(shareMarkdown ? { CHEATSHEET_SHARE_MARKDOWN_FROM: '1' } : {}),
  });

/** Items per thread of each stage the pool split (docs, then pages): main / worker 1 / …. */
const perThread = (stderr: string) => [...stderr.matchAll(/pool: \d+ items, per thread ([\d /]+)/g)].map((m) => m[1]!.split(' / ').map(Number));

/** Builds of `root` on 2 and 3 threads fail with exactly the report of the one-thread build. */
function expectSameFailure(root: string, reference: CliResult) {
  const withoutDebug = (text: string) => text.replace(/^pool: .*\n/gm, '');
  for (const threads of [2, 3]) {
    const r = build(root, threads, 'build');
    expect(r.status).toBe(1);
    expect(withoutDebug(r.stderr)).toBe(withoutDebug(reference.stderr));
  }
}

describe('build on several threads', () => {
  it('writes every file as the one-thread build does, byte for byte', () => {
    const root = makeSite({ ...siteFiles(), 'static/img/logo.svg': '<svg/>' });
    const one = build(root, 1, 'one');
    expect(one.status, one.stderr).toBe(0);
    const reference = files(join(root, 'one'));
    expect(reference.size).toBeGreaterThan(60);
    for (const [threads, shareMarkdown] of [[2, true], [3, true], [2, false]] as const) {
      const outDir = `t${threads}${shareMarkdown ? '' : '-highlight-only'}`;
      const r = build(root, threads, outDir, false, shareMarkdown);
      expect(r.status, r.stderr).toBe(0);
      // The workers did process docs (or, not sharing, none) and render pages.
      const [docs, pages] = perThread(r.stderr);
      expect(docs).toHaveLength(threads);
      expect(docs!.slice(1).every((n) => (shareMarkdown ? n > 0 : n === 0)), docs!.join(' / ')).toBe(true);
      expect(pages).toHaveLength(threads);
      expect(pages!.slice(1).every((n) => n > 0), pages!.join(' / ')).toBe(true);
      const got = files(join(root, outDir));
      expect([...got.keys()].sort()).toEqual([...reference.keys()].sort());
      const differing = [...reference].filter(([f, bytes]) => !bytes.equals(got.get(f)!)).map(([f]) => f);
      expect(differing).toEqual([]);
    }
    // Four builds of the site (one thread; two and three sharing pages; two highlighting only).
  }, 180_000);

  it('reports a bad page as the one-thread build does, and keeps the previous output', () => {
    const root = makeSite(siteFiles());
    expect(build(root, 1, 'build').status).toBe(0);
    const before = snapshot(join(root, 'build'));
    writeFileSync(join(root, 'content/en/storage/page-7.md'), '---\ntitle: Seven\nsidebar_position: [1\n---\n\nText\n');
    writeFileSync(join(root, 'content/pt-BR/network/page-9.md'), '---\ntitle: "   "\n---\n\nTexto\n');
    const reference = build(root, 1, 'build');
    expect(reference.status).toBe(1);
    expect(reference.stderr).toContain('content/en/storage/page-7.md:');
    expect(reference.stderr).toContain('content/pt-BR/network/page-9.md:2');
    expectSameFailure(root, reference);
    expect(snapshot(join(root, 'build'))).toEqual(before);
  });

  it('reports a page that fails to render as the one-thread build does', () => {
    // The home page is the first route: with workers, the first worker's first batch holds it.
    const root = makeSite({ ...siteFiles(), 'templates/pages/home.tsx': "export default function Home(): never {\n  throw new Error('the home page is broken');\n}\n" });
    const reference = build(root, 1, 'build');
    expect(reference.status).toBe(1);
    expect(reference.stderr).toContain('the home page is broken');
    expectSameFailure(root, reference);
  });

  it('keeps the pages its workers rendered in the build cache: the next build renders none', () => {
    const root = makeSite(siteFiles());
    const cold = build(root, 3, 'build', true);
    expect(cold.status, cold.stderr).toBe(0);
    expect(cold.stderr).toMatch(/pool: \d+ items, per thread \d+ \/ [1-9]\d* \/ [1-9]/);
    const first = files(join(root, 'build'));
    const warm = build(root, 3, 'build', true);
    expect(warm.status, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/cache: pages 0 rendered, [1-9]\d* from cache/);
    const second = files(join(root, 'build'));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    expect([...first].filter(([f, bytes]) => !bytes.equals(second.get(f)!)).map(([f]) => f)).toEqual([]);
  });

  it('keeps the search terms its workers made: a one-page edit analyses that page alone, and writes a clean build\'s index', () => {
    const root = makeSite(siteFiles());
    const cold = build(root, 3, 'build', true);
    expect(cold.status, cold.stderr).toBe(0);
    // Two locales on three threads: the indexes are made by the workers alone (beside the render, which the
    // main thread keeps going), and each sends its pages' terms back.
    const indexes = /pool: 2 items, per thread (\d+) \/ (\d+) \/ (\d+)/.exec(cold.stderr);
    expect(indexes?.slice(1).map(Number), cold.stderr).toEqual([0, expect.any(Number), expect.any(Number)]);
    expect(Number(indexes![2]) + Number(indexes![3])).toBe(2);
    expect(cold.stdout).toContain('search indexes 2 built, 0 from cache (pages analysed 62, 0 from cache)');
    // The page's text rewritten, its sections (search records) kept.
    const edited = join(root, 'content/en/compute/page-4.md');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('Text **4** with', 'Text rewritten with other words: elastic, block, storage, **4** and'));
    const warm = build(root, 3, 'build', true);
    expect(warm.status, warm.stderr).toBe(0);
    // The index is updated from the one the worker assembled (it sends the assembly back with the terms).
    expect(warm.stdout).toContain('search indexes 1 built (1 updated), 1 from cache (pages analysed 1, 30 from cache)');
    const clean = build(root, 1, 'clean');
    expect(clean.status, clean.stderr).toBe(0);
    const search = (dir: string) => new Map([...files(join(root, dir))].filter(([f]) => f.startsWith('assets/search/') || f.startsWith('assets/site/')));
    const got = search('build');
    const want = search('clean');
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    expect([...want].filter(([f, bytes]) => !bytes.equals(got.get(f)!)).map(([f]) => f)).toEqual([]);
  });

  it('takes its thread count from CHEATSHEET_THREADS, refusing anything but a whole number', () => {
    const root = makeSite(siteFiles());
    const r = runCli(['build', '--root', root], root, { CHEATSHEET_THREADS: 'two' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid CHEATSHEET_THREADS "two": give a whole number from 1 to 64.');
  });

  it('refuses a CHEATSHEET_HEAP_GROWING_PERCENT that is not a whole number, before touching the output', () => {
    const root = makeSite(siteFiles());
    const r = runCli(['build', '--root', root], root, { CHEATSHEET_HEAP_GROWING_PERCENT: '30%' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid CHEATSHEET_HEAP_GROWING_PERCENT "30%": give a whole number from 0 to 1000.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(root, 'build'))).toBe(false);
  });

  it('refuses a CHEATSHEET_SHARE_MARKDOWN_FROM that is not a whole number, before touching the output', () => {
    const root = makeSite(siteFiles());
    const r = runCli(['build', '--root', root], root, { CHEATSHEET_SHARE_MARKDOWN_FROM: 'half' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid CHEATSHEET_SHARE_MARKDOWN_FROM "half": give a whole number of docs.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(root, 'build'))).toBe(false);
  });
});
