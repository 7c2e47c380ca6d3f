// What the local index takes from one page's records: each word folded and stemmed, where it occurs (the
// title, keywords, headings… with its position) and how often each term is in the body text. This is most
// of the index's build time, and a page's terms depend only on its own records and the locale's language,
// so the build cache keeps them per page: a build that changes one page analyses that page alone, and the
// index is assembled from every page's terms (local-index.ts), the same index a clean build makes.
import { F, POS_PER_ELEMENT, encode } from '../shared/search-index.ts';
import { termOf, type SearchLanguage } from '../shared/search-lang.ts';
import { separatorLength } from './separators.ts';
import { TOKEN_HASH_START, TokenTable, tokenHash } from './token-table.ts';
import { foldToken } from './token-fold.ts';
import { IntList } from './int-list.ts';
import { objectArray } from './object-array.ts';
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

/** An analyser's terms and words by number (PageIds), in the order it met them. */
export interface Vocabulary {
  readonly termNames: readonly string[];
  readonly wordNames: readonly string[];
}

/**
 * A page's terms and words by the numbers of the analyser that made its PageTerms: pages all analysed by one
 * analyser are assembled into an index from these (local-index.ts), rather than by splitting every page's
 * strings and looking each of its terms and words up by name again. Not kept by the build cache: the
 * numbers are one analyser's, and a page's PageTerms is what it keeps.
 */
export interface PageIds {
  vocabulary: Vocabulary;
  /** Per term of PageTerms.terms and per word of PageTerms.words, in their order: its number. */
  terms: Int32Array;
  words: Int32Array;
}

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

/** A term (stem) of the analyser's language, with where it was last met. */
class Term {
  /** Stamp of the page that last met it, and its number in that page (PageTerms.terms). */
  page = 0;
  no = 0;
  /** Stamp of the element (or title) that last met it: counts it once per element. */
  element = 0;
  /** Stamp of the record that last met it; the codes and body-text count below are that record's. */
  record = 0;
  /**
   * The record's codes of it, as a chain in the analyser's `codes` (each entry: code, element, next entry's
   * place or -1): its first and last entry (-1: none) and how many.
   */
  first = -1;
  last = -1;
  count = 0;
  tf = 0;
  constructor(
    readonly name: string,
    /** Its number in the analyser's vocabulary (-1: STOP). */
    readonly id: number,
  ) {}
}

/** ASCII letters and digits (never separators). */
const WORD_ASCII = new Uint8Array(0x80);
for (let u = 0; u < 0x80; u++) if (/[A-Za-z0-9]/.test(String.fromCharCode(u))) WORD_ASCII[u] = 1;

/** A token that is ASCII only, whose fold is its lower case. */
const ASCII = /^[\0-\x7f]*$/;

/** The term of a stop word (not null: one type for the field the scanner reads). */
const STOP = new Term('', -1);

/**
 * A word (a token folded) of the analyser's language, with its term (STOP: a stop word) and where it was last
 * met — what every token that folds to it is, so a token costs one lookup of the table and no more.
 */
class Word {
  /** Stamp of the page that last met it, and its number in that page (PageTerms.words). */
  page = 0;
  no = 0;
  constructor(
    readonly name: string,
    /** Its number in the analyser's vocabulary. */
    readonly id: number,
    readonly term: Term,
  ) {}
}

// V8 first takes a field that has only held its first value as a constant, and code compiled so is thrown
// away once the field is written: the stamps of the first page's words and terms were written while the
// analyser's code was being compiled, which it then was again (the analyser is most of an index's build).
// Written once here, before any of it runs, they are plain fields from the start.
{
  const term = new Term('', 0);
  const word = new Word('', 0, term);
  [term.page, term.no, term.element, term.record, term.first, term.last, term.count, term.tf] = [1, 1, 1, 1, 1, 1, 1, 1];
  [word.page, word.no] = [1, 1];
}

/**
 * A page's terms and words as the analyser meets them, before they are joined into a PageTerms; one per
 * analyser, emptied for each page. A class, not an object literal: V8 makes a literal's template the second
 * time it runs (here, the second locale's analyser) and then widens its fields' types, under the compiled
 * analyser that relied on them (compiled again).
 */
class PageBuilder {
  readonly terms: string[] = objectArray();
  readonly words: string[] = objectArray();
  /** As PageTerms.wordInfo. */
  readonly wordInfo = new IntList();
  /** As PageIds.terms and .words. */
  readonly termIds = new IntList();
  readonly wordIds = new IntList();
}

/**
 * Analyses pages of one language. Each distinct token is folded and stemmed once per analyser (text repeats
 * its words): one analyser serves all the pages of a locale in one build. A token's word and term are
 * objects of the analyser, stamped with the page, record and element that last met them, so a token costs
 * one lookup by string however many tables it counts in.
 */
export class PageAnalyser implements Vocabulary {
  readonly termNames: string[] = objectArray();
  readonly wordNames: string[] = objectArray();
  private readonly tokens = new TokenTable<Word>();
  private readonly words = new Map<string, Word>();
  private readonly terms = new Map<string, Term>();
  /** Source of stamps (pages, records, elements): each is used once. */
  private clock = 0;
  /** The terms of one text's tokens that are not stop words, with their positions (scratch). */
  private readonly found: Term[] = objectArray();
  private readonly positions: number[] = [];
  /** A page's numbers as they are made (scratch, reused: only their copies are kept). */
  private readonly page = new PageBuilder();
  private readonly docs = new IntList(4096);
  /** The codes of the record being analysed, chained per term (Term.first). */
  private readonly codes = new IntList();

  /** The language, not a function made per analyser: the compiled scanner met a new one with each locale. */
  constructor(private readonly lang: SearchLanguage) {}

  /**
   * A token met for the first time, text[start, end): its word and term, shared with every other token that
   * folds to the word, added to the table. A method, not a callback the table is given: a closure per
   * analyser was a new call target for the compiled scanner each time ("wrong call target": compiled again).
   */
  private newToken(text: string, start: number, end: number, hash: number): Word {
    const token = text.slice(start, end);
    // An ASCII token's fold is its lower case (every English one); another's is folded the build's way.
    const folded = ASCII.test(token) ? token.toLowerCase() : foldToken(token);
    let word = this.words.get(folded);
    if (!word) {
      // Stemmed once per word: tokens that fold to one word (case, accents) share it.
      const stem = termOf(folded, this.lang);
      let term = STOP;
      if (stem !== null) {
        term = this.terms.get(stem) ?? STOP;
        if (term === STOP) this.terms.set(stem, (term = new Term(stem, this.termNames.push(stem) - 1)));
      }
      this.words.set(folded, (word = new Word(folded, this.wordNames.push(folded) - 1, term)));
    }
    this.tokens.add(text, start, end, hash, word);
    return word;
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
      // ASCII letters and digits: part of a token, without asking the separators' table.
      if (i < n) {
        const unit = text.charCodeAt(i);
        if (unit < 0x80 && WORD_ASCII[unit] === 1) {
          hash = tokenHash(hash, unit);
          i++;
          continue;
        }
      }
      const separator = i === n ? 1 : separatorLength(text, i);
      if (separator === 0) {
        hash = tokenHash(hash, text.charCodeAt(i));
        i++;
        continue;
      }
      if (i > start) {
        const word = this.tokens.find(text, start, i, hash) ?? this.newToken(text, start, i, hash);
        const term = word.term;
        if (term !== STOP) {
          if (term.page !== page) {
            term.page = page;
            term.no = out.terms.length;
            out.terms.push(term.name);
            out.termIds.push(term.id);
          }
          if (word.page !== page) {
            word.page = page;
            word.no = out.words.length;
            out.words.push(word.name);
            out.wordIds.push(word.id);
            out.wordInfo.push(term.no * 2 + (structured ? 1 : 0));
          } else if (structured) out.wordInfo.data[word.no]! |= 1;
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
    return this.analyseWithIds(records).terms;
  }

  /** The terms of one page's records, and their numbers in this analyser's vocabulary. */
  analyseWithIds(records: SearchRecord[]): { terms: PageTerms; ids: PageIds } {
    const out = this.page;
    out.terms.length = 0;
    out.words.length = 0;
    out.wordInfo.length = 0;
    out.termIds.length = 0;
    out.wordIds.length = 0;
    const docs = this.docs;
    docs.length = 0;
    const codes = this.codes;
    const pageStamp = ++this.clock;
    const found = this.found;
    for (const r of records) {
      if (r.type === 'lvl1') {
        const stamp = ++this.clock;
        // The count goes before the terms: its place is kept and filled in once they are pushed.
        const at = docs.length;
        docs.push(0);
        const n = this.scan(r.hierarchy.lvl1 ?? '', true, pageStamp, out);
        for (let i = 0; i < n; i++) {
          const t = found[i]!;
          if (t.element !== stamp) {
            t.element = stamp;
            docs.push(t.no);
          }
        }
        docs.data[at] = docs.length - at - 1;
      } else docs.push(-1);
      // The record's terms in the order it first meets them, each with its codes and body-text count.
      const record = ++this.clock;
      const order: Term[] = [];
      codes.length = 0;
      const elements = elementsOf(r);
      docs.push(elements.length);
      for (let e = 0; e < elements.length; e++) {
        const el = elements[e]!;
        const stamp = ++this.clock;
        const at = docs.length;
        docs.push(0);
        const n = this.scan(el.text, true, pageStamp, out);
        for (let i = 0; i < n; i++) {
          const t = found[i]!;
          if (t.element !== stamp) {
            t.element = stamp;
            docs.push(t.no);
          }
          if (t.record !== record) {
            t.record = record;
            t.first = t.last = -1;
            t.count = 0;
            t.tf = 0;
            order.push(t);
          }
          const entry = codes.length;
          codes.push(encode(el.field, 0, el.index * POS_PER_ELEMENT + Math.min(this.positions[i]!, POS_PER_ELEMENT - 1)));
          codes.push(e);
          codes.push(-1);
          if (t.last < 0) t.first = entry;
          else codes.data[t.last + 2] = entry;
          t.last = entry;
          t.count++;
        }
        docs.data[at] = docs.length - at - 1;
      }
      // A page without intro text shows its description as its text: indexed once, as the description.
      const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
      const n = this.scan(text, false, pageStamp, out);
      for (let i = 0; i < n; i++) {
        const t = found[i]!;
        if (t.record !== record) {
          t.record = record;
          t.first = t.last = -1;
          t.count = 0;
          t.tf = 0;
          order.push(t);
        }
        t.tf++;
      }
      // The postings' length goes before them: its place is kept and filled in once they are pushed.
      const at = docs.length;
      docs.push(0);
      const chain = codes.data;
      for (const t of order) {
        docs.push(t.no);
        docs.push(t.count);
        docs.push(t.tf);
        for (let c = t.first; c >= 0; c = chain[c + 2]!) {
          docs.push(chain[c]!);
          docs.push(chain[c + 1]!);
        }
      }
      docs.data[at] = docs.length - at - 1;
    }
    const terms: PageTerms = { terms: out.terms.join(' '), termCount: out.terms.length, words: out.words.join(' '), wordInfo: out.wordInfo.copy(), docs: docs.copy() };
    return { terms, ids: { vocabulary: this, terms: out.termIds.copy(), words: out.wordIds.copy() } };
  }
}

/** Where visitPostings puts a page's postings. */
export interface PostingSink {
  /** A posting of the page's term `term` in its record `doc`: `count` numbers (code) follow. */
  posting(doc: number, term: number, count: number): void;
  code(n: number): void;
}

/**
 * Gives `sink` each posting of the page's records as the index ships it: the record's number in the page,
 * the page's number of the term, its number of codes, then the codes, each element's length counted without
 * the site's common title words (`common`, 1 by the page's term numbers). A sink and a table rather than a
 * callback per posting and a fresh array each time: this loop is a large share of an index's assembly.
 */
export function visitPostings(page: PageTerms, common: Uint8Array, sink: PostingSink): void {
  const { docs } = page;
  for (let q = 0, doc = 0; q < docs.length; doc++) {
    const title = docs[q++]!;
    if (title > 0) q += title;
    const elements = docs[q++]!;
    if (elements > LENS.length) LENS = new Int32Array(elements);
    const lens = LENS;
    for (let e = 0; e < elements; e++) {
      let n = 0;
      for (let j = docs[q++]!; j > 0; j--) if (common[docs[q++]!] !== 1) n++;
      lens[e] = Math.min(n, 31) * 16;
    }
    const end = q + 1 + docs[q]!;
    for (q++; q < end; ) {
      const term = docs[q]!;
      const n = docs[q + 1]!;
      const tf = docs[q + 2]!;
      q += 3;
      sink.posting(doc, term, tf ? n + 1 : n);
      for (let j = 0; j < n; j++, q += 2) sink.code(docs[q]! + lens[docs[q + 1]!]!);
      if (tf) sink.code(tf * 16 + F.content);
    }
  }
}

/** Each element's length code (visitPostings' scratch, grown for a record with more elements). */
let LENS = new Int32Array(64);

/** The page's common terms (visitPostings' `common`) from a test by term number. */
export function commonTerms(page: PageTerms, isCommon: (term: number) => boolean): Uint8Array {
  const common = new Uint8Array(page.termCount);
  for (let t = 0; t < common.length; t++) if (isCommon(t)) common[t] = 1;
  return common;
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
