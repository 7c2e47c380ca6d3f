// A build whose output keeps nothing (cold, or without the build cache) makes each route's chunk as its page
// is rendered, not all of them before the first page, and writes the route manifests after the last page;
// the chunks it makes are the ones routeChunks makes, and a warm build after it finds every chunk and page.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../renderer/build.ts';
import { CACHE_DIR } from '../renderer/cache/build-cache.ts';
import type { ProcessedDoc } from '../renderer/content/process-doc.ts';
import { routeChunks, RouteChunksAsRendered } from '../renderer/render/chunks.ts';
import type { RouteEntry } from '../renderer/routes/route-table.ts';
import { FolderOutput } from '../renderer/write.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

const content: Record<string, string> = { ...minimalContent };
for (const locale of ['pt-BR', 'en']) for (let i = 0; i < 6; i++) content[`content/${locale}/compute/page-${i}.md`] = page(`Page ${i} ${locale}`, `Text ${i}.`);

/** The files a build of `root` writes, in the order it writes them. */
async function writeOrder(root: string, options: { outDir: string; cacheDir?: string }): Promise<string[]> {
  const order: string[] = [];
  const write = FolderOutput.prototype.write;
  const spy = vi.spyOn(FolderOutput.prototype, 'write').mockImplementation(function (this: FolderOutput, rel, data, key) {
    order.push(rel);
    return write.call(this, rel, data, key);
  });
  try {
    await build({ root, bundle: false, threads: 1, ...options });
  } finally {
    spy.mockRestore();
  }
  return order;
}

const isChunk = (rel: string) => rel.startsWith('assets/pages/');
const isManifest = (rel: string) => rel.startsWith('assets/routes/');
const isPage = (rel: string) => rel.endsWith('.html');

afterEach(() => vi.restoreAllMocks());

describe('route chunks made as pages are rendered', () => {
  it.each([
    ['cold with the build cache', { cacheDir: CACHE_DIR }],
    ['without the build cache', {}],
  ])('%s: a chunk comes with its page, the manifests after the last page', async (_name, cache) => {
    const root = makeSite(content);
    const order = await writeOrder(root, { outDir: 'out', ...cache });
    const chunks = order.filter(isChunk);
    const pages = order.filter(isPage);
    expect(chunks.length).toBeGreaterThan(10);
    // Not all chunks before the first page: the last chunk is written after the first page.
    expect(order.indexOf(chunks.at(-1)!)).toBeGreaterThan(order.indexOf(pages[0]!));
    const manifests = order.filter(isManifest);
    expect(manifests.length).toBeGreaterThan(0);
    for (const m of manifests) expect(order.indexOf(m)).toBeGreaterThan(order.lastIndexOf(pages.at(-1)!));
  });

  it('leaves a warm build nothing to make: every chunk and page is found', async () => {
    const root = makeSite(content);
    await writeOrder(root, { outDir: 'out', cacheDir: CACHE_DIR });
    const files = readdirSync(join(root, 'out', 'assets', 'pages')).sort();
    const warm = await build({ root, bundle: false, outDir: 'out', cacheDir: CACHE_DIR });
    const stats = warm.cache!;
    expect(stats.chunks.made).toBe(0);
    expect(stats.chunks.cached).toBe(files.length);
    expect(stats.pages.rendered).toBe(0);
    expect(readdirSync(join(root, 'out', 'assets', 'pages')).sort()).toEqual(files);
  });
});

describe('RouteChunksAsRendered', () => {
  const route = (path: string, locale: string, html: string): RouteEntry => ({ data: { kind: 'doc', path, locale, doc: { id: path, title: path } } as unknown as RouteEntry['data'], outFile: `${path}.html`, key: path, doc: { html } as ProcessedDoc });
  const routes = [route('/en/a', 'en', '<p>a</p>'), route('/pt/a', 'pt-BR', '<p>á</p>'), route('/en/b', 'en', '<p>b</p>'), { data: { kind: 'notFound', path: '/404', locale: 'en' } as unknown as RouteEntry['data'], outFile: '404.html', key: '404' }];

  it('makes a chunk only when asked for, and in the end what routeChunks makes', () => {
    const put: string[] = [];
    const lazy = new RouteChunksAsRendered(routes, '/', (r) => r.doc?.html, undefined, (file) => void put.push(file));
    const eager = routeChunks(routes, '/', (r) => r.doc?.html);
    expect(put).toEqual([]);
    expect(lazy.manifestOf).toEqual(eager.manifestOf);
    expect(lazy.get('/en/b')).toBe(eager.chunkOf.get('/en/b'));
    expect(lazy.get('/404')).toBeUndefined();
    expect(put).toHaveLength(1);
    const done = lazy.finish();
    expect(put).toHaveLength(3);
    expect([...done.chunkOf]).toEqual([...eager.chunkOf]);
    expect([...done.files]).toEqual([...eager.files].filter(([f]) => !f.startsWith('assets/pages/')));
  });
});
