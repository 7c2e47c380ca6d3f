// Code block line features as Docusaurus documents them: `{1,3-5}`, `showLineNumbers`, magic comments;
// and heading ids written as `{#custom-id}`.
import { describe, expect, it } from 'vitest';
import { DeferredHighlighter } from './code-blocks.ts';
import { codeLines, parseCodeMeta } from './code-lines.ts';
import { highlightBlocks } from './highlight.ts';
import { renderMarkdown } from './markdown.ts';
import { markdownInput } from './test-input.ts';

const render = (body: string) => renderMarkdown(markdownInput(body));
/** The lines of the first block, each as [classes, text]. */
function lines(html: string): [string, string][] {
  const code = /<code[^>]*>([\s\S]*?)<\/code>/.exec(html)![1]!;
  return [...code.matchAll(/<span class="([^"]*)">((?:<span[^>]*>[^<]*<\/span>|[^<])*)<\/span>/g)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&')]);
}
const HL = 'line theme-code-block-highlighted-line';

describe('code block meta', () => {
  it('reads title, ranges and line numbers, ignoring braces inside the title', () => {
    expect(parseCodeMeta('title="src/a.ts" {1,3-5} showLineNumbers')).toEqual({ title: 'src/a.ts', ranges: [1, 3, 4, 5], lineNumbersFrom: 1 });
    expect(parseCodeMeta('showLineNumbers=5')).toEqual({ lineNumbersFrom: 5 });
    expect(parseCodeMeta('title="see {2}"')).toEqual({ title: 'see {2}' });
    expect(parseCodeMeta("title='x' {2}")).toEqual({ title: 'x', ranges: [2] });
    expect(parseCodeMeta(undefined)).toEqual({});
  });

  it('highlights the lines of {1,3-4} with Docusaurus\'s class', async () => {
    const out = await render('```js {1,3-4}\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n```\n');
    expect(out.html).toContain('<pre class="shiki shiki-themes github-light github-dark code-block-lines"');
    expect(lines(out.html)).toEqual([
      [HL, 'const a = 1;'],
      ['line', 'const b = 2;'],
      [HL, 'const c = 3;'],
      [HL, 'const d = 4;'],
      ['line', 'const e = 5;'],
    ]);
  });

  it('numbers lines, from 1 or from the number given', async () => {
    const one = await render('```bash showLineNumbers\nls\npwd\n```\n');
    expect(one.html).toContain('code-block-lines code-block-numbered');
    expect(one.html).toMatch(/<code>/);
    const five = await render('```bash showLineNumbers=5 title="run.sh"\nls\npwd\n```\n');
    expect(five.html).toContain('<div class="code-block-title">run.sh</div>');
    expect(five.html).toContain('<code style="counter-reset:line 4">');
  });

  it('leaves blocks without line features as they were', async () => {
    const out = await render('```js\nconst a = 1;\n```\n');
    expect(out.html).not.toContain('code-block-lines');
    expect(out.html).not.toContain('highlighted-line');
  });
});

describe('magic comments', () => {
  it('highlight-next-line and highlight-start/end, removed from the code', async () => {
    const code = ['function f() {', '  // highlight-next-line', '  return 1;', '}', '', '// highlight-start', 'f();', 'f();', '// highlight-end', 'done();'].join('\n');
    const out = await render('```js\n' + code + '\n```\n');
    expect(lines(out.html)).toEqual([
      ['line', 'function f() {'],
      [HL, '  return 1;'],
      ['line', '}'],
      ['line', ''],
      [HL, 'f();'],
      [HL, 'f();'],
      ['line', 'done();'],
    ]);
    expect(out.html).not.toContain('highlight-');
  });

  it.each([
    ['python', '# highlight-next-line', 'x = 1'],
    ['yaml', '  # highlight-next-line', 'key: value'],
    ['html', '<!-- highlight-next-line -->', '<p>x</p>'],
    ['css', '/* highlight-next-line */', 'a { color: red; }'],
    ['jsx', '{/* highlight-next-line */}', '<App />'],
    ['sql', '-- highlight-next-line', 'SELECT 1;'],
  ])('in %s comments', async (lang, comment, line) => {
    const out = await render('```' + lang + '\nfirst\n' + comment + '\n' + line + '\n```\n');
    expect(lines(out.html)).toEqual([
      ['line', 'first'],
      [HL, line],
    ]);
  });

  it('comment syntaxes a language does not have are code, and ranges turn magic comments off', () => {
    expect(codeLines('python', 'a\n// highlight-next-line\nb', {})).toEqual({ lang: 'python', code: 'a\n// highlight-next-line\nb' });
    expect(codeLines('js', '# highlight-next-line\nb', {})).toEqual({ lang: 'js', code: '# highlight-next-line\nb' });
    expect(codeLines('text', '# highlight-next-line\nb', {})).toEqual({ lang: 'text', code: 'b', highlight: [1] });
    expect(codeLines('js', '// highlight-next-line\nb', { ranges: [1] })).toEqual({ lang: 'js', code: '// highlight-next-line\nb', highlight: [1] });
    // A directive in the middle of a line is code too.
    expect(codeLines('js', 'f(); // highlight-next-line\nb', {})).toEqual({ lang: 'js', code: 'f(); // highlight-next-line\nb' });
  });

  it('highlighting on a worker thread gives the same page', async () => {
    const body = '```js {2}\na();\nb();\n```\n\n```js\na();\nb();\n```\n\n```py showLineNumbers\n# highlight-next-line\nx = 1\n```\n';
    const local = await render(body);
    const code = new DeferredHighlighter({ light: 'github-light', dark: 'github-dark' }, highlightBlocks);
    const deferred = await renderMarkdown(markdownInput(body, { deferHighlight: code.defer }));
    expect(await code.fill(deferred.html)).toBe(local.html);
    // The same code with and without highlighted lines is two blocks, not one.
    expect(local.html.match(/highlighted-line/g)).toHaveLength(2);
  });
});

describe('heading ids {#custom-id}', () => {
  it('uses the id, hides the braces, and feeds the TOC and search the plain title', async () => {
    const out = await render('## Getting *started* {#start}\n\nText.\n\n## Start\n\n## Start\n\n### Plain\n\n[go](#start)\n');
    expect(out.html).toContain('<h2 id="start">Getting <em>started</em></h2>');
    expect(out.html).toContain('<h2 id="start-1">Start</h2>');
    expect(out.html).toContain('<h2 id="start-2">Start</h2>');
    expect(out.headings).toEqual([
      { level: 2, id: 'start', text: 'Getting started' },
      { level: 2, id: 'start-1', text: 'Start' },
      { level: 2, id: 'start-2', text: 'Start' },
      { level: 3, id: 'plain', text: 'Plain' },
    ]);
    expect(out.sections[0]).toMatchObject({ id: 'start', heading: 'Getting started' });
  });

  it('a heading that is only an id, and braces that are not an id, stay as written', async () => {
    const out = await render('## {#only}\n\n## Set {a} here\n\n## Code `{#x}`\n');
    expect(out.html).toContain('<h2 id="only"></h2>');
    expect(out.html).toContain('<h2 id="set-a-here">Set {a} here</h2>');
    expect(out.html).toContain('<h2 id="code-x">Code <code>{#x}</code></h2>');
  });
});
