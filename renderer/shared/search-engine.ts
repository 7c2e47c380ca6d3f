// The local search engine, the same in the browser (modal and search page) and in the build's tests: it
// reads an index through an IndexSource, loading the term shards a query needs and the page chunks of the
// hits it shows, and caches what it loaded. Results do not depend on what was loaded before.
import { LEVELS, emptyHierarchy, type HitType, type SearchHit, type SearchResults } from './search-hit.ts';
import type { Chunk, IndexSource } from './search-index.ts';
import { fold, termFunction } from './search-lang.ts';
import { rank } from './search-rank.ts';
import { parseQuery, vocabularyOf, type Vocabulary } from './search-terms.ts';
import { highlight, snippet } from './search-text.ts';

export interface QueryOptions {
  /** Hits per page (20 in the modal and on the search page). */
  hitsPerPage: number;
  page?: number;
  /** Words of content around the match (10, or 5 on small screens). */
  snippetWords: number;
}

/** The last range (sorted by first element) that starts at or before `i`. */
function rangeOf(ranges: [number, string][], i: number): [number, string] {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ranges[mid]![0] <= i) lo = mid;
    else hi = mid - 1;
  }
  return ranges[lo]!;
}

export class LocalSearch {
  private readonly vocabulary: Vocabulary;
  private readonly pageStart: number[];
  private readonly shards = new Map<string, Promise<number[][]>>();
  private readonly chunks = new Map<string, Promise<Chunk>>();
  private readonly termOf: (folded: string) => string | null;
  /** Term of each word of displayed text (highlights and snippets look at every word of a hit). */
  private readonly tokenTerms = new Map<string, string | null>();

  constructor(private readonly source: IndexSource) {
    this.vocabulary = vocabularyOf(source.entry);
    this.termOf = termFunction(this.vocabulary.lang);
    let doc = 0;
    this.pageStart = source.entry.pageDocs.map((d) => (doc += d));
  }

  private load<T>(cache: Map<string, Promise<T>>, file: string, get: (file: string) => Promise<T>): Promise<T> {
    let p = cache.get(file);
    if (!p) {
      p = get(file);
      cache.set(file, p);
      // A failed download is tried again by the next query.
      p.catch(() => cache.delete(file));
    }
    return p;
  }

  private async postings(terms: Iterable<number>): Promise<Map<number, number[]>> {
    const { entry } = this.source;
    const out = new Map<number, number[]>();
    await Promise.all(
      [...terms].map(async (term) => {
        const [first, file] = rangeOf(entry.shards, term);
        const shard = await this.load(this.shards, file, (f) => this.source.shard(f));
        out.set(term, shard[term - first]!);
      }),
    );
    return out;
  }

  /**
   * Loads, one file after another, every shard and chunk not loaded yet, when the index has at most
   * `maxFiles` of them: on a small site the next keystrokes then need no download. Never part of a
   * query's own download, and loading more never changes an answer.
   */
  async warm(maxFiles: number): Promise<void> {
    const { shards, chunks } = this.source.entry;
    if (shards.length + chunks.length > maxFiles) return;
    for (const [, file] of shards) await this.load(this.shards, file, (f) => this.source.shard(f));
    for (const [, file] of chunks) await this.load(this.chunks, file, (f) => this.source.chunk(f));
  }

  async search(query: string, options: QueryOptions): Promise<SearchResults> {
    const words = parseQuery(this.vocabulary, query.slice(0, 256));
    const terms = new Set(words.flatMap((w) => [...w.candidates.keys()]));
    if (terms.size === 0) return { hits: [], nbHits: 0 };
    const postings = await this.postings(terms);
    const ranked = rank({ words, postings, pageStart: this.pageStart, pageCount: this.source.entry.pages, common: this.vocabulary.common });
    const start = (options.page ?? 0) * options.hitsPerPage;
    const shown = ranked.slice(start, start + options.hitsPerPage);
    const matched = new Set([...terms].map((t) => this.vocabulary.terms[t]!));
    const isMatch = (token: string) => {
      let term = this.tokenTerms.get(token);
      if (term === undefined) this.tokenTerms.set(token, (term = this.termOf(fold(token))));
      return term !== null && matched.has(term);
    };
    const hits = await Promise.all(
      shown.map(async ({ doc, page }) => {
        const [firstPage, file] = rangeOf(this.source.entry.chunks, page);
        const chunk = await this.load(this.chunks, file, (f) => this.source.chunk(f));
        const [path, lvl0, lvl1, sections] = chunk[page - firstPage]!;
        const [anchor, type, rest, content] = sections[doc - this.pageStart[page]!]!;
        return toHit(anchor ? `${path}#${anchor}` : path, type, [lvl0, lvl1, ...rest], content, isMatch, options.snippetWords);
      }),
    );
    return { hits, nbHits: ranked.length };
  }
}

function toHit(url: string, type: HitType, h: (string | null)[], content: string | null, isMatch: (token: string) => boolean, snippetWords: number): SearchHit {
  const hierarchy = emptyHierarchy();
  const highlighted: SearchHit['_highlightResult']['hierarchy'] = {};
  LEVELS.forEach((level, i) => {
    const value = h[i] ?? null;
    hierarchy[level] = value;
    if (value) highlighted[level] = highlight(value, isMatch);
  });
  return {
    objectID: url,
    url,
    type,
    content,
    hierarchy,
    // Content is shown as a snippet only: highlighting all of it would be wasted work.
    _highlightResult: { hierarchy: highlighted },
    _snippetResult: content ? { content: snippet(content, isMatch, snippetWords) } : {},
  };
}
