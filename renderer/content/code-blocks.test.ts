// Code blocks highlighted on another thread must give exactly the page the main thread would have
// produced itself; identical blocks are highlighted once and a failure there fails the page.
import { describe, expect, it, vi } from 'vitest';
import { DeferredHighlighter, type HighlightBatch } from './code-blocks.ts';
import { highlightBlocks, MAX_HIGHLIGHTED_LINE_LENGTH } from './highlight.ts';
import { renderMarkdown, type MarkdownInput } from './markdown.ts';
import { markdownInput } from './test-input.ts';

const themes = { light: 'github-light-default', dark: 'github-dark-default' };

function input(body: string, deferHighlight?: MarkdownInput['deferHighlight']): MarkdownInput {
  return markdownInput(body, { file: 'content/en/x.md', lineOffset: 4, codeThemes: themes, ...(deferHighlight ? { deferHighlight } : {}) });
}

const page = [
  '# Title',
  '',
  '```bash title="List buckets"',
  'aws s3 ls --region us-east-1',
  '```',
  '',
  ':::tip',
  '```json',
  '{ "a": [1, true] }',
  '```',
  ':::',
  '',
  '```bash',
  'aws s3 ls --region us-east-1',
  '```',
  '',
  '```klingon',
  'qapla',
  '```',
  '',
  '```',
  'plain <text> & more',
  '```',
  '',
  '```none',
  'no highlighting asked',
  '```',
].join('\n');

describe('deferred highlighting', () => {
  it('gives the same HTML, warnings and sections as highlighting in place, asking once per distinct block', async () => {
    const inline = await renderMarkdown(input(page));
    const sent: { lang: string; code: string }[][] = [];
    const send: HighlightBatch = (blocks, t) => {
      sent.push(blocks);
      return highlightBlocks(blocks, t);
    };
    const code = new DeferredHighlighter(themes, send);
    const deferred = await renderMarkdown(input(page, code.defer));
    expect(deferred.html).not.toContain('class="shiki');
    const filled = await code.fill(deferred.html);

    expect(filled).toBe(inline.html);
    expect(filled).toContain('class="shiki');
    expect(deferred.warnings).toEqual(inline.warnings);
    expect(inline.warnings).toEqual(['content/en/x.md:21: unknown code-block language "klingon", shown as plain text']);
    expect(deferred.sections).toEqual(inline.sections);
    expect(deferred.headings).toEqual(inline.headings);
    // The bash command appears twice on the page: highlighted once. Unknown and plain blocks (`none` too,
    // without a warning) go as text.
    expect(sent.flat().map((b) => b.lang)).toEqual(['bash', 'json', 'text', 'text', 'text']);
  });

  it('fills several pages from batches sent as the pages were processed', async () => {
    const batches: number[] = [];
    const code = new DeferredHighlighter(themes, (blocks, t) => {
      batches.push(blocks.length);
      return highlightBlocks(blocks, t);
    });
    const a = await renderMarkdown(input('```yaml\na: 1\n```', code.defer));
    await new Promise((r) => setImmediate(r));
    const b = await renderMarkdown(input('```yaml\nb: 2\n```\n\n```yaml\na: 1\n```', code.defer));
    const [fa, fb] = [await code.fill(a.html), await code.fill(b.html)];
    expect(batches).toEqual([1, 1]);
    expect(fa).toBe((await renderMarkdown(input('```yaml\na: 1\n```'))).html);
    expect(fb).toBe((await renderMarkdown(input('```yaml\nb: 2\n```\n\n```yaml\na: 1\n```'))).html);
  });

  it('never turns a look-alike comment written in the Markdown into a code block', async () => {
    const code = new DeferredHighlighter(themes, highlightBlocks);
    const out = await renderMarkdown(input('<!--cheatsheet-code:000000000000:0-->\n\nText.\n\n```json\n{}\n```', code.defer));
    const filled = await code.fill(out.html);
    expect(filled.match(/theme-code-block/g)).toHaveLength(1);
    expect(filled).not.toContain('cheatsheet-code');
  });

  it('fails the page when the highlighting thread fails', async () => {
    const code = new DeferredHighlighter(themes, async () => {
      throw new Error('worker gone');
    });
    const out = await renderMarkdown(input('```bash\nls\n```', code.defer));
    await expect(code.fill(out.html)).rejects.toThrow('worker gone');
  });

  it('highlights the same however slow the machine is (no line cut short by a time limit)', async () => {
    const blocks = [{ lang: 'typescript', code: 'const answer: number = 42; // the answer\nexport function twice(n: number): number { return n * 2; }' }];
    const normal = await highlightBlocks(blocks, themes);
    // Every clock reading a minute after the last: any limit measured in time (shiki's default is 500 ms a
    // line; this build once had 10 s) would stop each line after its first tokens.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 60_000));
    try {
      expect(await highlightBlocks(blocks, themes)).toEqual(normal);
    } finally {
      clock.mockRestore();
    }
    // The end of the first line is coloured as a number: the line was tokenized to its end.
    expect(normal[0]).toMatch(/--shiki-dark:#[0-9A-Fa-f]+"> 42<\/span>/);
  });

  it('shows a line longer than the bound as plain text, and the lines around it highlighted', async () => {
    const long = `const s = "${'x'.repeat(MAX_HIGHLIGHTED_LINE_LENGTH)}";`;
    const [html] = await highlightBlocks([{ lang: 'typescript', code: `let a = 1;\n${long}\nlet b = 2;` }], themes);
    const lines = html!.split('<span class="line">').slice(1);
    expect(lines).toHaveLength(3);
    // The long line is one uncoloured span (the block's own colours apply); its neighbours are tokenized.
    expect(lines[1]).not.toContain('style=');
    expect(lines[1]).toContain(`<span>const s = "${'x'.repeat(100)}`);
    expect(lines[0]!.match(/<span style=/g)!.length).toBeGreaterThan(2);
    expect(lines[2]!.match(/<span style=/g)!.length).toBeGreaterThan(2);
  });
});
