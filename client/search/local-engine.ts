// The default engine: this locale's index, fetched once (it is content-hashed, so cached for good) and
// searched in the page with MiniSearch. Indexing and queries share the diacritic-folding term function.
import type MiniSearch from 'minisearch';
import { createIndex, queryIndex, unpackIndex, type IndexDoc, type PackedIndex } from '../../renderer/shared/search-index.ts';
import type { SearchSettings } from '../../renderer/shared/types.ts';
import { HITS_PER_PAGE, snippetWords, type SearchEngine } from './engine.ts';

export function localEngine(settings: SearchSettings): SearchEngine {
  const url = settings.indexUrl;
  let index: Promise<MiniSearch<IndexDoc>> | null = null;
  const load = () => {
    if (!index) {
      index = (async () => {
        if (!url) throw new Error('This site has no search index.');
        const response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        return createIndex(unpackIndex((await response.json()) as PackedIndex));
      })();
      // A failed download is tried again by the next search.
      index.catch(() => {
        index = null;
      });
    }
    return index;
  };
  return {
    prepare: () => load().then(() => undefined),
    async search({ query, page = 0 }) {
      return queryIndex(await load(), query, { hitsPerPage: HITS_PER_PAGE, page, snippetWords: snippetWords() });
    },
  };
}
