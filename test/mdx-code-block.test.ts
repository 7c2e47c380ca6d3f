// ```mdx-code-block fences: Docusaurus unwraps them before parsing any page, so what they hold is the page's own
// Markdown and MDX (imports, components), while GitHub and translation tools show it as code. Fenced code inside
// keeps its language; lines after a block keep their numbers in messages.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processDoc } from '../renderer/content/process-doc.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

async function processPage(rel: string, source: string) {
  const site = makeSite({ ...minimalContent, [rel]: source });
  const [, locale, ...rest] = rel.split('/');
  return processDoc({
    locale: locale!, relPath: rest.join('/'), file: rel, absPath: join(site, rel), localeBase: '/aws-cheatsheet/', docsBase: '/aws-cheatsheet/docs',
    codeThemes: { light: 'github-light', dark: 'github-dark' }, strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' },
  });
}

const tabsInBlock = [
  'Pick your language.',
  '',
  '````mdx-code-block',
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '<Tabs>',
  '<TabItem value="py" label="Python">',
  '',
  '```python',
  'print("harvest")',
  '```',
  '',
  '</TabItem>',
  '<TabItem value="sh" label="Shell">',
  '',
  '```bash',
  'echo harvest',
  '```',
  '',
  '</TabItem>',
  '</Tabs>',
  '````',
  '',
  'After the tabs.',
].join('\n');

describe('```mdx-code-block', () => {
  it('in a .md page, its imports and components are the page\'s MDX, and the fences inside keep their languages', async () => {
    const result = await processPage('content/en/compute/langs.md', page('Languages', tabsInBlock));
    expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
    if (!result.ok) return;
    const { html, warnings } = result.doc;
    expect(html).not.toContain('mdx-code-block');
    expect(html).not.toContain('import Tabs');
    expect(html).toMatch(/<div class="tabs-container"/);
    expect(html).toMatch(/class="theme-code-block language-python/);
    expect(html).toMatch(/class="theme-code-block language-bash/);
    expect(html).toContain('<p>After the tabs.</p>');
    expect(warnings.filter((w) => /code-block language/.test(w))).toEqual([]);
  });

  it('with three backticks and plain Markdown inside, it is Markdown, not code', async () => {
    const body = 'Intro.\n\n```mdx-code-block\n## Inside the block\n\nSome **bold** words.\n```\n\nOutro.\n';
    const result = await processPage('content/en/compute/plain.md', page('Plain', body));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.html).toMatch(/<h2[^>]*>Inside the block/);
    expect(result.doc.html).toContain('<strong>bold</strong>');
    expect(result.doc.headings.map((h) => h.text)).toContain('Inside the block');
  });

  it('a problem after a block is reported at its own line of the file', async () => {
    // Front matter: 3 lines and a blank one; <Missing /> is the body's line 27 (25 lines of tabs, a blank line), the file's 31.
    const result = await processPage('content/en/compute/broken.mdx', page('Broken', `${tabsInBlock}\n\n<Missing />\n`));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ file: 'content/en/compute/broken.mdx', line: 31, message: expect.stringContaining('<Missing>') });
  });
});
