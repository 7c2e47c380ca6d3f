// The markdown-it front end must give the same HTML as unified's reference parser (remark-parse +
// remark-gfm + remark-directive) on every page of the site, plus the edge cases below.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter.ts';
import { renderMarkdown, type MarkdownInput } from './markdown.ts';
import { parseMarkdown } from './parse.ts';
import { markdownInput } from './test-input.ts';

const reference = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const remarkParseFn = (md: string) => reference.parse(md) as Root;

function input(body: string, parse?: MarkdownInput['parse']): MarkdownInput {
  return markdownInput(body, parse ? { parse } : {});
}

/** Whitespace between block tags is not significant. */
const normalise = (html: string) => html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();

async function both(body: string) {
  const [fast, ref] = await Promise.all([renderMarkdown(input(body)), renderMarkdown(input(body, remarkParseFn))]);
  return { fast, ref };
}

function contentFiles(): string[] {
  const out: string[] = [];
  const walkDir = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walkDir(join(dir, e.name));
      else if (e.name.endsWith('.md')) out.push(join(dir, e.name));
    }
  };
  walkDir(join(process.cwd(), 'content'));
  return out.sort();
}

describe('markdown-it front end', () => {
  it('renders every page of the site exactly as remark-parse does', { timeout: 240_000 }, async () => {
    const mismatches: string[] = [];
    const files = contentFiles();
    expect(files.length).toBeGreaterThan(400);
    for (const file of files) {
      const { body } = parseFrontMatter(readFileSync(file, 'utf8'), file);
      const { fast, ref } = await both(body);
      if (normalise(fast.html) !== normalise(ref.html)) mismatches.push(file);
      else {
        expect(fast.headings).toEqual(ref.headings);
        expect(fast.links.map((l) => l.href)).toEqual(ref.links.map((l) => l.href));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['nested lists and tasks', '- [x] done\n- [ ] todo\n  1. one\n  2. two\n\n3. three\n4. four\n'],
    ['loose lists', '- a\n\n- b\n'],
    ['emphasis, strike, code, breaks', '*a* **b** ~~c~~ `d`  \nnext\\\nline'],
    ['links, images, autolinks', '[a](./x.md "T") ![i](/img.png "t") <https://aws.amazon.com> https://example.com/path'],
    ['bare domains stay text, www. and schemes are linked', 'Like Amazon.com or s3.amazonaws.com, see www.example.com and https://aws.amazon.com/s3/.'],
    ['tables with alignment', '| a | b | c |\n|:--|:-:|--:|\n| 1 | **2** | `3` |\n'],
    ['blockquote and rule', '> quote\n> more\n\n---\n\ntext'],
    ['fenced code with meta', '```bash title="x"\nls\n```\n\n    indented\n'],
    ['admonitions with and without titles', ':::tip[A **b**]\nx\n:::\n\n:::danger\ny\n:::\n\n::::note\n:::info\nnested\n:::\n::::'],
    ['footnotes', 'Text[^a] and more[^b].\n\n[^a]: First.\n[^b]: Second.'],
    ['raw html is sanitised', '<details><summary>S</summary>\n\n<script>alert(1)</script><b onclick="x()">b</b>\n\n</details>'],
    ['entities and escapes', 'AT&amp;T \\*not em\\* &copy; 5 < 6'],
  ])('%s', async (_name, body) => {
    const { fast, ref } = await both(body);
    expect(normalise(fast.html)).toBe(normalise(ref.html));
  });

  it('never emits script, event handlers or javascript: URLs', async () => {
    const { html } = await renderMarkdown(input('[x](javascript:alert(1)) <a href="javascript:alert(2)">y</a> <img src="x" onerror="alert(3)">\n\n<script>alert(4)</script>'));
    expect(html).not.toMatch(/(href|src)="javascript:|\son\w+=|<script/i);
    expect(html).toContain("<a>y</a>");
  });

  it('names task-list checkboxes after their item', async () => {
    const { html } = await renderMarkdown(input('- [x] Enable MFA\n- [ ] Rotate keys'));
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Enable MFA">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="Rotate keys">');
  });

  it('keeps text that only looks like a directive (ARNs, times)', async () => {
    const { html } = await renderMarkdown(input('Use arn:aws:s3:::bucket at 10:30.'));
    expect(html).toContain('arn:aws:s3:::bucket at 10:30.');
  });

  it('links bare URLs as GFM does, whether or not the page also has links with a destination', async () => {
    for (const body of [
      'See https://aws.amazon.com/s3/ and www.example.org, not example.com.',
      '[Docs](https://docs.aws.amazon.com/) then see https://aws.amazon.com/s3/ and www.example.org, not example.com.',
      '[Docs](https://docs.aws.amazon.com/) only, and example.com stays text.',
      'Write to mailto:team@example.org today, or to team@example.org.',
      'Scoped packages such as @aws-sdk/client-s3 are not addresses.',
    ]) {
      const fast = await renderMarkdown(input(body));
      const ref = await renderMarkdown(input(body, remarkParseFn));
      expect(fast.html, body).toBe(ref.html);
    }
    expect((await renderMarkdown(input('[Docs](https://d.example/) then https://aws.amazon.com/s3/'))).html).toMatch(/<a href="https:\/\/aws\.amazon\.com\/s3\/"[^>]*>https:\/\/aws\.amazon\.com\/s3\/<\/a>/);
    expect((await renderMarkdown(input('Mail team@example.org.'))).html).toContain('<a href="mailto:team@example.org">team@example.org</a>');
  });

  it('records the line of each link, also after soft breaks', () => {
    const tree = parseMarkdown('# T\n\npara line one\nline two [x](./a.md)\n\n- item\n- [y](./b.md)\n');
    const links: number[] = [];
    const walkTree = (n: { type: string; position?: { start: { line: number } }; children?: unknown[] }) => {
      if (n.type === 'link') links.push(n.position!.start.line);
      for (const c of (n.children ?? []) as (typeof n)[]) walkTree(c);
    };
    walkTree(tree);
    expect(links).toEqual([4, 7]);
  });
});

describe("parseMarkdown's positions: 'read'", () => {
  const page = '# Title\n\nText with [a link](./a.md).\n\n- item [b](./b.md)\n\n> quote\n\n| h | i |\n|---|---|\n| c | [d](./d.md) |\n\n```nope\ncode\n```\n\n:::weird\nx\n:::\n\n---\n';
  type Node = { type: string; position?: { start: { line: number } }; children?: Node[] };
  const flatten = (n: Node, out: Node[] = []): Node[] => (out.push(n), n.children?.forEach((c) => flatten(c, out)), out);

  it('leaves positions off the blocks no stage reads a line from, and keeps the tree otherwise the same', () => {
    const all = flatten(parseMarkdown(page, 3, 'all') as Node);
    const read = flatten(parseMarkdown(page, 3, 'read') as Node);
    expect(read.map((n) => n.type)).toEqual(all.map((n) => n.type));
    const positioned = new Set(read.filter((n) => n.position).map((n) => n.type));
    expect([...positioned].sort()).toEqual(['code', 'containerDirective', 'link', 'tableRow']);
    read.forEach((n, i) => {
      if (n.position) expect(n.position).toEqual(all[i]!.position);
      expect({ ...n, position: undefined, children: undefined }).toEqual({ ...all[i]!, position: undefined, children: undefined });
    });
  });

  it('gives a page without raw HTML the same link and warning lines as before', async () => {
    const out = await renderMarkdown(input(page));
    expect(out.links.map((l) => [l.href, l.line])).toEqual([
      ['/b/docs/compute/a', 3],
      ['/b/docs/compute/b', 5],
      ['/b/docs/compute/d', 11],
    ]);
    expect(out.warnings).toEqual(['x.md:17: unknown admonition ":::weird", rendered as a note', 'x.md:13: unknown code-block language "nope", shown as plain text']);
  });
});
