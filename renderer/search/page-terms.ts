// What the local index takes from one page's records: each word folded and stemmed, where it occurs (the
// title, keywords, headings… with its position) and how often each term is in the body text. This is most
// of the index's build time, and a page's terms depend only on its own records and the locale's language,
// so the build cache keeps them per page: a build that changes one page analyses that page alone, and the
// index is assembled from every page's terms (local-index.ts), the same index a clean build makes.
import { F, POS_PER_ELEMENT, encode } from '../shared/search-index.ts';
import { fold, termFunction, type SearchLanguage } from '../shared/search-lang.ts';
import { separatorLength } from './separators.ts';
import { TOKEN_HASH_START, TokenTable, tokenHash } from './token-table.ts';
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

/**
 * A locale's kept terms (build-search.ts's LocaleTerms: its pages' PageTerms by page key, and the index as
 * assembled) serialised with node:v8, as the build cache stores them: made by the worker that analysed the
 * pages, so the main thread passes them to the cache unread rather than receive every page's terms and the
 * assembly as objects and serialise them again (CPU of the main thread, and their garbage). In pieces of
 * ~48 KB (terms-pieces.ts), handed from thread to thread rather than copied: the head's first (its buckets
 * and the index), then each bucket's pages, each bucket an entry of the cache.
 */
export interface SerializedPageTerms {
  /** How many pages. */
  pages: number;
  pieces: Uint8Array[];
  /** How many of the pieces are the head's. */
  head: number;
  /** Each bucket's name and its pieces (from, to: as slice takes them). */
  buckets: { name: string; from: number; to: number }[];
}

/** Whether kept terms arrived serialised (from a worker) rather than as objects. */
export const isSerialized = (terms: object): terms is SerializedPageTerms => Array.isArray((terms as Partial<SerializedPageTerms>).pieces);

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

/** A word or term of the analyser's language, with where it was last met (stamps) — the analysis's scratch state. */
interface Name {
  name: string;
  /** Stamp of the page that last met it, and its number in that page (PageTerms.terms or .words). */
  page: number;
  no: number;
}

interface Term extends Name {
  /** Stamp of the element (or title) that last met it: counts it once per element. */
  element: number;
  /** Stamp of the record that last met it; the codes and body-text count below are that record's. */
  record: number;
  codes: number[];
  tf: number;
}

/** What a token (as written) is: its folded word, and the word's term (null: a stop word). */
interface Token {
  word: Name;
  term: Term | null;
}

/** A page's terms and words as the analyser meets them, before they are joined into a PageTerms. */
interface PageBuilder {
  terms: string[];
  words: string[];
  /** As PageTerms.wordInfo. */
  wordInfo: number[];
}

/** The codes of a term that occurs only in body text (never pushed to: codes are made before body text). */
const NO_CODES: number[] = [];

/**
 * Analyses pages of one language. Each distinct token is folded and stemmed once per analyser (text repeats
 * its words): one analyser serves all the pages of a locale in one build. A token's word and term are
 * objects of the analyser, stamped with the page, record and element that last met them, so a token costs
 * one lookup by string however many tables it counts in.
 */
export class PageAnalyser {
  private readonly tokens = new TokenTable<Token>();
  private readonly words = new Map<string, Name>();
  private readonly terms = new Map<string, Term>();
  private readonly termOf: (folded: string) => string | null;
  /** Source of stamps (pages, records, elements): each is used once. */
  private clock = 0;
  /** The terms of one text's tokens that are not stop words, with their positions (scratch). */
  private readonly found: Term[] = [];
  private readonly positions: number[] = [];

  constructor(lang: SearchLanguage) {
    this.termOf = termFunction(lang);
  }

  /**
   * A token met for the first time, text[start, end): its word and term, shared with every other token that
   * folds to the word, added to the table. A method, not a callback the table is given: a closure per
   * analyser was a new call target for the compiled scanner each time ("wrong call target": compiled again).
   */
  private newToken(text: string, start: number, end: number, hash: number): Token {
    const folded = fold(text.slice(start, end));
    let word = this.words.get(folded);
    if (!word) this.words.set(folded, (word = { name: folded, page: 0, no: 0 }));
    const stem = this.termOf(folded);
    let term: Term | null = null;
    if (stem !== null) {
      term = this.terms.get(stem) ?? null;
      if (!term) this.terms.set(stem, (term = { name: stem, page: 0, no: 0, element: 0, record: 0, codes: NO_CODES, tf: 0 }));
    }
    const token = { word, term };
    this.tokens.add(text, start, end, hash, token);
    return token;
  }

  /**
   * The terms of `text`'s words (stop words skipped) into `found`, with each one's position among the
   * text's tokens (as tokenize splits it), numbering the page's new terms and words as they come; returns
   * how many. One pass: each token is hashed as it is walked and looked up where it stands.
   */
  private scan(text: string, structured: boolean, page: number, out: PageBuilder): number {
    let count = 0;
    let pos = 0;
    let start = 0;
    let hash = TOKEN_HASH_START;
    const n = text.length;
    for (let i = 0; i <= n; ) {
      const separator = i === n ? 1 : separatorLength(text, i);
      if (separator === 0) {
        hash = tokenHash(hash, text.charCodeAt(i));
        i++;
        continue;
      }
      if (i > start) {
        const { word, term } = this.tokens.find(text, start, i, hash) ?? this.newToken(text, start, i, hash);
        if (term !== null) {
          if (term.page !== page) {
            term.page = page;
            term.no = out.terms.length;
            out.terms.push(term.name);
          }
          if (word.page !== page) {
            word.page = page;
            word.no = out.words.length;
            out.words.push(word.name);
            out.wordInfo.push(term.no * 2 + (structured ? 1 : 0));
          } else if (structured) out.wordInfo[word.no]! |= 1;
          this.found[count] = term;
          this.positions[count] = pos;
          count++;
        }
        pos++;
      }
      i += separator;
      start = i;
      hash = TOKEN_HASH_START;
    }
    return count;
  }

  /** The terms of one page's records (consecutive records with the same URL). */
  analyse(records: SearchRecord[]): PageTerms {
    const out: PageBuilder = { terms: [], words: [], wordInfo: [] };
    const docs: number[] = [];
    const pageStamp = ++this.clock;
    const found = this.found;
    for (const r of records) {
      if (r.type === 'lvl1') {
        const stamp = ++this.clock;
        const title: number[] = [];
        const n = this.scan(r.hierarchy.lvl1 ?? '', true, pageStamp, out);
        for (let i = 0; i < n; i++) {
          const t = found[i]!;
          if (t.element !== stamp) {
            t.element = stamp;
            title.push(t.no);
          }
        }
        docs.push(title.length, ...title);
      } else docs.push(-1);
      // The record's terms in the order it first meets them, each with its codes and body-text count.
      const record = ++this.clock;
      const order: Term[] = [];
      const elements = elementsOf(r);
      docs.push(elements.length);
      elements.forEach((el, e) => {
        const stamp = ++this.clock;
        const distinct: number[] = [];
        const n = this.scan(el.text, true, pageStamp, out);
        for (let i = 0; i < n; i++) {
          const t = found[i]!;
          if (t.element !== stamp) {
            t.element = stamp;
            distinct.push(t.no);
          }
          if (t.record !== record) {
            t.record = record;
            t.codes = [];
            t.tf = 0;
            order.push(t);
          }
          t.codes.push(encode(el.field, 0, el.index * POS_PER_ELEMENT + Math.min(this.positions[i]!, POS_PER_ELEMENT - 1)), e);
        }
        docs.push(distinct.length, ...distinct);
      });
      // A page without intro text shows its description as its text: indexed once, as the description.
      const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
      const n = this.scan(text, false, pageStamp, out);
      for (let i = 0; i < n; i++) {
        const t = found[i]!;
        if (t.record !== record) {
          t.record = record;
          t.codes = NO_CODES;
          t.tf = 0;
          order.push(t);
        }
        t.tf++;
      }
      // The postings' length goes before them: its place is kept and filled in once they are pushed.
      const at = docs.length;
      docs.push(0);
      for (const t of order) {
        const codes = t.codes;
        docs.push(t.no, codes.length / 2, t.tf);
        for (const c of codes) docs.push(c);
        t.codes = NO_CODES;
      }
      docs[at] = docs.length - at - 1;
    }
    return { terms: out.terms.join(' '), termCount: out.terms.length, words: out.words.join(' '), wordInfo: Int32Array.from(out.wordInfo), docs: Int32Array.from(docs) };
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
