// What the local index takes from one page's records: each word folded and stemmed, where it occurs (the
// title, keywords, headings… with its position) and how often each term is in the body text. This is most
// of the index's build time, and a page's terms depend only on its own records and the locale's language,
// so the build cache keeps them per page: a build that changes one page analyses that page alone, and the
// index is assembled from every page's terms (local-index.ts), the same index a clean build makes.
import { F, POS_PER_ELEMENT, encode } from '../shared/search-index.ts';
import { fold, termFunction, type SearchLanguage } from '../shared/search-lang.ts';
import { tokenize } from '../shared/search-text.ts';
import type { SearchRecord } from './records.ts';

/** One record's indexed text, its terms by their number in the page (PageTerms.terms). */
export interface DocTerms {
  /** A page record's title terms (distinct, first occurrence first), for the index's common title words. */
  title?: number[];
  /**
   * The distinct terms of each indexed element (title, keywords, description, category or heading): an
   * element's length, in its codes, counts those that are not the site's common title words, which only
   * the whole index knows.
   */
  elements: number[][];
  /**
   * The record's postings, term by term as the index ships them once lengths are known: [term, number of
   * structured codes n, body-text count (0: none), then n × (code with length 0, element)].
   */
  postings: number[];
}

export interface PageTerms {
  /** The page's distinct terms (stems). */
  terms: string[];
  /** The page's indexed words (folded tokens), with the number of each one's term and whether a title, keyword or heading holds it. */
  words: string[];
  wordTerms: number[];
  wordStructured: boolean[];
  docs: DocTerms[];
}

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
    const page: PageTerms = { terms, words: [], wordTerms: [], wordStructured: [], docs: [] };
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
          wordIds.set(known.word, (w = page.words.length));
          page.words.push(known.word);
          page.wordTerms.push(term);
          page.wordStructured.push(structured);
        } else if (structured) page.wordStructured[w] = true;
        visit(term, pos);
      }
    };

    for (const r of records) {
      const doc: DocTerms = { elements: [], postings: [] };
      if (r.type === 'lvl1') {
        const title = new Set<number>();
        tokens(r.hierarchy.lvl1 ?? '', true, (t) => title.add(t));
        doc.title = [...title];
      }
      // Codes by term, in the order the record first meets its terms.
      const structured = new Map<number, number[]>();
      const order: number[] = [];
      elementsOf(r).forEach((el, e) => {
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
        doc.elements.push([...distinct]);
      });
      // A page without intro text shows its description as its text: indexed once, as the description.
      const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
      const tf = new Map<number, number>();
      tokens(text, false, (t) => {
        const n = tf.get(t);
        if (n === undefined && !structured.has(t)) order.push(t);
        tf.set(t, (n ?? 0) + 1);
      });
      for (const t of order) {
        const codes = structured.get(t) ?? [];
        doc.postings.push(t, codes.length / 2, tf.get(t) ?? 0);
        for (const c of codes) doc.postings.push(c);
      }
      page.docs.push(doc);
    }
    return page;
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
