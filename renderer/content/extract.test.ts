// collapseSpace must give exactly what `replace(/\s+/g, ' ')` gives (search records and task-list labels are
// made from it), for every character JavaScript counts as white space, alone and in runs.
import { describe, expect, it } from 'vitest';
import { collapseSpace, extractHeadings, extractSections } from './extract.ts';
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

describe('extractSections', () => {
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
    expect(extractSections(tree)).toEqual([
      { level: 1, text: ['Intro text wrapped'] },
      { id: 'part', heading: 'Part', level: 2, text: ['a b', 'c'] },
    ]);
  });
});

describe('extractHeadings', () => {
  it("keeps a heading's text, not the Markdown source it was cut from (a doc's headings live as long as the build)", () => {
    // Each tree's heading text is a substring of a 200 KB source, as markdown-it's tokens are of a doc's.
    const headingOf = (i: number) => {
      const source = `# Heading number ${i} of a long page\n\n${'Lorem ipsum dolor sit amet. '.repeat(7500)}${i}`;
      const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'h2', properties: { id: `h${i}` }, children: [{ type: 'text', value: source.slice(2, source.indexOf('\n')) }] }] };
      return extractHeadings(tree);
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
