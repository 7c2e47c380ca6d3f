// The dev server's site, held in memory: the prepared site (renderer/site/prepare.ts) plus its output, so
// that one change can replace just the parts it touches. Files are written by the same stages as a build,
// into a MemoryOutput, with stable names for the files every edit changes (render/names.ts). Nothing here is
// module-level: a state object lives as long as one `serve` session and a full rebuild makes a new one.
import { collectIds } from '../links/html-scan.ts';
import type { BrokenLink } from '../problems.ts';
import { routeChunks } from '../render/chunks.ts';
import { manifestFile } from '../render/names.ts';
import { renderPages, siteDataFiles } from '../render/render-pages.ts';
import { renderSitemap } from '../render/sitemap.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import type { LocaleInfo, SiteData } from '../shared/types.ts';
import type { PreparedSite } from '../site/prepare.ts';
import { localeSiteData, pageInput } from '../site/render.ts';
import type { ClientBundle } from '../bundle/client.ts';
import type { IndexCache, SearchAssets } from '../search/build-search.ts';
import type { MemoryOutput } from '../write.ts';

export interface DevState extends PreparedSite {
  siteData: Map<string, SiteData>;
  /** URL of each locale's site-data file (a stable name: pages need not change when it does). */
  siteUrls: Record<string, string>;
  /** Everything the server answers with, by path under baseUrl: what `build` would write. */
  output: MemoryOutput;
  /** The route-chunk file of each route path, per locale. */
  chunkFiles: Map<string, Map<string, string>>;
  /** Routes whose page must be rendered again before it is served (rendered on request or in the background). */
  dirty: Map<string, RouteEntry>;
  /** Broken links found on each page, by output file. */
  broken: Map<string, BrokenLink[]>;
  /** Element ids of each rendered page, by output file (what anchors into it can point at). */
  ids: Map<string, Set<string>>;
  /** The search indexes and page terms of the last search stage: a locale whose records did not change is not indexed again. */
  searchCache: IndexCache;
}

const manifestUrl = (state: DevState, locale: string) => state.loaded.config.baseUrl + manifestFile(locale);

export function routesOf(state: DevState, locale: string): RouteEntry[] {
  return state.table.routes.filter((r) => r.data.locale === locale);
}

/**
 * Recomputes route chunks and swaps them into the served files: all of a locale's routes, or only the given
 * ones (their data changed, nobody else's did), patched into the locale's manifest.
 */
export function updateChunks(state: DevState, locale: string, only?: RouteEntry[]): void {
  const routes = only ?? routesOf(state, locale);
  const baseUrl = state.loaded.config.baseUrl;
  const chunks = routeChunks(routes, baseUrl, (r) => r.doc?.html);
  let owned = state.chunkFiles.get(locale);
  if (!owned || !only) {
    for (const file of owned?.values() ?? []) state.output.delete(file);
    owned = new Map();
    state.chunkFiles.set(locale, owned);
  }
  for (const r of routes) {
    const old = owned.get(r.data.path);
    if (old) state.output.delete(old);
    owned.delete(r.data.path);
  }
  for (const [path, url] of chunks.chunkOf) {
    const file = url.slice(baseUrl.length);
    state.output.write(file, chunks.files.get(file)!);
    owned.set(path, file);
  }
  const live = new Set(routesOf(state, locale).map((r) => r.data.path));
  for (const [path, file] of owned) {
    if (live.has(path)) continue;
    state.output.delete(file);
    owned.delete(path);
  }
  const manifest: Record<string, string> = {};
  for (const [path, file] of owned) manifest[path] = baseUrl + file;
  const json = JSON.stringify(manifest);
  state.output.write(manifestFile(locale), json);
}

/** Recomputes a locale's shared data and writes its file; its pages must be re-rendered. */
export function updateSiteData(state: DevState, locale: LocaleInfo): void {
  state.siteData.set(locale.code, localeSiteData(state, locale, manifestUrl(state, locale.code)));
  const { files, urls } = siteDataFiles(new Map([[locale.code, state.siteData.get(locale.code)!]]), state.loaded.config.baseUrl, 'stable');
  for (const [file, json] of files) state.output.write(file, json);
  Object.assign(state.siteUrls, urls);
}

/** Renders the given routes into the served files. */
export function renderRoutes(state: DevState, routes: RouteEntry[]): void {
  renderPages({ routes, ...pageInput(state, state.siteData, state.siteUrls) }, (entry, html) => state.output.write(entry.outFile, html));
}

export function putSitemap(state: DevState): void {
  state.output.write('sitemap.xml', renderSitemap(state.table.routes, state.loaded.config.url));
}

export function putBundle(state: DevState, previous?: ClientBundle): void {
  for (const file of previous?.files.keys() ?? []) state.output.delete(file);
  for (const [file, bytes] of state.bundle.files) if (!file.endsWith('.map')) state.output.write(file, bytes);
}

/** Serves the search files that changed (with a stable name, an unchanged locale's index files are the same). */
export function putSearch(state: DevState, previous?: SearchAssets): void {
  for (const file of previous?.files.keys() ?? []) if (!state.search.files.has(file)) state.output.delete(file);
  for (const [file, body] of state.search.files) if (previous?.files.get(file) !== body) state.output.write(file, body);
}

/** HTML of every page currently served, by output file. */
export function pagesOf(state: DevState, routes: RouteEntry[] = state.table.routes): Map<string, string> {
  const pages = new Map<string, string>();
  for (const r of routes) {
    const html = state.output.read(r.outFile);
    if (html !== undefined) pages.set(r.outFile, html);
  }
  return pages;
}

/** Renders a page now if it is waiting in the dirty set (a request for it should not get the old version). */
export function freshen(state: DevState, outFile: string): void {
  const entry = state.dirty.get(outFile);
  if (!entry) return;
  renderRoutes(state, [entry]);
  state.dirty.delete(outFile);
  state.ids.set(outFile, collectIds(state.output.read(outFile) ?? ''));
}

/** Renders up to `count` dirty pages; returns how many remain. */
export function renderSomeDirty(state: DevState, count: number): number {
  const batch = [...state.dirty.values()].slice(0, count);
  renderRoutes(state, batch);
  for (const r of batch) {
    state.dirty.delete(r.outFile);
    state.ids.set(r.outFile, collectIds(state.output.read(r.outFile) ?? ''));
  }
  return state.dirty.size;
}
