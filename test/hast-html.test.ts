// renderer/content/hast-html.ts gives exactly hast-util-to-html's `toHtml(tree)`: on every page tree of the
// real site (all locales), of the generated corpus (Markdown and its MDX twin), of the Docusaurus fixture
// sites and of a page carrying every Markdown feature, and on hand-made trees for each serialisation rule.
// The pages are processed in this process (one thread), and every tree the pipeline serialises is compared
// as it goes; the trees must be written by the serialiser itself, not handed to toHtml as a fallback.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element, Nodes, Root } from 'hast';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareSite } from '../renderer/site/prepare.ts';
import { highlightBlocks } from '../renderer/content/highlight.ts';
import { codeLines, parseCodeMeta } from '../renderer/content/code-lines.ts';
import { hastToHtml } from '../renderer/content/hast-html.ts';
import { makeSite, minimalContent, page, REPO, runCli } from './helpers/fixture-site.ts';

const seen = vi.hoisted(() => ({ trees: 0, fallbacks: 0, differ: [] as string[], reference: undefined as undefined | ((t: unknown) => string) }));

// toHtml as hast-html.ts sees it: counted, so a tree it gave up on shows.
vi.mock('hast-util-to-html', async (importOriginal) => {
  const actual = await importOriginal<typeof import('hast-util-to-html')>();
  seen.reference = actual.toHtml as (t: unknown) => string;
  return { ...actual, toHtml: (...args: Parameters<typeof actual.toHtml>) => (seen.fallbacks++, actual.toHtml(...args)) };
});
// The pipeline's calls: each tree is also given to the real toHtml and the two strings compared.
vi.mock('../renderer/content/hast-html.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../renderer/content/hast-html.ts')>();
  return {
    ...actual,
    hastToHtml: (tree: Nodes) => {
      const ours = actual.hastToHtml(tree);
      const theirs = seen.reference!(tree);
      seen.trees++;
      if (ours !== theirs) {
        let i = 0;
        while (ours[i] === theirs[i]) i++;
        seen.differ.push(`at ${i}: ${JSON.stringify(ours.slice(i - 60, i + 60))} vs ${JSON.stringify(theirs.slice(i - 60, i + 60))}`);
      }
      return ours;
    },
  };
});

/** Processes every page of the site at `root` in this process; the number of pages. `failing`: may fail. */
async function comparePages(root: string, failing: string[] = []): Promise<number> {
  const before = { trees: seen.trees, fallbacks: seen.fallbacks };
  const site = await prepareSite({ root, mode: 'collect', bundle: false, threads: 1 });
  const docs = [...site.content.values()].reduce((n, l) => n + l.docs.length, 0);
  const problems = [...site.problems.values()].flat().filter((p) => !failing.includes((p as { file?: string }).file ?? ''));
  expect(problems.map((p) => JSON.stringify(p)).join('\n')).toBe('');
  expect(seen.differ).toEqual([]);
  expect(seen.fallbacks - before.fallbacks).toBe(0);
  expect(seen.trees - before.trees).toBeGreaterThanOrEqual(docs);
  return docs;
}

const FEATURES = [
  '# Features & <things>',
  '',
  'Text with < and > and & and "quotes" and \'apostrophes\' and `code <b>` and\u00a0nbsp, \u0001control, 😀 astral.',
  '',
  '## Lists {#lists}',
  '',
  '- [x] done',
  '- [ ] to do',
  '',
  '1. one',
  '2. two',
  '',
  '| a | b | c |',
  '|:--|:-:|--:|',
  '| 1 | **2** | [x](https://example.com/?a=1&b="2") |',
  '',
  'A footnote[^n] and another[^long-name].',
  '',
  '[^n]: The note.',
  '[^long-name]: The other, with `code`.',
  '',
  '```ts title="src/a b.ts" {1,3-4} showLineNumbers=5',
  'const a = "<b>" && \'c\';',
  '// highlight-next-line',
  'let b = 1;',
  'let c = 2;',
  '```',
  '',
  '```js showLineNumbers',
  '// highlight-start',
  'x();',
  '// highlight-end',
  '```',
  '',
  '~~~',
  'no language, <b> & </b>',
  '~~~',
  '',
  '```unknown-language',
  'who knows',
  '```',
  '',
  '```mermaid',
  'graph TD',
  '  A[S3 & <b>] --> B',
  '```',
  '',
  ':::tip[Title with <em>]',
  'Tip text.',
  ':::',
  '',
  ':::danger',
  'Careful & "quoted".',
  ':::',
  '',
  '<details><summary>More</summary>',
  '',
  'Hidden **text**.',
  '',
  '</details>',
  '',
  '<div class="a b" data-x="1" aria-hidden="true" title="t &amp; &quot;q&quot;" style="color: red">raw <b>html</b><br><img src="/img/x.png" alt="x &lt;"></div>',
  '',
  '<!-- a comment -->',
  '',
  '<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><title>T</title><path d="M0 0L10 10" stroke-width="2"/></svg>',
  '',
  '<input type="checkbox" checked disabled> <video controls muted src="/v.mp4"></video> <a download href="/f.zip">f</a>',
  '',
  '![image](https://example.com/i.png "title")',
].join('\n');

const MDX_FEATURES = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '# MDX features',
  '',
  'Text & <b>bold</b> {"expression"}.',
  '',
  '<Tabs>',
  '  <TabItem value="a" label="A">',
  '',
  '```ts title="x.ts" {1}',
  'const a = 1;',
  '```',
  '',
  '  </TabItem>',
  '  <TabItem value="b" label="B &amp; C">B.</TabItem>',
  '</Tabs>',
  '',
  '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" strokeWidth={2} /><foreignObject><p>x</p></foreignObject></svg>',
  '',
  '<div className="x y" data-k="v" style={{ color: "red" }}>Inline</div>',
  '',
  ':::note',
  'A note.',
  ':::',
].join('\n');

describe('hast → HTML is toHtml’s string', () => {
  afterAll(() => vi.restoreAllMocks());

  it('on every page of the real site, all locales', async () => {
    const docs = await comparePages(REPO);
    expect(docs).toBeGreaterThan(400);
  }, 300_000);

  it('on the generated corpus, 150 pages × 3 locales, and its MDX twin', async () => {
    // gen-corpus.mjs lives beside the repository (../shared/bench); without it there is no corpus.
    const { corpusSite } = (await import('../bench/corpus-site.mjs' as string)) as { corpusSite: (n: number, o?: { mdx?: boolean }) => string };
    let root: string;
    try {
      root = corpusSite(150);
    } catch (err) {
      if (/gen-corpus/.test((err as Error).message)) return;
      throw err;
    }
    expect(await comparePages(root)).toBeGreaterThanOrEqual(450);
    expect(await comparePages(corpusSite(150, { mdx: true }))).toBeGreaterThanOrEqual(450);
  }, 600_000);

  it('on the Docusaurus fixture sites, imported', async () => {
    for (const name of readdirSync(join(REPO, 'test', 'fixtures')).filter((n) => n.startsWith('docusaurus-'))) {
      const out = join(mkdtempSync(join(tmpdir(), 'cheatsheet-hast-html-')), name);
      const r = runCli(['import', join(REPO, 'test', 'fixtures', name), '--out', out]);
      expect(r.status, r.stderr).toBe(0);
      // docusaurus-deps's page imports a package npm installs (test/import-deps.test.ts): not here.
      expect(await comparePages(out, name === 'docusaurus-deps' ? ['content/en/intro.mdx'] : []), name).toBeGreaterThan(0);
    }
  }, 300_000);

  it('on a site with every Markdown feature (raw HTML, SVG, footnotes, tables, task lists, code meta, admonitions) and MDX', async () => {
    const root = makeSite({
      ...minimalContent,
      'content/en/compute/features.md': page('Features', FEATURES),
      'content/pt-BR/compute/features.md': page('Recursos', FEATURES),
      'content/en/compute/mdx-features.mdx': page('MDX', MDX_FEATURES),
      'static/img/x.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    await comparePages(root);
  }, 300_000);

  it('on code blocks highlighted for another thread, with every meta option', async () => {
    const metas = [undefined, 'title="a.ts"', '{1,3}', 'showLineNumbers', 'showLineNumbers=7 {2}', 'title=\'x "y"\' {1-2} showLineNumbers'];
    const blocks = metas.flatMap((meta) => ['ts', 'bash', 'html', 'text', 'mermaid'].map((lang) => codeLines(lang, 'const a = "<b>" & \'c\';\n// highlight-next-line\nlet b = `x`;\n\u00a0😀\n', parseCodeMeta(meta))));
    const before = seen.trees;
    await highlightBlocks(blocks, { light: 'github-light', dark: 'github-dark' });
    expect(seen.trees - before).toBe(blocks.length);
    expect(seen.differ).toEqual([]);
  });
});

// Properties as loose as toHtml takes them (hast's types are narrower than what it serialises).
const el = (tagName: string, properties: Record<string, unknown> = {}, children: Element['children'] = []): Element => ({ type: 'element', tagName, properties: properties as Element['properties'], children });
const text = (value: string) => ({ type: 'text' as const, value });

describe('hast → HTML on hand-made trees', () => {
  /** The same string or the same error; `fastPath`: written without toHtml's help. */
  const same = (tree: Nodes, fastPath = true) => {
    const before = seen.fallbacks;
    const run = (f: () => string) => {
      try {
        return f();
      } catch (err) {
        return `threw ${(err as Error).message}`;
      }
    };
    expect(run(() => hastToHtml(tree))).toBe(run(() => seen.reference!(tree)));
    expect(seen.fallbacks - before, 'given to toHtml').toBe(fastPath ? 0 : 1);
  };
  const awkward = '< > & " \' ` = / \u00a0 \u0000 \u0001 \t\n\r\f \u007f \u0085 \u2028 😀 \ud800 \udc00 x\ud83d &amp; &#x26; ]]> --> <!--';

  it('text: only < and & escaped (hexadecimal references), everything else as it is; script and style as written', () => {
    same({ type: 'root', children: [text(awkward), el('p', {}, [text(awkward)]), el('script', {}, [text(awkward)]), el('style', {}, [text(awkward)]), el('SCRIPT', {}, [text(awkward)])] });
    same({ type: 'root', children: [{ type: 'raw', value: '<b>raw & </b>' }, el('script', {}, [{ type: 'raw', value: '<b>&</b>' }])] });
    same(text(''));
  });

  it('attributes: names through property-information, values quoted and escaped, booleans, lists, data-* and aria-*', () => {
    same(el('div', { className: ['a', 'b', ''], id: awkward, title: awkward, dataLanguage: 'ts', dataMeta: 'title="x" {1}', ariaHidden: 'true', ariaLabel: awkward, style: 'color:red;--x:"y"', tabIndex: -1, hidden: true, dataFooBar: 3, dataX: 0 }));
    same(el('input', { type: 'checkbox', checked: true, disabled: false, value: '', readOnly: 'readonly', required: 'x', multiple: 0, min: Number.NaN, max: Number.POSITIVE_INFINITY }));
    same(el('a', { href: 'https://e.com/?a=1&b=2', download: true, rel: ['noopener', 'noreferrer'], target: '_blank', hrefLang: 'en' }));
    same(el('a', { download: '' }, [text('x')]));
    same(el('a', { download: 'download' }));
    same(el('a', { download: 'file.zip' }));
    same(el('img', { src: '/a b.png', alt: '', srcSet: ['a.png 1x', 'b.png 2x'], sizes: ['100vw'], width: 10, loading: 'lazy' }));
    same(el('meta', { content: ['a', 'b'], httpEquiv: 'x', charSet: 'utf-8' }));
    same(el('input', { accept: ['image/png', '.jpg', ''], autoComplete: ['on'] }));
    same(el('td', { align: 'left', colSpan: 2, headers: ['h1', 'h2'] }));
    same(el('div', { 'data-raw-name': 'x', dataA1: 'y', data: 'z', unknownProp: 'u', 'weird name': 'w', 'a"b': 'q', '': 'empty', onClick: 'f()' }));
    same(el('div', { className: [], id: null, title: undefined }));
    same(el('div', { itemScope: true, itemProp: ['a', 'b'], contentEditable: 'true', spellCheck: false, draggable: true, translate: 'no' }));
  });

  it('elements: void elements, void elements with content, unknown and upper-case names, template', () => {
    for (const tag of ['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'source', 'track', 'col', 'area', 'embed', 'param', 'BR', 'Img', 'menuitem', 'keygen', 'image']) {
      same(el(tag));
      same(el(tag, { id: 'x' }, [text('content')]));
      same(el(tag, {}, [text('')]));
    }
    same(el('custom-element', { someProp: 'x' }, [el('p', {}, [text('p')])]));
    same({ type: 'element', tagName: 'template', properties: {}, children: [], content: { type: 'root', children: [el('b', {}, [text('in <template>')])] } } as unknown as Element);
    same({ type: 'element', tagName: 'div', properties: {}, children: [] });
    same({ type: 'element', tagName: 'div' } as unknown as Element);
  });

  it('SVG and MathML: attributes by the SVG schema, no self-closing, HTML inside integration points', () => {
    const svg = el('svg', { viewBox: '0 0 10 10', xmlns: 'http://www.w3.org/2000/svg', xLinkHref: '#a', className: ['icon'], strokeWidth: 2, fillOpacity: 0.5, ariaHidden: 'true', focusable: 'false' }, [
      el('path', { d: 'M0 0L10 10', strokeLinecap: 'round', strokeDasharray: '1 2', transform: 'rotate(1)' }),
      el('title', { id: 't' }, [text('T & <t>'), el('br')]),
      el('foreignObject', { requiredExtensions: 'x' }, [el('p', { className: ['c'] }, [text('html')]), el('img', { src: 'a.png' })]),
      el('desc', {}, [el('input', { checked: true })]),
      el('g', { download: true, preserveAspectRatio: 'none' }, [el('br'), el('use', { href: '#x' })]),
      el('linearGradient', { gradientUnits: 'userSpaceOnUse', stopColor: 'red' }, [el('stop', { offset: '0' })]),
      el('text', { textAnchor: 'middle', xmlSpace: 'preserve' }, [text('a < b & c')]),
    ]);
    same(svg);
    same({ type: 'root', children: [svg, el('img', { src: 'after.png' }), el('input', { disabled: true })] });
    same(el('math', { display: 'block' }, [el('mi', {}, [text('x')]), el('mspace', { width: '1em' })]));
  });

  it('comments and doctype', () => {
    for (const value of ['plain', '>starts', '->starts', 'has <!-- inside', 'has --> inside', 'has --!> inside', 'ends <!-', '', 'a -- b', awkward]) {
      same({ type: 'comment', value });
    }
    same({ type: 'root', children: [{ type: 'doctype' }, el('html', {}, [el('body', {}, [{ type: 'comment', value: 'x' }])])] });
  });

  it('anything it is not sure of goes to toHtml: the same string, or the same error', () => {
    same(el('div', { title: { toString: () => 'object' } }), false);
    same(el('div', { title: [1, null, 'b'] }));
    same({ type: 'root', children: [{ type: 'text', value: 1 }] } as unknown as Root, false);
    same(el('script', {}, [{ type: 'text', value: undefined } as unknown as Element['children'][number]]), false);
    same({ type: 'mdxJsxFlowElement' } as unknown as Root, false);
    same({ type: 'root', children: [null] } as unknown as Root, false);
    same({ type: 'root', children: 'abc' } as unknown as Root, false);
    expect(() => hastToHtml({ type: 'mdxJsxFlowElement' } as unknown as Root)).toThrow('Cannot compile unknown node `mdxJsxFlowElement`');
  });
});
