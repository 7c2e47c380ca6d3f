// Markdown that used to be dropped silently or crash the build (issue 12): content is kept, or the page
// fails with its file and line.
import { describe, expect, it } from 'vitest';
import { ContentError } from '../errors.ts';
import { renderMarkdown } from './markdown.ts';
import { MAX_NESTING } from './lost-content.ts';
import { markdownInput } from './test-input.ts';

const render = (body: string, overrides = {}) => renderMarkdown(markdownInput(body, { file: 'content/en/x.md', lineOffset: 4, ...overrides }));

async function failure(body: string): Promise<ContentError> {
  const err = await render(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ContentError);
  return err as ContentError;
}

const count = (html: string, s: string) => html.split(s).length - 1;
const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i + 1}`).join('\n');

describe('deep nesting', () => {
  it('keeps a list nested 50 levels deep and everything after it', async () => {
    const out = await render(`${nestedList(50)}\n\nAfter the list, see [EC2](./ec2.md).\n`);
    expect(count(out.html, '<ul>')).toBe(50);
    expect(out.html).toContain('item 50');
    expect(out.html).toContain('<p>After the list, see <a href="/b/docs/compute/ec2">EC2</a>.</p>');
    expect(out.links).toMatchObject([{ href: '/b/docs/compute/ec2', line: 52 + 4 }]);
    expect(out.links).toHaveLength(1);
  });

  it('keeps blockquotes nested 120 levels deep, the innermost text included', async () => {
    const out = await render(`${'>'.repeat(120)} deepest\n\nAfter.\n`);
    expect(count(out.html, '<blockquote>')).toBe(120);
    expect(out.html).toContain('<p>deepest</p>');
    expect(out.html).toContain('<p>After.</p>');
  });

  it('fails with the line where content would be lost past the limit', async () => {
    const err = await failure(`Intro.\n\n${'>'.repeat(MAX_NESTING + 10)} too deep\n`);
    expect(err.message).toContain(`nested more than ${MAX_NESTING} levels deep`);
    expect(err.location).toEqual({ file: 'content/en/x.md', line: 3 + 4 });
    const list = await failure(nestedList(MAX_NESTING / 2 + 5));
    // Each list adds two levels (the list and its item): the item at depth 128 is the first one lost.
    expect(list.location?.line).toBe(MAX_NESTING / 2 + 4);
  });
});

describe('HTML blocks that never end', () => {
  it('an unclosed <!-- fails at its line instead of hiding the rest of the page', async () => {
    const err = await failure('Before.\n\n<!-- a note to self\n\nAfter, with [a link](./nowhere.md).\n');
    expect(err.message).toContain('"<!--" is never closed with "-->"');
    expect(err.location).toEqual({ file: 'content/en/x.md', line: 3 + 4 });
    expect(err.hint).toContain('-->');
  });

  it.each([
    ['script', 'Text.\n\n<script>\nlet a = 1;\n\nMore text.\n', '"<script>" is never closed with "</script>"', 3],
    ['pre', '<pre>\nkept?\n', '"<pre>" is never closed with "</pre>"', 1],
    ['processing instruction', '<?php echo 1;\n\nrest\n', '"<?" is never closed with "?>"', 1],
    ['CDATA', '<![CDATA[ x\n\nrest\n', '"<![CDATA[" is never closed with "]]>"', 1],
    ['comment in a blockquote', '> quoted\n>\n> <!-- open\n\nAfter.\n', '"<!--"', 3],
  ])('an unclosed %s fails too', async (_name, body, message, line) => {
    const err = await failure(body);
    expect(err.message).toContain(message);
    expect(err.location?.line).toBe(line + 4);
  });

  it('closed comments, even empty or on several lines, hide only themselves', async () => {
    const out = await render('A\n\n<!-- one -->\n\n<!-->\n\n<!--\nseveral\nlines\n-->\n\nB <!-- inline\n');
    expect(out.html).toContain('<p>A</p>');
    expect(out.html).toContain('<p>B &#x3C;!-- inline</p>');
    expect(out.html).not.toContain('several');
  });
});

describe('user strings that match Object.prototype', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('a code fence of language %s is plain text with a warning', async (lang) => {
    const out = await render(`\`\`\`${lang}\nx = 1\n\`\`\`\n`);
    expect(out.html).toContain('class="theme-code-block language-text"');
    expect(out.html).toContain('x = 1');
    expect(out.warnings).toEqual([`content/en/x.md:5: unknown code-block language "${lang.toLowerCase()}", shown as plain text`]);
  });

  it.each(['constructor', 'hasOwnProperty', 'valueOf'])(':::%s is a note with a warning, not a JavaScript function', async (name) => {
    const out = await render(`:::${name}\nBody.\n:::\n`);
    expect(out.html).toContain('class="theme-admonition theme-admonition-note admonition alert--note"');
    expect(out.html).not.toContain('native code');
    expect(out.html).not.toContain('[object');
    expect(out.warnings).toEqual([`content/en/x.md:5: unknown admonition ":::${name}", rendered as a note`]);
  });
});

describe('ids and names written in HTML', () => {
  it('carry GitHub\'s user-content- prefix, and in-page links to them follow', async () => {
    const out = await render('<div id="__main">x</div>\n\n<a name="old"></a>\n\n## Setup\n\n<table aria-describedby="note"><tr><td id="limits">y</td></tr></table>\n\n<b id="note">n</b>\n\n[limits](#limits), [setup](#setup), [gone](#gone)\n');
    expect(out.html).toContain('<div id="user-content-__main">x</div>');
    expect(out.html).toContain('<a name="user-content-old"></a>');
    expect(out.html).toContain('<table aria-describedby="user-content-note"><tbody><tr><td id="user-content-limits">y</td></tr></tbody></table>');
    expect(out.html).toContain('<b id="user-content-note">n</b>');
    // Heading ids are ours (not prefixed); links to written ids are rewritten, others left for the checker.
    expect(out.html).toContain('<h2 id="setup">Setup</h2>');
    expect(out.html).toContain('<a href="#user-content-limits">limits</a>, <a href="#setup">setup</a>, <a href="#gone">gone</a>');
    expect(out.links.map((l) => l.href)).toEqual(['#user-content-limits', '#setup', '#gone']);
  });

  it('footnotes on a page with HTML keep working ids', async () => {
    const out = await render('<b>html</b> and a note[^1].\n\n[^1]: The note.\n');
    expect(out.html).toContain('href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(out.html).toContain('aria-describedby="footnote-label"');
    expect(out.html).toContain('id="footnote-label"');
    expect(out.html).toContain('<li id="user-content-fn-1">');
  });
});

describe('absolute links to the site itself', () => {
  const siteBase = 'https://example.github.io/aws-cheatsheet/';
  it('stay as written and open like external links (as in Docusaurus), recorded with their line for the check', async () => {
    const out = await render(
      'See [x](https://example.github.io/aws-cheatsheet/docs/x#part), [home](https://example.github.io/aws-cheatsheet), [q](https://EXAMPLE.github.io/aws-cheatsheet/search?q=s3).\n\nNot ours: [other](https://example.github.io/other/), [aws](https://aws.amazon.com/).\n',
      { siteBase },
    );
    const ext = 'target="_blank" rel="noopener noreferrer"';
    expect(out.html).toContain(`<a href="https://example.github.io/aws-cheatsheet/docs/x#part" ${ext}>x</a>`);
    expect(out.html).toContain(`<a href="https://example.github.io/aws-cheatsheet" ${ext}>home</a>`);
    expect(out.html).toContain(`<a href="https://EXAMPLE.github.io/aws-cheatsheet/search?q=s3" ${ext}>q</a>`);
    expect(out.html).toContain(`<a href="https://example.github.io/other/" ${ext}>other</a>`);
    expect(out.links).toEqual([
      { href: 'https://example.github.io/aws-cheatsheet/docs/x#part', line: 5 },
      { href: 'https://example.github.io/aws-cheatsheet', line: 5 },
      { href: 'https://EXAMPLE.github.io/aws-cheatsheet/search?q=s3', line: 5 },
    ]);
  });
});
