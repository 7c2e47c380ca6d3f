// The default engine: this locale's index, read through its entry file (fetched once: it is content-hashed,
// so cached for good), which says which term shards and page chunks to fetch as queries need them.
import { LocalSearch } from '../../renderer/shared/search-engine.ts';
import { checkEntry, type Chunk, type Shard } from '../../renderer/shared/search-index.ts';
import type { SearchSettings } from '../../renderer/shared/types.ts';
import { HITS_PER_PAGE, snippetWords, type SearchEngine } from './engine.ts';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.json();
}

export function localEngine(settings: SearchSettings): SearchEngine {
  const url = settings.indexUrl;
  let engine: Promise<LocalSearch> | null = null;
  const load = () => {
    if (!engine) {
      engine = (async () => {
        if (!url) throw new Error('This site has no search index.');
        const entry = checkEntry(await getJson(url));
        const part = (file: string) => new URL(entry.dir + file, new URL(url, location.href)).href;
        return new LocalSearch({ entry, shard: async (f) => (await getJson(part(f))) as Shard, chunk: async (f) => (await getJson(part(f))) as Chunk });
      })();
      // A failed download is tried again by the next search.
      engine.catch(() => {
        engine = null;
      });
    }
    return engine;
  };
  return {
    prepare: () => load().then(() => undefined),
    async search({ query, page = 0 }) {
      return (await load()).search(query, { hitsPerPage: HITS_PER_PAGE, page, snippetWords: snippetWords() });
    },
  };
}
