// The default engine: this locale's index, read through its entry file, which says which term shards and
// page chunks to fetch as queries need them. The entry keeps one name across deploys (so that a page's
// edit renames no file that every page names) and lists parts named by their content: it is revalidated
// when first read (`no-cache`), and read again when a part it lists is gone (a deploy since it was read).
import { LocalSearch } from '../../renderer/shared/search-engine.ts';
import { checkEntry, type Chunk, type Shard } from '../../renderer/shared/search-index.ts';
import type { SearchSettings } from '../../renderer/shared/types.ts';
import { HITS_PER_PAGE, snippetWords, type SearchEngine } from './engine.ts';

async function getJson(url: string, cache?: RequestCache): Promise<unknown> {
  const response = await fetch(url, cache ? { cache } : undefined);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.json();
}

/** A locale's index of at most this many parts (about 150 pages, 350 KB gzip) is loaded whole after a first query. */
const WARM_MAX_FILES = 120;

export function localEngine(settings: SearchSettings): SearchEngine {
  const url = settings.indexUrl;
  let engine: Promise<LocalSearch> | null = null;
  let warming: Promise<unknown> | null = null;
  const load = () => {
    if (!engine) {
      engine = (async () => {
        if (!url) throw new Error('This site has no search index.');
        const entry = checkEntry(await getJson(url, 'no-cache'));
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
      const run = async () => (await load()).search(query, { hitsPerPage: HITS_PER_PAGE, page, snippetWords: snippetWords() });
      const loaded = engine;
      let results;
      try {
        results = await run();
      } catch (err) {
        // Read before a deploy, the entry may list parts that are gone: read it again, once.
        if (!loaded || engine !== loaded) throw err;
        engine = null;
        warming = null;
        results = await run();
      }
      const ready = await load();
      // Once the first results are shown, the rest of a small index loads in the background.
      if (!warming) warming = ready.warm(WARM_MAX_FILES).catch(() => (warming = null));
      return results;
    },
  };
}
