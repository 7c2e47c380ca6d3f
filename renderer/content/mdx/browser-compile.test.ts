import { describe, expect, it } from 'vitest';
import { compile, createProcessor } from '@mdx-js/mdx';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Root } from 'mdast';
import { bundleIslands, type IslandPage } from '../../bundle/islands.ts';
import { browserCodeFromSource, browserCodeOfIslands, browserCodeSource } from './browser-compile.ts';
import { compileMdx } from './compile.ts';
import { islandsForBrowser, markIslands } from './islands.ts';
import { mdxSource, mdxSyntax } from './syntax.ts';

const TITLES = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Careful', danger: 'Danger' };

// Islands where the syntax's plugins change things (an admonition around one, an HTML attribute inside one),
// inline and as blocks, a partial's group between them, and JSX that is no island.
const BODY = [
  "import Meter from '@site/src/components/Meter';",
  "import Steps from './_steps.mdx';",
  "import Tabs from '@theme/Tabs';",
  '',
  '# Gauges',
  '',
  'Reading now: <Meter level={3} />.',
  '',
  ':::warning[Mind the scale]',
  '<Meter level={9}><span class="unit">bar</span></Meter>',
  ':::',
  '',
  '<Steps />',
  '',
  '<Tabs><div class="static">Not an island</div></Tabs>',
  '',
  '<Meter level={1} />',
].join('\n');

function siteWithPage(): { root: string; absPath: string } {
  const root = mkdtempSync(join(tmpdir(), 'browser-compile-'));
  const files: Record<string, string> = {
    'src/components/Meter.jsx': 'export default function Meter({ level, children }) { return <meter value={level} max={10}>{children}</meter>; }\n',
    'content/en/gauges/_steps.mdx': "import Meter from '@site/src/components/Meter';\n\nFirst step: <Meter level={0} />\n",
    'content/en/gauges/index.mdx': BODY,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, absPath: join(root, 'content/en/gauges/index.mdx') };
}

const parse = (value: string) => createProcessor({ format: 'mdx', ...mdxSyntax(TITLES, () => undefined) }).parse(value) as Root;

/** The tree as the server's compile hands it to its first plugin: parsed, and unravelled by the MDX compiler. */
async function serverTree(value: string): Promise<Root> {
  let seen: Root | undefined;
  const syntax = mdxSyntax(TITLES, () => undefined);
  await compile({ value }, { format: 'mdx', ...syntax, remarkPlugins: [() => (tree: Root) => void (seen = structuredClone(tree)), ...syntax.remarkPlugins] });
  return seen!;
}
const ids = (tree: unknown) => [...JSON.stringify(tree).matchAll(/"name":"(CheatsheetIsland(?:Group)?)","attributes":\[\{"type":"mdxJsxAttribute","name":"id","value":"(\d+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe("the browser's compile of a page's islands", () => {
  it("copies the islands out of the parsed tree and leaves the tree as the server's compile needs it", () => {
    const tree = parse(mdxSource(BODY));
    const before = JSON.stringify(tree);
    const islands = islandsForBrowser(tree);
    expect(JSON.stringify(tree)).toBe(before);
    // The browser numbers islands and groups as the server does.
    const marked = parse(mdxSource(BODY));
    markIslands(marked);
    expect(ids(islands)).toEqual(ids(marked));
    expect(ids(islands)).toEqual(['CheatsheetIsland 0', 'CheatsheetIsland 1', 'CheatsheetIslandGroup 2', 'CheatsheetIsland 3']);
    expect(JSON.stringify(islands)).not.toContain('Gauges');
  });

  it("makes from the server's parse the very code the bundler would compile from the file", async () => {
    const value = mdxSource(BODY);
    const fromSource = await browserCodeFromSource(value, '/site/content/en/gauges/index.mdx', TITLES, true);
    const fromParse = await browserCodeOfIslands(islandsForBrowser(await serverTree(value)), value, '/site/content/en/gauges/index.mdx', TITLES);
    expect(fromParse.code).toBe(fromSource);
    // The admonition's title and the renamed attribute are in it: the syntax's plugins ran on the islands.
    expect(fromSource).toContain('className: "unit"');
    expect(fromSource).toContain('import Steps$islands from "./_steps.mdx?islands"');
    expect(fromSource).not.toContain('Not an island');
  });

  it("gives a page with islands its browser code from the server's compile, and a page without none", async () => {
    const { root, absPath } = siteWithPage();
    const unit = (body: string) => ({ absPath, file: 'content/en/gauges/index.mdx', body, lineOffset: 0, siteRoot: root, baseUrl: '/', copies: [], admonitionTitles: TITLES, warnings: [], styles: new Set<string>(), styleFiles: new Set<string>(), islands: { count: 0 } as { count: number; browser?: { code: string; source: string } } });
    const withIslands = unit(BODY);
    await compileMdx(withIslands);
    expect(withIslands.islands.count).toBe(4);
    expect(withIslands.islands.browser).toEqual({ code: await browserCodeFromSource(mdxSource(BODY), absPath, TITLES, true), source: browserCodeSource(mdxSource(BODY), TITLES) });
    const without = unit("import Tabs from '@theme/Tabs';\n\n<Tabs>Static</Tabs>\n");
    await compileMdx(without);
    expect(without.islands.browser).toBeUndefined();
  });

  it('bundles the code the page brought if it was made from the file as it is, else compiles the file', async () => {
    const { root, absPath } = siteWithPage();
    const value = mdxSource(BODY);
    const code = (await browserCodeFromSource(value, absPath, TITLES, true)) + '\nconsole.log("made by the server\'s compile");\n';
    const page = (source: string): IslandPage => ({ key: 'en:gauges/index.mdx', absPath, file: 'content/en/gauges/index.mdx', locale: 'en', site: { title: '', tagline: '', url: '', baseUrl: '/', locale: 'en', defaultLocale: 'en', locales: ['en'] }, admonitionTitles: TITLES, carriedCss: [], browser: { code, source } });
    const script = async (p: IslandPage) => {
      const bundle = await bundleIslands([p], { siteRoot: root, baseUrl: '/', minify: false, naming: 'stable' });
      return [...bundle.files.values()].map((f) => new TextDecoder().decode(f)).join('\n');
    };
    expect(await script(page(browserCodeSource(value, TITLES)))).toContain("made by the server's compile");
    // The file changed since the page was compiled (or other titles): its code is compiled again.
    const stale = await script(page(browserCodeSource(value + '\nMore text.', TITLES)));
    expect(stale).not.toContain("made by the server's compile");
    expect(stale).toContain('CheatsheetIsland');
  });
});
