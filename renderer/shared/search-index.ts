// The local search engine's index, shared by the build (which writes it) and the browser (which loads and
// queries it): the same document shape, fields, tokenizer and diacritic folding on both sides, so what is
// indexed is what a query can match. Ranking: the page title weighs most, then headings, then text.
import MiniSearch, { type Options, type SearchOptions, type SearchResult } from 'minisearch';
import { LEVELS, emptyHierarchy, type HitType, type SearchHit, type SearchResults } from './search-hit.ts';
import { highlight, processTerm, snippet, tokenize } from './search-text.ts';

/** One record in the index: short keys, because every stored field ships to the browser. */
export interface IndexDoc {
  id: number;
  /** url (in-site path with #anchor) */
  u: string;
  t: HitType;
  /** hierarchy lvl0…lvl6 (trailing empty levels dropped) */
  h: (string | null)[];
  /** content */
  c: string | null;
}

const FIELDS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];

const BOOST: Record<string, number> = { lvl0: 1.5, lvl1: 8, lvl2: 3, lvl3: 2, lvl4: 1.5, lvl5: 1.5, lvl6: 1.5, content: 1 };

export const searchOptions: SearchOptions = {
  boost: BOOST,
  // Algolia's "prefixLast": the word being typed is a prefix; the others are whole words (with typos).
  prefix: (_term, i, terms) => i === terms.length - 1,
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: 'AND',
  // A page's own record comes before its sections when both match equally.
  boostDocument: (_id, _term, stored) => (stored?.t === 'lvl1' ? 1.2 : 1),
};

export const indexOptions: Options<IndexDoc> = {
  fields: FIELDS,
  storeFields: ['u', 't', 'h', 'c'],
  extractField: (doc, field) => (field === 'content' ? doc.c : field.startsWith('lvl') ? doc.h[Number(field.slice(3))] : doc[field as keyof IndexDoc]) ?? undefined,
  tokenize,
  processTerm: (term) => processTerm(term),
  searchOptions,
};

export function createIndex(docs: IndexDoc[]): MiniSearch<IndexDoc> {
  const index = new MiniSearch<IndexDoc>(indexOptions);
  index.addAll(docs);
  return index;
}

export function loadIndex(json: string): MiniSearch<IndexDoc> {
  return MiniSearch.loadJSON<IndexDoc>(json, indexOptions);
}

export interface QueryOptions {
  /** Hits per page (20 in the modal and on the search page). */
  hitsPerPage: number;
  page?: number;
  /** Words of content around the match (10, or 5 on small screens). */
  snippetWords: number;
}

/** Typo tolerance for every word but the one being typed (a prefix already matches its longer forms). */
const typosBeforeLast: SearchOptions['fuzzy'] = (term, i, terms) => (i < terms.length - 1 && term.length >= 4 ? 0.2 : false);

/**
 * All words must match. Cheapest first: the word being typed as a prefix without typos (most keystrokes
 * end here); then with typos too ('dynamdb'); and when that finds nothing either, any word may match.
 */
export function runQuery(index: MiniSearch<IndexDoc>, query: string): SearchResult[] {
  let q = query.trim();
  if (!q) return [];
  // One letter is the start of a word being typed: expanding it to every word it begins costs more than
  // it tells. Alone, it is matched against titles and headings only; after other words, it waits for
  // the next letter.
  const terms = tokenize(q);
  if (terms.length > 1 && terms[terms.length - 1]!.length === 1) q = q.slice(0, q.lastIndexOf(terms[terms.length - 1]!)).trim();
  const narrow = terms.length === 1 && q.length === 1 ? { fields: ['lvl0', 'lvl1', 'lvl2'] } : {};
  for (const options of [{ fuzzy: typosBeforeLast }, {}, { combineWith: 'OR' as const }]) {
    const results = index.search(q, { ...narrow, ...options });
    if (results.length > 0) return results;
  }
  return [];
}

export function queryIndex(index: MiniSearch<IndexDoc>, query: string, options: QueryOptions): SearchResults {
  const results = runQuery(index, query);
  const start = (options.page ?? 0) * options.hitsPerPage;
  return { hits: results.slice(start, start + options.hitsPerPage).map((r) => toHit(r, options.snippetWords)), nbHits: results.length };
}

function toHit(result: SearchResult, snippetWords: number): SearchHit {
  const terms = new Set(result.terms);
  const h = result.h as (string | null)[];
  const content = (result.c as string | null) ?? null;
  const hierarchy = emptyHierarchy();
  const highlighted: SearchHit['_highlightResult']['hierarchy'] = {};
  LEVELS.forEach((level, i) => {
    const value = h[i] ?? null;
    hierarchy[level] = value;
    if (value) highlighted[level] = highlight(value, terms);
  });
  return {
    objectID: result.u as string,
    url: result.u as string,
    type: result.t as HitType,
    content,
    hierarchy,
    // Content is shown as a snippet only: highlighting all of it would be wasted work.
    _highlightResult: { hierarchy: highlighted },
    _snippetResult: content ? { content: snippet(content, terms, snippetWords) } : {},
  };
}

/**
 * The file a locale's index ships as: its records grouped by page, so a page's url, category and title
 * are written once. The browser builds the MiniSearch index from it (a serialized MiniSearch index would
 * more than double the download for the same text).
 */
export interface PackedIndex {
  v: 1;
  /** [path, lvl0, lvl1, sections: [anchor ('' for the page itself), type, [lvl2…], content][]] */
  pages: [string, string, string, [string, HitType, (string | null)[], string | null][]][];
}

export function unpackIndex(packed: PackedIndex): IndexDoc[] {
  if (packed?.v !== 1 || !Array.isArray(packed.pages)) throw new Error('Unknown search index format');
  const docs: IndexDoc[] = [];
  for (const [path, lvl0, lvl1, sections] of packed.pages) {
    for (const [anchor, t, rest, c] of sections) docs.push({ id: docs.length, u: anchor ? `${path}#${anchor}` : path, t, h: [lvl0, lvl1, ...rest], c });
  }
  return docs;
}
