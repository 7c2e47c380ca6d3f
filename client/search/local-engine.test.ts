// The index entry keeps its name across deploys (renderer/search/local-index.ts) while the parts it lists are
// named by content and replaced: the engine reads it past the HTTP cache, and again when a part is gone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchSettings } from '../../renderer/shared/types.ts';

/** What the fake index does with a query: fetch the one shard its entry lists, and answer with its name. */
vi.mock('../../renderer/shared/search-engine.ts', () => ({
  LocalSearch: class {
    constructor(private readonly source: { entry: { shards: [number, string][] }; shard: (f: string) => Promise<unknown> }) {}
    async search() {
      const file = this.source.entry.shards[0]![1];
      await this.source.shard(file);
      return { hits: [file] };
    }
    async warm() {}
  },
}));
vi.mock('./engine.ts', () => ({ HITS_PER_PAGE: 20, snippetWords: () => 10 }));
const { localEngine } = await import('./local-engine.ts');

const entry = (part: string) => ({ v: 2, words: '', dir: 'en/', shards: [[0, part]], chunks: [] });

/** A host whose entry lists `parts[i]` at the i-th deploy; only the current deploy's part exists. */
function host() {
  const state = { deploy: 0, parts: ['one.json', 'two.json'] };
  const asked: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('location', { href: 'http://site.test/docs/start' });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, ...(init ? { init } : {}) });
    const part = state.parts[state.deploy]!;
    const body = url.endsWith('/index.en.json') ? entry(part) : url.endsWith(`/en/${part}`) ? {} : undefined;
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => body };
  });
  return { state, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('localEngine', () => {
  const settings = { engine: 'local', indexUrl: '/assets/search/index.en.json' } as SearchSettings;

  it('reads the entry past the HTTP cache (no-cache), the parts it lists as cached', async () => {
    const { asked } = host();
    expect(await localEngine(settings).search({ query: 'lambda' })).toEqual({ hits: ['one.json'] });
    expect(asked).toEqual([
      { url: '/assets/search/index.en.json', init: { cache: 'no-cache' } },
      { url: 'http://site.test/assets/search/en/one.json' },
    ]);
  });

  it('reads the entry again when a part it lists is gone (a deploy since), and searches the new index', async () => {
    const { state, asked } = host();
    const engine = localEngine(settings);
    await engine.search({ query: 'lambda' });
    state.deploy = 1;
    expect(await engine.search({ query: 'queue' })).toEqual({ hits: ['two.json'] });
    expect(asked.map((a) => a.url.replace('http://site.test', ''))).toEqual([
      '/assets/search/index.en.json',
      '/assets/search/en/one.json',
      // The fake index fetches its shard again for each query; the real one keeps it.
      '/assets/search/en/one.json',
      '/assets/search/index.en.json',
      '/assets/search/en/two.json',
    ]);
  });
});
