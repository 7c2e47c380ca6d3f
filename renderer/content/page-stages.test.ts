// The page's hast stages share walks (markdown.ts usePageStages): what one stage leaves for another must be as
// when each walked the tree in turn.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

const render = (body: string) =>
  renderMarkdown({
    body,
    file: 'content/en/page.md',
    relPath: 'page.md',
    lineOffset: 0,
    localeBase: '/en/',
    docsBase: '/en/docs',
    codeThemes: { light: 'github-light', dark: 'github-dark' },
    strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' },
    deferHighlight: () => 'code-block',
  });

describe('page stages in shared walks', () => {
  it("labels a task from its item's text after heading ids drop `{#id}` and before code blocks are replaced", async () => {
    const page = await render('- [ ] Task one\n\n  ## Inside {#inside}\n\n  ```js\n  const a = 1;\n  ```\n\n- [x] Two\n');
    const labels = [...page.html.matchAll(/<input[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['Task one Inside const a = 1;', 'Two']);
    expect(page.headings).toEqual([{ level: 2, id: 'inside', text: 'Inside' }]);
    expect(page.html).toContain('<!--code-block-->');
  });

  // (Assets before links on one element is left to the builds of test/docusaurus-static-assets and
  // mdx-asset-modules: this render has no asset options.)
  it('rewrites page links and in-page links in the shared walk, in document order', async () => {
    const page = await render('[doc](./other.md) and [#top](#inside)\n\n## Inside\n');
    expect(page.html).toContain('href="/en/docs/other"');
    expect(page.html).toContain('href="#inside"');
    expect(page.links.map((l) => l.href)).toEqual(['/en/docs/other', '#inside']);
  });
});
