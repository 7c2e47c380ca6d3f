// The route manifest keeps its name across deploys (renderer/render/names.ts): the loader must ask the
// server for it again, past the HTTP cache, before it shows a page it has not loaded yet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteData } from '../renderer/shared/types.ts';

const imported: string[] = [];
vi.mock('./import-chunk.ts', () => ({
  importChunk: async (url: string) => {
    imported.push(url);
    return { default: { path: url } as unknown as RouteData };
  },
}));
const { RouteLoader } = await import('./route-loader.ts');

/** The manifests the server answers with, in turn (the last one repeats); an Error fails the request. */
function server(...answers: (Record<string, string> | Error)[]) {
  const asked: RequestInit[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    asked.push(init);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return { ok: true, status: 200, json: async () => answer };
  });
  return asked;
}

beforeEach(() => {
  imported.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RouteLoader', () => {
  it('revalidates the manifest before each page it has not loaded, and loads the chunk the server names now', async () => {
    const asked = server({ '/a': '/chunks/a1.js', '/b': '/chunks/b1.js' }, { '/a': '/chunks/a1.js', '/b': '/chunks/b2.js' });
    const loader = new RouteLoader('/routes/en.json');
    await loader.load('/a');
    // A deploy renamed b's chunk: the next page shown is the new one.
    await loader.load('/b');
    expect(imported).toEqual(['/chunks/a1.js', '/chunks/b2.js']);
    expect(asked).toEqual([{ cache: 'no-cache' }, { cache: 'no-cache' }]);
    // A page loaded already asks nothing.
    await loader.load('/b');
    expect(asked).toHaveLength(2);
  });

  it('shares one request among pages loaded at once', async () => {
    const asked = server({ '/a': '/chunks/a.js', '/b': '/chunks/b.js' });
    const loader = new RouteLoader('/routes/en.json');
    await Promise.all([loader.load('/a'), loader.load('/b')]);
    expect(asked).toHaveLength(1);
  });

  it('uses the manifest it received last when asking again fails (offline), and fails without one', async () => {
    server({ '/a': '/chunks/a.js', '/b': '/chunks/b.js' }, new Error('offline'));
    const loader = new RouteLoader('/routes/en.json');
    await loader.load('/a');
    await loader.load('/b');
    expect(imported).toEqual(['/chunks/a.js', '/chunks/b.js']);
    server(new Error('offline'));
    await expect(new RouteLoader('/routes/en.json').load('/a')).rejects.toThrow('offline');
  });
});
