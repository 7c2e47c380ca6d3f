// The index build walks each text once, looking tokens up where they stand (separators.ts, token-table.ts):
// it must split exactly as tokenize does (the browser splits queries with it) and count every word as the
// plain split-fold-stem reading of the text would.
import { describe, expect, it } from 'vitest';
import { F, POS_PER_ELEMENT, encode } from '../shared/search-index.ts';
import { fold, termOf } from '../shared/search-lang.ts';
import { emptyHierarchy } from '../shared/search-hit.ts';
import { tokenize } from '../shared/search-text.ts';
import { commonTerms, PageAnalyser, termsOf, visitPostings, wordsOf } from './page-terms.ts';
import type { SearchRecord } from './records.ts';
import { separatorLength } from './separators.ts';
import { TOKEN_HASH_START, TokenTable, tokenHash } from './token-table.ts';

/** Splits `text` with separatorLength, as the analyser walks it. */
function scan(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; ) {
    const n = i === text.length ? 1 : separatorLength(text, i);
    if (n === 0) {
      i++;
      continue;
    }
    if (i > start) out.push(text.slice(start, i));
    i += n;
    start = i;
  }
  return out;
}

const hashOf = (text: string) => [...text].reduce((h, c) => c.split('').reduce((g, u) => tokenHash(g, u.charCodeAt(0)), h), TOKEN_HASH_START);

describe('separatorLength', () => {
  it('splits every character of the BMP as tokenize does', () => {
    for (let unit = 0; unit < 0x10000; unit += 1) {
      const text = `a${String.fromCharCode(unit)}b ${String.fromCharCode(unit)}`;
      if (scan(text).join('|') !== tokenize(text).join('|')) expect.fail(`U+${unit.toString(16)}: ${JSON.stringify(scan(text))} vs ${JSON.stringify(tokenize(text))}`);
    }
  });

  it('takes a pair beyond the BMP as one character: punctuation separates (𐄀 U+10100, 𞥞 U+1E95E), a symbol or letter does not', () => {
    for (const text of ['x𐄀y', 'x𞥞y𞥞', '😀 smile😀', 'π𝛑x', '\ud800a\udc00b', 'a\ud800', '\udc00\ud800']) {
      expect(scan(text)).toEqual(tokenize(text));
    }
    expect(scan('x𐄀y')).toEqual(['x', 'y']);
  });
});

describe('TokenTable', () => {
  /** The table as the analyser uses it: found, or made with `make` and added. */
  const getter = <T>(make: (token: string) => T) => {
    const table = new TokenTable<T>();
    return (text: string, start: number, end: number, hash: number): T => {
      const found = table.find(text, start, end, hash);
      if (found !== undefined) return found;
      const value = make(text.slice(start, end));
      table.add(text, start, end, hash, value);
      return value;
    };
  };

  it('finds a token wherever it stands, tells apart tokens whose hashes are equal, and keeps them as it grows', () => {
    const made: string[] = [];
    const get = getter((token) => (made.push(token), { token }));
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const text = words.join(' ');
    let at = 0;
    const first = words.map((w) => {
      const value = get(text, at, at + w.length, hashOf(w));
      at += w.length + 1;
      return value;
    });
    expect(first.map((v) => v.token)).toEqual(words);
    // Found again in another text: the same values, nothing made.
    expect(words.map((w) => get(`(${w})`, 1, w.length + 1, hashOf(w)))).toEqual(first);
    expect(made).toHaveLength(3000);
    // One hash for all: found by their text.
    const same = getter((token) => token.toUpperCase());
    expect(['ab', 'ba', 'a', 'abc', 'ab'].map((t) => same(`.${t}.`, 1, t.length + 1, 7))).toEqual(['AB', 'BA', 'A', 'ABC', 'AB']);
  });

  it('finds nothing for a token never added', () => {
    const table = new TokenTable<number>();
    table.add('ab', 0, 2, 7, 1);
    expect(table.find('ab', 0, 1, 7)).toBeUndefined();
    expect(table.find('ba', 0, 2, 7)).toBeUndefined();
    expect(table.find('xab', 1, 3, 7)).toBe(1);
  });
});

const record = (type: SearchRecord['type'], content: string | null, heading?: string): SearchRecord => ({
  objectID: '/p',
  url: 'https://x.test/p',
  url_without_anchor: 'https://x.test/p',
  anchor: heading ? 'h' : null,
  type,
  content,
  hierarchy: { ...emptyHierarchy(), lvl0: 'Cat', lvl1: 'Page', ...(heading ? { lvl2: heading } : {}) },
  language: 'pt-BR',
  docusaurus_tag: 'docs-default-current',
  weight: { pageRank: 0, level: 0, position: 0 },
});

describe('PageAnalyser', () => {
  it('counts each word of a text as splitting, folding and stemming it would, across pages and records', () => {
    const analyser = new PageAnalyser('pt');
    const texts = ['Funções e FUNÇÃO, funcoes; a função𐄀Lambda — lambda, LAMBDA.', 'Outra página: funções de rede e lambda@edge.'];
    for (const text of texts) {
      const page = analyser.analyse([record('content', text)]);
      // Expected: the page's words and terms in the order the text first meets them, stop words left out.
      const terms: string[] = [];
      const words: string[] = [];
      const wordTerms: number[] = [];
      const tf = new Map<number, number>();
      for (const token of tokenize(text)) {
        const word = fold(token);
        const term = termOf(word, 'pt');
        if (term === null) continue;
        if (!terms.includes(term)) terms.push(term);
        const t = terms.indexOf(term);
        if (!words.includes(word)) words.push(word), wordTerms.push(t);
        tf.set(t, (tf.get(t) ?? 0) + 1);
      }
      // In the compact form (PageTerms): a record that is not a page's has no title terms (-1), and this one
      // no elements (0); then its postings after their length.
      const postings = [...tf].flatMap(([t, n]) => [t, 0, n]);
      expect(page).toEqual({ terms: terms.join(' '), termCount: terms.length, words: words.join(' '), wordInfo: Int32Array.from(wordTerms, (t) => t * 2), docs: Int32Array.from([-1, 0, postings.length, ...postings]) });
      expect([termsOf(page), wordsOf(page)]).toEqual([terms, words]);
    }
  });

  it('splits every ASCII character as tokenize does (the scanner walks ASCII by a table of its own)', () => {
    const analyser = new PageAnalyser('');
    for (let unit = 0; unit < 0x80; unit++) {
      const c = String.fromCharCode(unit);
      const text = `a${c}b ${c}x${c}${c}y é${c}`;
      const words = [...new Set(tokenize(text).map(fold))];
      const page = analyser.analyse([record('content', text)]);
      if (wordsOf(page).join('|') !== words.join('|')) expect.fail(`U+${unit.toString(16)}: ${JSON.stringify(wordsOf(page))} vs ${JSON.stringify(words)}`);
    }
  });

  it('gives a heading its codes and the body text its counts, in the order the record meets its terms', () => {
    const page = new PageAnalyser('en').analyse([record('lvl2', 'Lambda layers and more lambda', 'Lambda layers, layers')]);
    expect(termsOf(page)).toEqual(['lambda', 'layer', 'more']);
    expect(page.termCount).toBe(3);
    expect(wordsOf(page)).toEqual(['lambda', 'layers', 'more']);
    // Each word's term, and whether a heading holds it (the low bit).
    expect([...page.wordInfo].map((i) => i >> 1)).toEqual([0, 1, 2]);
    expect([...page.wordInfo].map((i) => i & 1)).toEqual([1, 1, 0]);
    const h2 = (pos: number) => encode(F.heading, 0, Math.min(pos, POS_PER_ELEMENT - 1));
    const postings = [0, 1, 2, h2(0), 0, 1, 2, 1, h2(1), 0, h2(2), 0, 2, 0, 1];
    // No title terms (-1: a section's record), one element with the distinct terms 0 and 1, then the postings.
    expect([...page.docs]).toEqual([-1, 1, 2, 0, 1, postings.length, ...postings]);
  });
});

describe('visitPostings', () => {
  it('gives each code its own element\'s length, common terms not counted, in a record of more elements than 64', () => {
    // A page's record: its title, 100 keywords of one or two words besides a common one, its category.
    const keywords = Array.from({ length: 100 }, (_, i) => (i % 2 ? `word${i} common` : `word${i} other${i} common`));
    const page = new PageAnalyser('en').analyse([{ ...record('lvl1', null), keywords }]);
    const names = termsOf(page);
    const postings = new Map<string, number[]>();
    let current: number[] = [];
    const common = commonTerms(page, (t) => names[t] === 'common');
    visitPostings(page, common, {
      posting: (doc, term, count) => postings.set(names[term]!, (current = [doc, count])),
      code: (n) => current.push(n),
    });
    keywords.forEach((_, i) => {
      // Doc 0, one code: the keyword's, at its first position, of length 1 or 2 (without 'common').
      const code = encode(F.keyword, i % 2 ? 1 : 2, i * POS_PER_ELEMENT);
      expect(postings.get(`word${i}`)).toEqual([0, 1, code]);
    });
    expect(postings.get('common')).toHaveLength(2 + 100);
  });
});
