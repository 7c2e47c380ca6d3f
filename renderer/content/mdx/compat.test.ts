import { describe, expect, it } from 'vitest';
import { mdx1Compat } from './compat.ts';

describe('mdx1Compat', () => {
  it('turns HTML comments into MDX comments and escapes heading ids, line for line', () => {
    const body = ['## Download {#data-download}', '', 'Text <!-- a note */ here --> more.', '<!--', 'two lines', '-->', '### Plain'].join('\n');
    const out = mdx1Compat(body);
    expect(out.split('\n')).toEqual(['## Download \\{#data-download\\}', '', 'Text {/* a note * / here */} more.', '{/*', 'two lines', '*/}', '### Plain']);
  });

  it('leaves code alone: fences, indented fences in lists, and inline code', () => {
    const body = ['```html', '<!-- kept -->', '## Not a heading {#x}', '```', '', '- item', '  ```md', '  <!-- kept too -->', '  ```', '', 'Write `<!-- this -->` in HTML.'].join('\n');
    expect(mdx1Compat(body)).toBe(body);
  });
});
