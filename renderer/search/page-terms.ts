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

/**
 * A locale's page terms (a Map of PageTerms by page key) serialised with node:v8, as the build cache stores
 * them: made by the worker that analysed the pages, so the main thread passes them to the cache unread
 * rather than receive every page's arrays as objects and serialise them again (~40 ms of its CPU a locale
 * at 150 pages, and their garbage).
 */
export interface SerializedPageTerms {
  /** How many pages. */
  pages: number;
  bytes: Uint8Array;
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

/** The codes of a term that occurs only in body text (never pushed to: codes are made before body text). */
const NO_CODES: number[] = [];

/**
 * Analyses pages of one language. Each distinct token is folded and stemmed once per analyser (text repeats
 * its words): one analyser serves all the pages of a locale in one build. A token's word and term are
 * objects of the analyser, stamped with the page, record and element that last met them, so a token costs
 * one lookup by string however many tables it counts in.
 */
export class PageAnalyser {
  private readonly tokens = new TokenTable<Token>((raw) => this.newToken(raw));
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

  /** A token met for the first time: its word and term, shared with every other token that folds to the word. */
  private newToken(raw: string): Token {
    const folded = fold(raw);
    let word = this.words.get(folded);
    if (!word) this.words.set(folded, (word = { name: folded, page: 0, no: 0 }));
    const stem = this.termOf(folded);
    let term: Term | null = null;
    if (stem !== null) {
      term = this.terms.get(stem) ?? null;
      if (!term) this.terms.set(stem, (term = { name: stem, page: 0, no: 0, element: 0, record: 0, codes: NO_CODES, tf: 0 }));
    }
    return { word, term };
  }

  /**
   * The terms of `text`'s words (stop words skipped) into `found`, with each one's position among the
   * text's tokens (as tokenize splits it), numbering the page's new terms and words as they come; returns
   * how many. One pass: each token is hashed as it is walked and looked up where it stands.
   */
  private scan(text: string, structured: boolean, page: number, out: PageTerms): number {
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
        const { word, term } = this.tokens.get(text, start, i, hash);
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
            out.wordTerms.push(term.no);
            out.wordStructured.push(structured);
          } else if (structured) out.wordStructured[word.no] = true;
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
    const page: PageTerms = { terms: [], words: [], wordTerms: [], wordStructured: [], docs: [] };
    const pageStamp = ++this.clock;
    const found = this.found;
    for (const r of records) {
      const doc: DocTerms = { elements: [], postings: [] };
      if (r.type === 'lvl1') {
        const stamp = ++this.clock;
        const title: number[] = [];
        const n = this.scan(r.hierarchy.lvl1 ?? '', true, pageStamp, page);
        for (let i = 0; i < n; i++) {
          const t = found[i]!;
          if (t.element !== stamp) {
            t.element = stamp;
            title.push(t.no);
          }
        }
        doc.title = title;
      }
      // The record's terms in the order it first meets them, each with its codes and body-text count.
      const record = ++this.clock;
      const order: Term[] = [];
      elementsOf(r).forEach((el, e) => {
        const stamp = ++this.clock;
        const distinct: number[] = [];
        const n = this.scan(el.text, true, pageStamp, page);
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
        doc.elements.push(distinct);
      });
      // A page without intro text shows its description as its text: indexed once, as the description.
      const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
      const n = this.scan(text, false, pageStamp, page);
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
      for (const t of order) {
        const codes = t.codes;
        doc.postings.push(t.no, codes.length / 2, t.tf);
        for (const c of codes) doc.postings.push(c);
        t.codes = NO_CODES;
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
