// MDX pages (issue 14): `.mdx` files and `.md` files using MDX syntax are compiled and rendered at build time
// with the theme's components; a component nothing defines is a build error naming file, line and name.
// Tab switching and sync in the browser: test/browser/tabs.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { processDoc } from '../renderer/content/process-doc.ts';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

const mdxPage = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import CodeBlock from '@theme/CodeBlock';",
  "import Heading from '@theme/Heading';",
  "import Retention from './_retention.md';",
  "import Badge from '@site/src/components/Badge';",
  '',
  'export const regions = 3 * 11;',
  '',
  '{/* a note for editors, never shown */}',
  '',
  'Lambda runs in {regions} regions of the sample.',
  '',
  '## Deploying',
  '',
  '<Tabs groupId="tool" queryString>',
  '  <TabItem value="console" label="Console">',
  '',
  'Open the **console** and press Deploy.',
  '',
  '  </TabItem>',
  '  <TabItem value="cli" label="CLI" default>',
  '',
  '```bash',
  'aws lambda update-function-code --function-name demo',
  '```',
  '',
  '  </TabItem>',
  '</Tabs>',
  '',
  '<Admonition type="warning" title="Cold starts">',
  'The first call after a quiet spell is slower.',
  '</Admonition>',
  '',
  ':::tip',
  'Directives still work in MDX.',
  ':::',
  '',
  '<Details summary="Limits in detail">',
  'A function may run for up to fifteen minutes.',
  '</Details>',
  '',
  '<CodeBlock language="ts" title="handler.ts">{`export const handler = () => 42;`}</CodeBlock>',
  '',
  '<Heading as="h3" id="pricing-notes">Pricing notes</Heading>',
  '',
  '<Retention />',
  '',
  'Made by <Badge text="our team" />.',
  '',
  "import DocCardList from '@theme/DocCardList';",
  '',
  '<DocCardList />',
  '',
  '## Related',
  '',
  'See [EC2](./ec2.md#what-it-is).',
].join('\n');

let root: string;
let html: string;

beforeAll(() => {
  root = makeSite({
    ...minimalContent,
    'content/en/compute/lambda.mdx': page('AWS Lambda', mdxPage),
    'content/en/compute/_retention.md': '---\ntitle: ignored\n---\n### Log retention\n\nLogs are kept for {30} days unless you change it.\n',
    // No title: the opening heading is the title, even with an image below it (React 19 would open the markup with its preload).
    'content/en/storage/s3.mdx': "---\nsidebar_position: 9\n---\n\n# Buckets\n\nexport const kinds = 2;\n\n![A bucket](./bucket.svg)\n\nThere are {kinds} kinds.\n",
    'content/en/storage/bucket.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // A partial in another folder names its files relative to itself.
    'content/en/guides/_parts/chart.mdx': '![A chart](../img/chart.svg)\n\nGet [the sheet](../files/sheet.pdf) or read [about EC2](../compute/ec2).\n\n<img src="../img/pie.svg" alt="A pie" />\n\n<p>Bars: <img src={require(\'../img/bars.png\').default} alt="Bars" /></p>\n',
    'content/en/guides/img/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'content/en/guides/img/pie.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
    // require() of an SVG gives a component (SVGR, test/svg-components.test.ts): these are images by URL.
    'content/en/guides/img/bars.png': 'bars, not really a PNG',
    'content/en/guides/img/chart.png': 'a chart, not really a PNG',
    'content/en/guides/files/sheet.pdf': '%PDF-1.4',
    'content/en/guides/charts.mdx': page('Charts', "import Chart from './_parts/chart.mdx';\n\n<Chart />\n\n<img src={require('./img/chart.png').default} alt=\"The page's chart\" />\n"),
    'src/components/Badge.tsx': "import { useState } from 'react';\nexport default function Badge({ text }: { text: string }) {\n  const [n] = useState(1);\n  return <span className=\"badge\" data-n={n}>{text}</span>;\n}\n",
  });
  const r = runCli(['build', '--root', root]);
  expect(r.status, r.stderr).toBe(0);
  html = readFileSync(join(root, 'build', 'docs', 'compute', 'lambda.html'), 'utf8');
});

describe('an MDX page', () => {
  it('runs its expressions and hides its comments and import/export lines', () => {
    expect(html).toContain('<p>Lambda runs in 33 regions of the sample.</p>');
    expect(html).not.toContain('a note for editors');
    expect(html).not.toMatch(/import Tabs|export const regions/);
  });

  it('renders Tabs with Docusaurus markup, the default tab shown and the others hidden', () => {
    expect(html).toMatch(/<div class="tabs-container" data-group-id="tool" data-query-string="tool">/);
    expect(html).toMatch(/<ul role="tablist" aria-orientation="horizontal" class="tabs">/);
    expect(html).toMatch(/<li role="tab" tabindex="-1" aria-selected="false"[^>]*data-value="console" class="tabs__item">Console<\/li>/);
    expect(html).toMatch(/<li role="tab" tabindex="0" aria-selected="true"[^>]*data-value="cli" class="tabs__item tabs__item--active">CLI<\/li>/);
    expect(html).toMatch(/<div role="tabpanel"[^>]*data-value="console" class="tabpanel" hidden><p>Open the <strong>console<\/strong> and press Deploy.<\/p>/);
    expect(html).toMatch(/<div role="tabpanel"[^>]*data-value="cli" class="tabpanel">/);
  });

  it('highlights fences inside tabs and CodeBlock like any fence, with its title', () => {
    const cli = html.slice(html.indexOf('data-value="cli" class="tabpanel"'));
    expect(cli).toMatch(/class="theme-code-block[^"]*"/);
    expect(cli).toMatch(/style="[^"]*color/);
    expect(html).toContain('handler.ts');
    expect(html).toMatch(/export<\/span>/);
  });

  it('renders Admonition with the markup of :::admonitions, and :::tip itself', () => {
    expect(html).toContain('<div class="theme-admonition theme-admonition-warning admonition alert--warning"><div class="admonition-heading">Cold starts</div><div class="admonition-content">');
    expect(html).toMatch(/theme-admonition-tip[\s\S]*Directives still work in MDX\./);
  });

  it('renders Details as a disclosure with its summary', () => {
    expect(html).toMatch(/<details class="details"><summary>Limits in detail<\/summary><div>(<p>)?A function may run for up to fifteen minutes\./);
  });

  it('renders an imported _partial in place, with its own expressions, without its front matter', () => {
    expect(html).toContain('Logs are kept for 30 days unless you change it.');
    expect(html).not.toContain('title: ignored');
  });

  it('fills DocCardList with cards of the other docs of its category', () => {
    expect(html).toMatch(/<section class="row doc-card-list" data-doc-card-list=""><article[^>]*><a class="card padding--lg doc-card" href="\/aws-cheatsheet\/docs\/compute\/ec2"><h2 class="[^"]*doc-card__title" title="Amazon EC2">📄️ Amazon EC2<\/h2><\/a><\/article><\/section>/);
    expect(html.slice(html.indexOf('doc-card-list'))).not.toMatch(/doc-card__title"[^>]*>📄️ AWS Lambda</);
  });

  it("renders the site's own component from src/components on the server", () => {
    // In an island (hydrated in the browser): a wrapper that takes no room.
    // Island 1: the partial <Retention /> before it is numbered 0 (a group its own islands would be numbered under).
    expect(html).toContain('Made by <span data-island="1" style="display:contents"><span class="badge" data-n="1">our team</span></span>.');
  });

  it('takes its title from its opening heading, with no preload hint of React before it', () => {
    const s3 = readFileSync(join(root, 'build', 'docs', 'storage', 's3.html'), 'utf8');
    expect(s3).toMatch(/<title>Buckets \|/);
    expect(s3.match(/<h1\b/g)).toHaveLength(1);
    expect(s3).not.toContain('rel="preload" as="image"');
    expect(s3).toMatch(/<img src="\/aws-cheatsheet\/assets\/images\/bucket-[0-9a-f]{8}\.svg" alt="A bucket"/);
  });

  it('gives MDX headings ids that feed the table of contents', () => {
    expect(html).toContain('<h2 id="deploying">Deploying</h2>');
    expect(html).toContain('<h3 id="pricing-notes">Pricing notes</h3>');
    expect(html).toContain('<h3 id="log-retention">Log retention</h3>');
    const toc = html.slice(html.indexOf('table-of-contents'));
    expect(toc).toMatch(/href="#deploying"/);
    expect(toc).toMatch(/href="#pricing-notes"/);
    expect(toc).toMatch(/href="#related"/);
  });
});

describe('what Docusaurus 3 accepts in MDX besides MDX (mdx1Compat)', () => {
  it('a .md page with components also takes HTML comments and {#custom-id} heading ids', () => {
    const body = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';", '', '<!-- a note for editors -->', '', '## Download the data {#data-download}', '', '<Tabs>', '  <TabItem value="a" label="One file">Kept.</TabItem>', '</Tabs>', ''].join('\n');
    const site = makeSite({ ...minimalContent, 'content/en/compute/data.md': page('Data', body) });
    const r = runCli(['build', '--root', site]);
    expect(r.status, r.stderr).toBe(0);
    const out = readFileSync(join(site, 'build', 'docs', 'compute', 'data.html'), 'utf8');
    expect(out).toMatch(/<h2 id="data-download">Download the data<\/h2>/);
    expect(out).toContain('href="#data-download"');
    expect(out).not.toContain('a note for editors');
    expect(out).not.toContain('{#data-download}');
    expect(out).toContain('role="tablist"');
  });
});

describe('MDX errors', () => {
  it('a component nothing defines fails the build naming file, line and component', () => {
    const site = makeSite({ ...minimalContent, 'content/en/compute/broken.mdx': page('Broken', 'Intro.\n\n<Mystery size="2" />\n') });
    const r = runCli(['build', '--root', site]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/en\/compute\/broken\.mdx:\d+/);
    expect(r.stderr).toContain('<Mystery>');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an import of a missing @site component fails the build naming the import line', () => {
    const site = makeSite({ ...minimalContent, 'content/en/compute/broken.mdx': page('Broken', "import Chart from '@site/src/components/Chart';\n\n<Chart />\n") });
    const r = runCli(['build', '--root', site]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/en\/compute\/broken\.mdx:5\b/);
    expect(r.stderr).toContain('"Chart" cannot be resolved');
  });

  it('a component that throws while the page renders is named by the file and line of its tag', async () => {
    const thrower = "export default function Gauge({ max }: { max: number }) {\n  if (max < 0) throw new Error('max must not be negative');\n  return <meter max={max} />;\n}\n";
    const body = "import Gauge from '@site/src/components/Gauge';\n\nIntro.\n\n<div>\n  <Gauge max={-1} />\n</div>\n";
    const result = await processDocOf({ 'src/components/Gauge.tsx': thrower, 'content/en/compute/gauge.mdx': page('Gauge', body) }, 'content/en/compute/gauge.mdx');
    expect(result.ok).toBe(false);
    // Front matter is 3 lines and a blank one: the tag is on line 10 of the file.
    expect(result.ok ? undefined : result.error).toMatchObject({ file: 'content/en/compute/gauge.mdx', line: 10, message: expect.stringContaining('max must not be negative') });
  });

  it('resolves the images and files of a partial from another folder relative to the partial, as Docusaurus does', () => {
    const charts = readFileSync(join(root, 'build', 'docs', 'guides', 'charts.html'), 'utf8');
    expect(charts).toMatch(/<img src="\/aws-cheatsheet\/assets\/images\/chart-[0-9a-f]{8}\.svg" alt="A chart"/);
    expect(charts).toMatch(/href="\/aws-cheatsheet\/assets\/files\/sheet-[0-9a-f]{8}\.pdf"/);
    // A URL link is resolved from the page's URL, in Docusaurus as here.
    expect(charts).toContain('href="/aws-cheatsheet/docs/compute/ec2"');
    // JSX images, by path or by require(), from the partial's folder too (and the page's own require()).
    expect(charts).toMatch(/<img src="\/aws-cheatsheet\/assets\/images\/pie-[0-9a-f]{8}\.svg" alt="A pie"/);
    expect(charts).toMatch(/<img src="\/aws-cheatsheet\/assets\/images\/bars-[0-9a-f]{8}\.png" alt="Bars"/);
    expect(charts).toMatch(/<img src="\/aws-cheatsheet\/assets\/images\/chart-[0-9a-f]{8}\.png" alt="The page&#x27;s chart"|<img src="\/aws-cheatsheet\/assets\/images\/chart-[0-9a-f]{8}\.png" alt="The page's chart"/);
    const pie = /assets\/images\/(pie-[0-9a-f]{8}\.svg)/.exec(charts)![1]!;
    expect(readFileSync(join(root, 'build', 'assets', 'images', pie), 'utf8')).toContain('<circle');
  });

  it('a JSX image a partial names that does not exist, by path or by require(), is reported with the partial\'s file and line', async () => {
    const partial = 'Intro.\n\n<img src="./img/gone.png" alt="Gone" />\n\nText {require("./img/lost.png").default}\n';
    const body = "import Part from '../shared/_part.mdx';\n\n<Part />\n";
    const result = await processDocOf({ 'content/en/shared/_part.mdx': partial, 'content/en/compute/host.mdx': page('Host', body) }, 'content/en/compute/host.mdx');
    expect(result.ok).toBe(false);
    const error = result.ok ? undefined : result.error;
    expect(error?.message).toBe('2 problems found:');
    expect(error?.details).toEqual([
      expect.stringMatching(/^content\/en\/shared\/_part\.mdx:3: <img src> names "\.\/img\/gone\.png", which does not exist \(looked for content\/en\/shared\/img\/gone\.png\)/),
      expect.stringMatching(/^content\/en\/shared\/_part\.mdx:5: require\(\) names "\.\/img\/lost\.png"/),
    ]);
  });

  it('@docusaurus/ExecutionEnvironment is provided to pages and site components: no DOM on the server', async () => {
    const component = "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';\nexport default function Where() {\n  return <span className=\"where\">{ExecutionEnvironment.canUseDOM ? 'browser' : 'server'}</span>;\n}\n";
    const body = "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';\nimport Where from '@site/src/components/Where';\n\nPage sees a DOM: {String(ExecutionEnvironment.canUseDOM)}.\n\n<Where />\n";
    const result = await processDocOf({ 'src/components/Where.js': component, 'content/en/compute/where.mdx': page('Where', body) }, 'content/en/compute/where.mdx');
    expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
    if (!result.ok) return;
    expect(result.doc.html).toContain('Page sees a DOM: false.');
    expect(result.doc.html).toContain('<span class="where">server</span>');
  });

  it('an expression that throws is placed at the nearest element before it, in the partial that holds it', async () => {
    const partial = '---\ntitle: ignored\n---\n\nA line.\n\n<span>Before</span>\n\n{undefined.name}\n';
    const body = "import Part from './_part.mdx';\n\n<Part />\n";
    const result = await processDocOf({ 'content/en/compute/_part.mdx': partial, 'content/en/compute/host.mdx': page('Host', body) }, 'content/en/compute/host.mdx');
    expect(result.ok ? undefined : result.error).toMatchObject({ file: 'content/en/compute/_part.mdx', line: 7, message: expect.stringContaining('in the code after the element on this line') });
  });
});

describe('HTML attributes in MDX', () => {
  const spy = vi.spyOn(console, 'error');
  afterEach(() => spy.mockClear());

  it('maps class and for to className and htmlFor on HTML elements, with no React warning', async () => {
    const body = '<div class="aws-note">A note.</div>\n\n<label for="region">Region</label> and <span class="tag">inline</span>\n';
    const result = await processDocOf({ 'content/en/compute/classes.mdx': page('Classes', body) }, 'content/en/compute/classes.mdx');
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const out = result.ok ? result.doc.html : '';
    expect(out).toContain('<div class="aws-note">A note.</div>');
    expect(out).toContain('<label for="region">Region</label>');
    expect(out).toContain('<span class="tag">inline</span>');
    expect(spy.mock.calls.flat().join(' ')).not.toMatch(/Invalid DOM property/);
  });

  it('refuses a style string, as Docusaurus does, but naming file and line and the object to write', async () => {
    const body = 'Intro.\n\n<div style="color: red; font-size: 2em">Red.</div>\n';
    const result = await processDocOf({ 'content/en/compute/styled.mdx': page('Styled', body) }, 'content/en/compute/styled.mdx');
    expect(result.ok).toBe(false);
    // Front matter is 3 lines and a blank one: the tag is on line 7 of the file.
    expect(result.ok ? undefined : result.error).toMatchObject({
      file: 'content/en/compute/styled.mdx',
      line: 7,
      message: expect.stringContaining('in MDX a style is an object, not a string'),
      hint: 'Write it as style={{color: "red", fontSize: "2em"}}.',
    });
  });

  it('names the line of an element React would refuse only while rendering (a style string from an expression, children of a void element)', async () => {
    const styled = await processDocOf({ 'content/en/compute/expr.mdx': page('Expr', 'Intro.\n\n<p>\n  <span style={"color: " + "red"}>Red.</span>\n</p>\n') }, 'content/en/compute/expr.mdx');
    expect(styled.ok ? undefined : styled.error).toMatchObject({ file: 'content/en/compute/expr.mdx', line: 8, message: expect.stringContaining('<span> has a style string ("color: red")') });
    expect(styled.ok ? '' : styled.error.message).not.toContain('code after the element');
    const voidKids = await processDocOf({ 'content/en/compute/void.mdx': page('Void', 'Intro.\n\n<div>\n  <hr>{"text"}</hr>\n</div>\n') }, 'content/en/compute/void.mdx');
    expect(voidKids.ok ? undefined : voidKids.error).toMatchObject({ file: 'content/en/compute/void.mdx', line: 8, message: expect.stringContaining('<hr> cannot have children') });
  });
});

/** Processes one file of a fixture site in this process, as the build's workers do. */
async function processDocOf(files: Record<string, string>, rel: string) {
  const site = makeSite({ ...minimalContent, ...files });
  const [, locale, ...rest] = rel.split('/');
  return processDoc({ locale: locale!, relPath: rest.join('/'), file: rel, absPath: join(site, rel), localeBase: '/aws-cheatsheet/', docsBase: '/aws-cheatsheet/docs', codeThemes: { light: 'github-light', dark: 'github-dark' }, strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' } });
}

describe('MDX warnings', () => {
  it('a warning about a source page shown in several locales (a missing translation) is printed once', () => {
    const later = page('Later', "import BrowserOnly from '@docusaurus/BrowserOnly';\n\nexport const Later = () => <BrowserOnly fallback={<p>Soon.</p>}>{() => <p>Now.</p>}</BrowserOnly>;\n\n<Later />\n");
    // Only in the source locale: the English site shows it too, rendered from the same file.
    const site = makeSite({ ...minimalContent, 'content/pt-BR/compute/later.mdx': later });
    const r = runCli(['build', '--root', site]);
    expect(r.status, r.stderr).toBe(0);
    const said = (r.stdout + r.stderr).split('\n').filter((l) => l.includes('content/pt-BR/compute/later.mdx') && l.includes('<BrowserOnly> shows its fallback'));
    expect(said).toHaveLength(1);
  });
});
