// What the local index takes from one page's records: each word folded and stemmed, where it occurs (the
// title, keywords, headings… with its position) and how often each term is in the body text. This is most
// of the index's build time, and a page's terms depend only on its own records and the locale's language,
// so the build cache keeps them per page: a build that changes one page analyses that page alone, and the
// index is assembled from every page's terms (local-index.ts), the same index a clean build makes.
import { F, POS_PER_ELEMENT, encode } from '../shared/search-index.ts';
import { fold, termFunction, type SearchLanguage } from '../shared/search-lang.ts';
import { tokenize } from '../shared/search-text.ts';
import type { SearchRecord } from './records.ts';

/**
 * A page's terms in the compact form the build cache keeps (a locale's 150 pages were ~230,000 numbers and
 * ~66,000 strings: as arrays of arrays, reading them back took longer than analysing the page they changed):
 * two strings and two typed arrays per page, which the cache reads back whole and the index is assembled
 * from as they are (local-index.ts).
 */
export interface PageTerms {
  /** The page's distinct terms (stems), joined by spaces: no term has one (the index joins them so too). */
  terms: string;
  /** How many terms `terms` holds (so that one empty term is not read as none). */
  termCount: number;
  /** The page's indexed words (folded tokens), joined by spaces. */
  words: string;
  /** Per word: the number of its term, times 2, plus 1 when a title, keyword or heading holds it. */
  wordInfo: Int32Array;
  /**
   * The page's records, one after the other, each as:
   * - its title terms (a page record: distinct, first occurrence first; for the index's common title words),
   *   after their count, or -1 (another record);
   * - the count of its indexed elements (title, keywords, description, category or heading), then each
   *   one's distinct terms after their count: an element's length, in its codes, counts those that are not
   *   the site's common title words, which only the whole index knows;
   * - the length of its postings, then the postings, term by term as the index ships them once lengths are
   *   known: [term, number of structured codes n, body-text count (0: none), then n × (code with length 0,
   *   element)].
   * Terms are numbered in the page (`terms`).
   */
  docs: Int32Array;
}

/** The terms of a PageTerms, as an array. */
export const termsOf = (page: PageTerms): string[] => (page.termCount === 0 ? [] : page.terms.split(' '));

/** The words of a PageTerms, as an array. */
export const wordsOf = (page: PageTerms): string[] => (page.wordInfo.length === 0 ? [] : page.words.split(' '));

interface Element {
  field: number;
  index: number;
  text: string;
}

/** What is indexed of a record: page-level fields on the page's own record, its heading on a section's. */
function elementsOf(r: SearchRecord): Element[] {
  const out: Element[] = [];
  if (r.type === 'lvl1') {
    const title = r.hierarchy.lvl1 ?? '';
    out.push({ field: F.title, index: 0, text: title });
    // 'Amazon Simple Storage Service (Amazon S3)' is also 'Amazon Simple Storage Service' and 'Amazon S3':
    // either is the page's exact name.
    const paren = /^(.+?)\s*\(([^)]+)\)\s*$/.exec(title);
    if (paren) out.push({ field: F.title, index: 1, text: paren[1]! }, { field: F.title, index: 2, text: paren[2]! });
    (r.keywords ?? []).forEach((k, i) => out.push({ field: F.keyword, index: i, text: k }));
    if (r.description) out.push({ field: F.description, index: 0, text: r.description });
    out.push({ field: F.category, index: 0, text: r.hierarchy.lvl0 ?? '' });
  } else if (r.type !== 'content') {
    const level = Number(r.type.slice(3));
    out.push({ field: F.heading + level - 2, index: 0, text: r.hierarchy[r.type] ?? '' });
  }
  return out;
}

/**
 * Analyses pages of one language. Each distinct token is folded and stemmed once per analyser (text repeats
 * its words): one analyser serves all the pages of a locale in one build.
 */
export class PageAnalyser {
  /** Token → its folded word and term (null: a stop word). */
  private readonly byToken = new Map<string, { word: string; term: string | null }>();
  private readonly termOf: (folded: string) => string | null;

  constructor(lang: SearchLanguage) {
    this.termOf = termFunction(lang);
  }

  /** The terms of one page's records (consecutive records with the same URL). */
  analyse(records: SearchRecord[]): PageTerms {
    const terms: string[] = [];
    const termIds = new Map<string, number>();
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const wordInfo: number[] = [];
    const docs: number[] = [];
    // Calls `visit` with the page's number of each word's term (stop words skipped) and its position.
    const tokens = (text: string, structured: boolean, visit: (term: number, pos: number) => void) => {
      const raw = tokenize(text);
      for (let pos = 0; pos < raw.length; pos++) {
        const token = raw[pos]!;
        let known = this.byToken.get(token);
        if (!known) {
          const word = fold(token);
          this.byToken.set(token, (known = { word, term: this.termOf(word) }));
        }
        if (known.term === null) continue;
        let term = termIds.get(known.term);
        if (term === undefined) {
          termIds.set(known.term, (term = terms.length));
          terms.push(known.term);
        }
        let w = wordIds.get(known.word);
        if (w === undefined) {
          wordIds.set(known.word, (w = words.length));
          words.push(known.word);
          wordInfo.push(term * 2 + (structured ? 1 : 0));
        } else if (structured) wordInfo[w]! |= 1;
        visit(term, pos);
      }
    };

    for (const r of records) {
      if (r.type === 'lvl1') {
        const title = new Set<number>();
        tokens(r.hierarchy.lvl1 ?? '', true, (t) => title.add(t));
        docs.push(title.size, ...title);
      } else docs.push(-1);
      // Codes by term, in the order the record first meets its terms.
      const structured = new Map<number, number[]>();
      const order: number[] = [];
      const elements = elementsOf(r);
      docs.push(elements.length);
      elements.forEach((el, e) => {
        const distinct = new Set<number>();
        tokens(el.text, true, (t, pos) => {
          distinct.add(t);
          let codes = structured.get(t);
          if (!codes) {
            structured.set(t, (codes = []));
            order.push(t);
          }
          codes.push(encode(el.field, 0, el.index * POS_PER_ELEMENT + Math.min(pos, POS_PER_ELEMENT - 1)), e);
        });
        docs.push(distinct.size, ...distinct);
      });
      // A page without intro text shows its description as its text: indexed once, as the description.
      const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
      const tf = new Map<number, number>();
      tokens(text, false, (t) => {
        const n = tf.get(t);
        if (n === undefined && !structured.has(t)) order.push(t);
        tf.set(t, (n ?? 0) + 1);
      });
      // The postings' length goes before them: its place is kept and filled in once they are pushed.
      const at = docs.length;
      docs.push(0);
      for (const t of order) {
        const codes = structured.get(t) ?? [];
        docs.push(t, codes.length / 2, tf.get(t) ?? 0);
        for (const c of codes) docs.push(c);
      }
      docs[at] = docs.length - at - 1;
    }
    return { terms: terms.join(' '), termCount: terms.length, words: words.join(' '), wordInfo: Int32Array.from(wordInfo), docs: Int32Array.from(docs) };
  }
}

/**
 * Calls `visit` with each posting of the page's records as the index ships it: the record's number in the
 * page, the page's number of the term, and the posting (`entry`, reused: copy it): its number of codes,
 * then the codes, each element's length counted without the site's common title words (`isCommon`, by the
 * page's term numbers).
 */
export function visitPostings(page: PageTerms, isCommon: (term: number) => boolean, visit: (doc: number, term: number, entry: number[]) => void): void {
  const { docs } = page;
  const lens: number[] = [];
  const entry: number[] = [];
  for (let q = 0, doc = 0; q < docs.length; doc++) {
    const title = docs[q++]!;
    if (title > 0) q += title;
    lens.length = 0;
    for (let e = docs[q++]!; e > 0; e--) {
      let n = 0;
      for (let j = docs[q++]!; j > 0; j--) if (!isCommon(docs[q++]!)) n++;
      lens.push(Math.min(n, 31) * 16);
    }
    const end = q + 1 + docs[q]!;
    for (q++; q < end; ) {
      const term = docs[q]!;
      const n = docs[q + 1]!;
      const tf = docs[q + 2]!;
      q += 3;
      entry.length = 0;
      entry.push(tf ? n + 1 : n);
      for (let j = 0; j < n; j++, q += 2) entry.push(docs[q]! + lens[docs[q + 1]!]!);
      if (tf) entry.push(tf * 16 + F.content);
      visit(doc, term, entry);
    }
  }
}

/** A locale's records cut into pages: runs of records with the same URL (records.ts makes them so). */
export function pagesOf(records: SearchRecord[]): SearchRecord[][] {
  const pages: SearchRecord[][] = [];
  let last: string | undefined;
  for (const r of records) {
    if (r.url_without_anchor !== last || pages.length === 0) pages.push([]);
    pages[pages.length - 1]!.push(r);
    last = r.url_without_anchor;
  }
  return pages;
}
