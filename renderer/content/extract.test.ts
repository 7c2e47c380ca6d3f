// collapseSpace must give exactly what `replace(/\s+/g, ' ')` gives (search records and task-list labels are
// made from it), for every character JavaScript counts as white space, alone and in runs.
import { describe, expect, it } from 'vitest';
import { collapseSpace, extractOutline } from './extract.ts';
import { collectGarbage } from '../free-memory.ts';
import type { Root } from 'hast';

const SPACES = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).filter((ch) => /\s/.test(ch));
const reference = (s: string) => s.replace(/\s+/g, ' ');

describe('collapseSpace', () => {
  it('knows every white-space character (the test below covers them all)', () => {
    expect(SPACES).toContain(' ');
    expect(SPACES).toContain('\n');
    expect(SPACES).toContain('\u00a0');
    expect(SPACES.length).toBeGreaterThan(20);
  });

  it('collapses as replace(/\\s+/g, " ") does: each white space alone, in pairs, and in runs around words', () => {
    const samples: string[] = ['', ' ', 'a', 'a b', ' a  b ', 'one two  three\nfour\t\tfive', '\n\n', 'x \u00a0y', 'end \n'];
    for (const a of SPACES) {
      samples.push(a, `w${a}w`, `${a}w${a}`);
      for (const b of SPACES) samples.push(`w${a}${b}w`);
    }
    samples.push(`${SPACES.join('')}w${SPACES.join('x')}`);
    const wrong = samples.filter((s) => collapseSpace(s) !== reference(s));
    expect(wrong.map((s) => JSON.stringify(s))).toEqual([]);
  });
});

describe('extractOutline: sections', () => {
  it('keeps each block’s text with its white space collapsed, by section', () => {
    const text = (value: string) => ({ type: 'text' as const, value });
    const el = (tagName: string, children: Root['children'], properties = {}) => ({ type: 'element' as const, tagName, properties, children }) as never;
    const tree: Root = {
      type: 'root',
      children: [
        el('p', [text('Intro  text\nwrapped')]),
        el('h2', [text('Part')], { id: 'part' }),
        el('ul', [el('li', [text(' a\u00a0 b ')]), el('li', [text('c')])]),
      ],
    };
    expect(extractOutline(tree).sections).toEqual([
      { level: 1, text: ['Intro text wrapped'] },
      { id: 'part', heading: 'Part', level: 2, text: ['a b', 'c'] },
    ]);
  });
});

describe('extractOutline: headings', () => {
  it("keeps a heading's text, not the Markdown source it was cut from (a doc's headings live as long as the build)", () => {
    // Each tree's heading text is a substring of a 200 KB source, as markdown-it's tokens are of a doc's.
    const headingOf = (i: number) => {
      const source = `# Heading number ${i} of a long page\n\n${'Lorem ipsum dolor sit amet. '.repeat(7500)}${i}`;
      const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'h2', properties: { id: `h${i}` }, children: [{ type: 'text', value: source.slice(2, source.indexOf('\n')) }] }] };
      return extractOutline(tree).headings;
    };
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: 50 }, (_, i) => headingOf(i));
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept[7]).toEqual([{ level: 2, id: 'h7', text: 'Heading number 7 of a long page' }]);
    // The 50 sources are ~10 MB: held, the heap would have grown by that much.
    expect(grown).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('extractOutline: where headings and sections each look', () => {
  const text = (value: string) => ({ type: 'text' as const, value });
  const el = (tagName: string, children: Root['children'], properties = {}) => ({ type: 'element' as const, tagName, properties, children }) as never;

  it('keeps each walk its own rule: sr-only headings, headings in text blocks, pre, button and h1', () => {
    const tree: Root = {
      type: 'root',
      children: [
        el('h1', [text('Title '), el('p', [text('in the h1')]), el('h2', [text('Inner')], { id: 'inner' })], { id: 'title' }),
        el('ul', [el('li', [el('h2', [text('Item heading')], { id: 'item' }), text(' and  text')])]),
        el('pre', [el('h3', [text('In pre')], { id: 'in-pre' }), el('p', [text('code text')])]),
        el('button', [el('h4', [text('In button')], { id: 'in-button' })]),
        el('h2', [text('Footnotes')], { id: 'footnote-label', className: ['sr-only'] }),
        el('h3', [text(' No id ')]),
        el('p', [text('last')]),
      ],
    };
    expect(extractOutline(tree)).toEqual({
      headings: [
        { level: 1, id: 'title', text: 'Title in the h1Inner' },
        { level: 2, id: 'item', text: 'Item heading' },
        { level: 3, id: 'in-pre', text: 'In pre' },
        { level: 4, id: 'in-button', text: 'In button' },
      ],
      sections: [
        { level: 1, text: ['in the h1'] },
        { id: 'inner', heading: 'Inner', level: 2, text: ['Item heading and text'] },
        { id: 'footnote-label', heading: 'Footnotes', level: 2, text: [] },
        { id: undefined, heading: 'No id', level: 3, text: ['last'] },
      ],
    });
  });
});
