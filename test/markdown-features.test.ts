// Docusaurus's Markdown features on a built site (issue 14): heading ids `{#custom-id}` in the page, its
// TOC and its search records; code blocks with a title, highlighted and numbered lines; mermaid diagrams
// (drawn in the browser: test/browser/mermaid.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { buildRecords } from '../renderer/search/records.ts';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

const features = [
  '## Getting started {#start}',
  '',
  'Jump to [the end](#the-end) or [the start](#start).',
  '',
  '```ts title="src/handler.ts" {2} showLineNumbers=10',
  'export function handler() {',
  '  return 42;',
  '}',
  '```',
  '',
  '```bash',
  '# highlight-next-line',
  'aws s3 ls',
  'aws s3 mb s3://bucket',
  '```',
  '',
  '## Last section {#the-end}',
  '',
  'See [the start of the other page](./ec2.md#start-here).',
].join('\n');

let root: string;
let html: string;

beforeAll(() => {
  root = makeSite({
    ...minimalContent,
    'content/en/compute/features.md': page('Features', features),
    'content/en/compute/ec2.md': page('Amazon EC2', '## What it is {#start-here}\n\nVirtual machines.'),
  });
  const r = runCli(['build', '--root', root]);
  expect(r.status, r.stderr).toBe(0);
  html = readFileSync(join(root, 'build', 'docs', 'compute', 'features.html'), 'utf8');
});

describe('Markdown features on a built page', () => {
  it('custom heading ids are the anchors, in the page and its table of contents, and links to them are checked', () => {
    expect(html).toContain('<h2 id="start">Getting started</h2>');
    expect(html).toContain('<h2 id="the-end">Last section</h2>');
    expect(html).not.toContain('{#');
    const toc = html.slice(html.indexOf('theme-doc-toc'));
    expect(toc).toContain('href="#start"');
    expect(toc).toContain('href="#the-end"');
    // The other page's custom id satisfied the link check (the build passed); a wrong one fails it.
    const bad = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', '## What it is {#start-here}\n\n[x](#what-it-is)') });
    const r = runCli(['build', '--root', bad]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('#what-it-is');
  });

  it('search records carry the custom ids and the plain titles', async () => {
    const result = await build({ root, write: false, bundle: false });
    const records = buildRecords(result.table, 'en', { siteUrl: 'https://example.github.io', docsTag: 'docs-default-current' }).filter((r) => r.url_without_anchor.endsWith('/docs/compute/features'));
    expect(records.filter((r) => r.type === 'lvl2').map((r) => [r.anchor, r.hierarchy.lvl2])).toEqual([
      ['start', 'Getting started'],
      ['the-end', 'Last section'],
    ]);
    expect(JSON.stringify(records)).not.toContain('{#');
  });

  it('code blocks keep their title, highlight and number lines, and lose their magic comments', () => {
    expect(html).toContain('<div class="code-block-title">src/handler.ts</div>');
    expect(html).toContain('code-block-lines code-block-numbered');
    expect(html).toContain('<code style="counter-reset:line 9">');
    expect(html.match(/class="line theme-code-block-highlighted-line"/g)).toHaveLength(2);
    expect(html).not.toContain('highlight-next-line');
  });
});

describe('mermaid blocks', () => {
  it('become a diagram container holding the source, and the build ships mermaid only for a site that has one', () => {
    expect(existsSync(join(root, 'build', 'assets', 'mermaid'))).toBe(false);
    const withDiagram = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\n```mermaid\ngraph TD\n  A[S3 & <b>] --> B\n```') });
    const r = runCli(['build', '--root', withDiagram]);
    expect(r.status, r.stderr).toBe(0);
    const out = readFileSync(join(withDiagram, 'build', 'docs', 'compute', 'ec2.html'), 'utf8');
    expect(out).toContain('<div class="theme-mermaid docusaurus-mermaid-container"><pre class="mermaid-source">graph TD\n  A[S3 &#x26; &#x3C;b>] --> B</pre></div>');
    expect(out).not.toContain('language-mermaid');
    const entry = join(withDiagram, 'build', 'assets', 'mermaid', 'mermaid.esm.min.mjs');
    expect(existsSync(entry)).toBe(true);
    // Every chunk the entry imports is there.
    const imported = [...readFileSync(entry, 'utf8').matchAll(/from"\.\/(chunks\/[^"]+)"/g)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(3);
    for (const rel of imported) expect(existsSync(join(withDiagram, 'build', 'assets', 'mermaid', rel)), rel).toBe(true);
  });
});
