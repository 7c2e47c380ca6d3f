// The one interface the modal and the search page search through. Each engine is its own lazy chunk:
// a site on the local index never downloads the Algolia client, and the other way round.
import type { SearchResults } from '../../renderer/shared/search-hit.ts';
import type { SearchSettings } from '../../renderer/shared/types.ts';

export const HITS_PER_PAGE = 20;
export const MAX_RESULTS_PER_GROUP = 5;
export const MAX_QUERY_LENGTH = 64;
export const STALL_THRESHOLD_MS = 300;
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_SMALL_SCREEN = 5;

export interface SearchRequest {
  query: string;
  page?: number;
}

export interface SearchEngine {
  search(request: SearchRequest): Promise<SearchResults>;
  /** Starts what the first search needs (fetching the index); resolves when it is ready. */
  prepare(): Promise<void>;
}

/** 10 words of snippet, 5 on screens up to 768 px wide. */
export function snippetWords(): number {
  return window.matchMedia('(max-width: 768px)').matches ? SNIPPET_WORDS_SMALL_SCREEN : SNIPPET_WORDS;
}

const engines = new Map<SearchSettings, Promise<SearchEngine>>();

/** One engine per locale's settings, shared by the modal and the search page. A failed load is retried. */
export function loadEngine(settings: SearchSettings): Promise<SearchEngine> {
  let engine = engines.get(settings);
  if (!engine) {
    engine = settings.engine === 'algolia' ? import('./algolia-engine.ts').then((m) => m.algoliaEngine(settings)) : import('./local-engine.ts').then((m) => m.localEngine(settings));
    engine.catch(() => engines.delete(settings));
    engines.set(settings, engine);
  }
  return engine;
}
