// The dev server's build, held in memory: every stage's output, so that one change can replace just the
// parts it touches. Nothing here is module-level: a state object lives as long as one `serve` session and
// a full rebuild makes a new one.
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { ClientBundle } from '../bundle/client.ts';
import { MERMAID_ENTRY, mermaidFiles } from '../bundle/mermaid.ts';
import type { LoadedConfig } from '../config/load.ts';
import type { ContentFile } from '../content/files.ts';
import type { LocaleContent } from '../content/load.ts';
import type { DocJob } from '../content/process-doc.ts';
import type { BrokenLink } from '../problems.ts';
import { collectIds } from '../links/html-scan.ts';
import { routeChunks } from '../render/chunks.ts';
import { renderPages } from '../render/render-pages.ts';
import { renderRobots } from '../render/robots.ts';
import { renderSitemap } from '../render/sitemap.ts';
import type { Templates } from '../render/templates.ts';
import type { RouteEntry, RouteTable } from '../routes/route-table.ts';
import { siteDataOf } from '../routes/site-data.ts';
import type { SearchAssets } from '../search/build-search.ts';
import type { LocaleInfo, SiteData } from '../shared/types.ts';
import type { OutputFiles } from '../write.ts';

export interface DevState {
  root: string;
  loaded: LoadedConfig;
  locales: LocaleInfo[];
  strings: Map<string, Record<string, string>>;
  jobFor: (file: ContentFile) => DocJob;
  content: Map<string, LocaleContent>;
  templates: Templates;
  bundle: ClientBundle;
  search: SearchAssets;
  table: RouteTable;
  siteData: Map<string, SiteData>;
  /** Everything the server answers with, by path under baseUrl: pages, route chunks, bundle, search, sitemap. */
  files: OutputFiles;
  /** The route-chunk file of each route path, per locale. */
  chunkFiles: Map<string, Map<string, string>>;
  /** Routes whose page must be rendered again before it is served (rendered on request or in the background). */
  dirty: Map<string, RouteEntry>;
  /** Broken links found on each page, by output file. */
  broken: Map<string, BrokenLink[]>;
  /** Element ids of each rendered page, by output file (what anchors into it can point at). */
  ids: Map<string, Set<string>>;
  staticDir: string;
  /** Site folders the stages read (content, i18n, static, templates, client): what the watcher watches. */
  watched: string[];
}

/**
 * Dev serves each locale's route manifest under a stable name: its content changes with every edit, and a
 * hashed name would change the data of every page of the locale (and so force re-rendering all of them).
 * Nothing is cached in dev (no-store), so a stable name cannot serve a stale manifest.
 */
export const devManifestFile = (locale: string) => `assets/routes/${locale}.dev.json`;

export function routesOf(state: DevState, locale: string): RouteEntry[] {
  return state.table.routes.filter((r) => r.data.locale === locale);
}

/**
 * Recomputes route chunks and swaps them into the served files: all of a locale's routes, or only the given
 * ones (their data changed, nobody else's did), patched into the locale's manifest.
 */
export function updateChunks(state: DevState, locale: string, only?: RouteEntry[]): void {
  const routes = only ?? routesOf(state, locale);
  const chunks = routeChunks(routes, state.loaded.config.baseUrl, (r) => r.doc?.html);
  const baseUrl = state.loaded.config.baseUrl;
  let owned = state.chunkFiles.get(locale);
  if (!owned || !only) {
    for (const file of owned?.values() ?? []) state.files.delete(file);
    owned = new Map();
    state.chunkFiles.set(locale, owned);
  }
  for (const r of routes) {
    const old = owned.get(r.data.path);
    if (old) state.files.delete(old);
    owned.delete(r.data.path);
  }
  for (const [path, url] of chunks.chunkOf) {
    const file = url.slice(baseUrl.length);
    state.files.set(file, chunks.files.get(file)!);
    owned.set(path, file);
  }
  const live = new Set(routesOf(state, locale).map((r) => r.data.path));
  for (const [path, file] of owned) {
    if (live.has(path)) continue;
    state.files.delete(file);
    owned.delete(path);
  }
  const manifest: Record<string, string> = {};
  for (const [path, file] of owned) manifest[path] = baseUrl + file;
  state.files.set(devManifestFile(locale), JSON.stringify(manifest));
}

/** The shared data of one locale's pages; pages must be re-rendered when it changes. */
export function siteDataFor(state: DevState, locale: LocaleInfo): SiteData {
  const { loaded, locales, strings, table, content } = state;
  return siteDataOf({ loaded, locale, locales, strings, table, content, search: state.search.settings.get(locale.code)!, routesManifestUrl: loaded.config.baseUrl + devManifestFile(locale.code), pageChunks: state.bundle.pageChunks });
}

/**
 * Search assets with each local index also served under a stable name, for the same reason as the
 * manifest: an edited page must not change the data every other page of its locale embeds.
 */
export function stableSearch(search: SearchAssets, baseUrl: string): SearchAssets {
  const files = new Map(search.files);
  const settings = new Map(search.settings);
  for (const [locale, s] of search.settings) {
    const rel = s.indexUrl?.startsWith(baseUrl) ? s.indexUrl.slice(baseUrl.length) : undefined;
    const body = rel ? files.get(rel) : undefined;
    if (!rel || body === undefined) continue;
    const stable = `assets/search/${locale}.dev${extname(rel)}`;
    files.set(stable, body);
    settings.set(locale, { ...s, indexUrl: baseUrl + stable });
  }
  return { ...search, files, settings };
}

/** Renders the given routes into the served files; returns their HTML by output file. */
export function renderRoutes(state: DevState, routes: RouteEntry[]): Map<string, string> {
  const html = renderPages({
    routes,
    siteData: state.siteData,
    templates: state.templates,
    assets: { css: state.bundle.css, entry: state.bundle.entry, preload: state.bundle.preload },
    pageChunks: state.bundle.pageChunks,
    extraHead: state.search.extraHead,
  });
  for (const [file, page] of html) state.files.set(file, page);
  return html;
}

export function putSitemap(state: DevState): void {
  state.files.set('sitemap.xml', renderSitemap(state.table.routes, state.loaded.config.url));
  // As in build: a robots.txt of the site (static/) wins.
  if (!existsSync(join(state.staticDir, 'robots.txt'))) state.files.set('robots.txt', renderRobots(state.loaded.config));
}

export function putBundle(state: DevState, previous?: ClientBundle): void {
  for (const file of previous?.files.keys() ?? []) state.files.delete(file);
  for (const [file, bytes] of state.bundle.files) if (!file.endsWith('.map')) state.files.set(file, bytes);
  // Always served: a diagram may be added by any edit, and these files never change while serving.
  if (!state.files.has(MERMAID_ENTRY)) for (const [file, bytes] of mermaidFiles()) state.files.set(file, bytes);
}

export function putSearch(state: DevState, previous?: SearchAssets): void {
  for (const file of previous?.files.keys() ?? []) state.files.delete(file);
  for (const [file, body] of state.search.files) state.files.set(file, body);
}

/** HTML of every page currently served, by output file. */
export function pagesOf(state: DevState, routes: RouteEntry[] = state.table.routes): Map<string, string> {
  const pages = new Map<string, string>();
  for (const r of routes) {
    const html = state.files.get(r.outFile);
    if (typeof html === 'string') pages.set(r.outFile, html);
  }
  return pages;
}

/** Renders a page now if it is waiting in the dirty set (a request for it should not get the old version). */
export function freshen(state: DevState, outFile: string): void {
  const entry = state.dirty.get(outFile);
  if (!entry) return;
  renderRoutes(state, [entry]);
  state.dirty.delete(outFile);
  state.ids.set(outFile, collectIds(String(state.files.get(outFile))));
}

/** Renders up to `count` dirty pages; returns how many remain. */
export function renderSomeDirty(state: DevState, count: number): number {
  const batch = [...state.dirty.values()].slice(0, count);
  renderRoutes(state, batch);
  for (const r of batch) {
    state.dirty.delete(r.outFile);
    state.ids.set(r.outFile, collectIds(String(state.files.get(r.outFile))));
  }
  return state.dirty.size;
}
