// The local search index as it ships: shared by the build (which writes it) and the browser (which loads
// only what a query needs). Three kinds of file per locale:
//   - the entry (small, loaded first): the vocabulary, which shard holds which term, which chunk which page;
//   - term shards: the postings of a contiguous range of terms (sorted), loaded for the terms of a query;
//   - page chunks: what hits display (url, hierarchy, text), loaded for the hits being shown.
// So the first query downloads the entry, a few shards and a few chunks, however many pages the site has.
import type { HitType } from './search-hit.ts';
import type { SearchLanguage } from './search-lang.ts';

/** Where a term occurs. Page-level fields sit on a page's own record; headings and text on each section's. */
export const F = { title: 0, keyword: 1, description: 2, category: 3, heading: 4, content: 9 } as const;

/** Weight of a match by field: what a page is about (title, keywords) outweighs what it mentions. */
export function fieldWeight(field: number, tf: number): number {
  switch (field) {
    case F.title:
      return 10;
    case F.keyword:
      return 9;
    case F.description:
      return 4;
    case F.category:
      return 2;
    case F.content:
      // Saturating: the tenth mention says less than the second.
      return (2 * tf) / (tf + 1.5);
    default:
      // Headings: h2 = 4, h3 = 3, deeper = 2.
      return Math.max(2, 6 - (field - F.heading + 2));
  }
}

// A posting code packs one occurrence of a term in a field element (a title, one keyword, a heading):
// field (4 bits), element length in significant words (5 bits) and position (rest), with the element
// index of keywords in the position's high part. Body text keeps only its term frequency.
export const POS_PER_ELEMENT = 64;
export const encode = (field: number, len: number, pos: number): number => (pos * 32 + Math.min(len, 31)) * 16 + field;
export const fieldOf = (code: number): number => code % 16;
export const lenOf = (code: number): number => Math.floor(code / 16) % 32;
export const posOf = (code: number): number => Math.floor(code / 512);

export interface IndexEntry {
  v: 2;
  lang: SearchLanguage;
  /** Folder of the shards and chunks, relative to the entry's URL. */
  dir: string;
  /** Number of pages. */
  pages: number;
  /** First doc id of each page, as deltas (a page's own record first, then its sections). */
  pageDocs: number[];
  /** Folded words of the text, sorted, space-separated; each one's term below. */
  words: string;
  /** For each word: index of its term in `terms`. */
  wordTerm: number[];
  /** '1' for a word that occurs in a title, keyword or heading: one- or two-letter prefixes expand to those only. */
  wordFlags: string;
  /** Indexed terms (stems), sorted, space-separated. */
  terms: string;
  /** Terms of most page titles ('amazon', 'aws'): they do not make a title more or less exact. */
  common: string[];
  /** [first term index, file name] of each shard, by first term. */
  shards: [number, string][];
  /** [first page index, file name] of each chunk, by first page. */
  chunks: [number, string][];
}

/** A shard: for each of its terms in order, [doc delta, number of codes, ...codes, doc delta, …]. */
export type Shard = number[][];

/** [path, lvl0, lvl1, sections: [anchor ('' for the page itself), type, [lvl2…], content][]] */
export type ChunkPage = [string, string, string, [string, HitType, (string | null)[], string | null][]];
export type Chunk = ChunkPage[];

/** Where the engine gets the files of an index: fetched in the browser, read from memory in the build and tests. */
export interface IndexSource {
  entry: IndexEntry;
  shard(file: string): Promise<Shard>;
  chunk(file: string): Promise<Chunk>;
}

export function checkEntry(value: unknown): IndexEntry {
  const e = value as IndexEntry;
  if (e?.v !== 2 || typeof e.words !== 'string' || !Array.isArray(e.shards) || !Array.isArray(e.chunks)) throw new Error('Unknown search index format');
  return e;
}
