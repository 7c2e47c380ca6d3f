// The render-and-write stages, the same for every command: route chunks and manifests → site data →
// pages → search, bundle and sitemap, written into an Output (a folder for `build`, memory for `serve`
// and `check`). `serve` renders the same way, page by page, when a page is asked for or an edit touches it.
// A build whose output keeps nothing (cold) makes each route chunk with its page instead, and the manifests
// after the last page (RouteChunksAsRendered).
import { mermaidFiles } from '../bundle/mermaid.ts';
import { docHasMermaid } from '../content/html-facts.ts';
import { checkLinks, internScan, scanPage, StringPool, type LinkCheckResult, type PageCheckMemo, type PageScan } from '../links/check.ts';
import { keyDigest } from '../cache/key-hash.ts';
import { routeChunks, RouteChunksAsRendered, type RouteChunks } from '../render/chunks.ts';
import { pageNameOf, renderedRoute, renderPages, siteDataFiles, type RenderableRoute, type RenderInput } from '../render/render-pages.ts';
import { renderRobots } from '../render/robots.ts';
import { renderSitemap } from '../render/sitemap.ts';
import { docAssets } from './prepare.ts';
import type { HeapGrowthLimit } from '../free-memory.ts';
import { formatDate, siteDataOf } from '../routes/site-data.ts';
import type { LocaleInfo, SiteData } from '../shared/types.ts';
import { isUserError } from '../errors.ts';
import { siteBaseOf } from '../shared/urls.ts';
import { toProblems, type Problem } from '../problems.ts';
import { listStatic, type OutputSink } from '../write.ts';
import type { PreparedSite } from './prepare.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import type { WorkerPool } from '../workers/pool.ts';

export interface RenderedSite {
  siteData: Map<string, SiteData>;
  /** URL of each locale's site-data file, which every page of the locale fetches. */
  siteUrls: Record<string, string>;
  /** Route chunk URLs and manifests (`files` is empty: each is written as it is made, then let go). */
  chunks: RouteChunks;
  /** Each rendered page's ids and links, by output file (what the link checker needs). */
  scans: Map<string, PageScan>;
  /** Every public path written besides pages, and the static files: what a link may point at. */
  known: Set<string>;
}

export interface RenderOptions {
  /** false: write everything but the pages (`serve` renders them on request). */
  pages?: boolean;
  /** Called with each page as it is written. */
  onPage?: (entry: RenderableRoute, html: string) => void;
  /** Called before the pages are rendered when more than half of them are left to render (renderSiteOn). */
  beforeManyPages?: () => void;
  /** Collects the main heap in full when the render has grown it too much (renderSiteOn: a build). */
  heapLimit?: HeapGrowthLimit;
  /**
   * Empties each doc's HTML once every page made from it is rendered (renderSiteOn: the CLI's build, which
   * reads it no more): the docs' HTML is most of what the build's heap holds while it renders (600 × 3
   * corpus: ~29 MB), and it goes as the pages are done instead of being held until the end.
   */
  releaseDocHtml?: boolean;
}

/** The data every page of a locale shares. */
export function localeSiteData(site: PreparedSite, locale: LocaleInfo, routesManifestUrl: string): SiteData {
  const { loaded, locales, strings, table, content, cache } = site;
  // (Through the build cache: a warm build then needs none of Intl's date data.)
  const dates = cache && ((iso: string, htmlLang: string, calendar: string) => cache.text(`date\0${iso}\0${htmlLang}\0${calendar}`, () => formatDate(iso, htmlLang, calendar)));
  return siteDataOf({ loaded, locale, locales, strings, table, content, search: site.search.settings.get(locale.code)!, routesManifestUrl, pageChunks: site.bundle.pageChunks, ...(dates ? { formatDate: dates } : {}) });
}

/** What rendering a page needs besides its route. */
export function pageInput(site: PreparedSite, siteData: Map<string, SiteData>, siteUrls: Record<string, string>): Omit<RenderInput, 'routes'> {
  const { bundle } = site;
  return {
    siteData,
    templates: site.templates,
    assets: { css: bundle.css, entry: bundle.entry, preload: bundle.preload },
    pageChunks: bundle.pageChunks,
    extraHead: site.search.extraHead,
    siteUrls,
    ...(site.cache ? { cache: site.cache } : {}),
  };
}

/**
 * The public paths of the static files (checked: no link out of the project, only regular files). A refused
 * entry fails a build; in collect mode (serve) it is reported under `static` and left out, the rest served.
 */
export function staticPaths(site: PreparedSite, collect?: Map<string, Problem[]>): string[] {
  const { static: dir } = site.paths;
  const { baseUrl } = site.loaded.config;
  if (!collect) return listStatic(dir, baseUrl);
  try {
    collect.delete('static');
    return listStatic(dir, baseUrl);
  } catch (err) {
    if (!isUserError(err)) throw err;
    collect.set('static', toProblems(err));
    return listStatic(dir, baseUrl, false);
  }
}

/** Writes the whole site into `out`; `statics` are the static files' public paths (staticPaths). */
export function renderSite(site: PreparedSite, out: OutputSink, statics: string[], options: RenderOptions = {}): RenderedSite {
  // Indexes made beside the render come only from a pool (prepareSite), which this does not render with.
  if (site.search.pending) throw new Error('renderSite: the search indexes are still being built; render with renderSiteOn.');
  if (site.templates.ready) throw new Error('renderSite: the templates are not imported yet; render with renderSiteOn.');
  const render = startRender(site, out, statics, options);
  if (options.pages !== false) renderPages({ routes: site.table.routes.filter((r) => !render.kept(r)), ...render.input }, render.page);
  return finishRender(render);
}

/** renderSite with the pages rendered on every thread of `pool` (the build). The output is the same. */
export async function renderSiteOn(pool: WorkerPool, site: PreparedSite, out: OutputSink, statics: string[], options: RenderOptions = {}): Promise<RenderedSite> {
  // A build whose output keeps nothing reads no page's keys before rendering it: each route's chunk is made
  // as its page is, and the manifests once the last page is.
  const render = startRender(site, out, statics, options, options.pages !== false && (out.keep === undefined || out.keepsNothing === true));
  // Written already, and a build never reads them again: not held while the pages are rendered.
  site.search.files.clear();
  site.search.lazyFiles?.clear();
  // The search indexes, built on the workers meanwhile: each locale's files written as they come (between
  // two pages of this thread), not held until the last page is done.
  const indexes = (site.search.pending ?? []).map((p) =>
    p.then((files) => {
      for (const [k, v] of files) render.put(k, v, render.named(k));
      // (The settled promise, which the prepared site keeps, would hold them.)
      files.clear();
    }),
  );
  // A failed render is the error to report; an index's failure is reported below otherwise.
  for (const i of indexes) i.catch(() => undefined);
  if (options.pages !== false) {
    const routes = site.table.routes.filter((r) => !render.kept(r));
    if (routes.length * 2 > site.table.routes.length) options.beforeManyPages?.();
    if (routes.length) await site.templates.ready?.();
    // (Called with no page too: the pool then knows this thread is free for the search indexes.)
    // Checked every few pages (a look at the heap's size costs a few µs).
    let pages = 0;
    const release = options.releaseDocHtml ? docHtmlRelease(routes) : undefined;
    const page: RenderInProgress['page'] = (entry, html, scan) => {
      render.page(entry, html, scan);
      release?.(entry);
      if (options.heapLimit && ++pages % HEAP_CHECK_EVERY === 0) options.heapLimit.check();
    };
    await pool.renderPages({ routes, ...render.input }, { file: site.templates.file, root: site.paths.root }, page);
  }
  render.chunksDone();
  await Promise.all(indexes);
  return finishRender(render);
}

/** Pages rendered between two looks at the main thread's heap (renderSiteOn). */
const HEAP_CHECK_EVERY = 16;

/** Empties a doc's HTML when the last of `routes` made from it has been rendered (RenderOptions.releaseDocHtml). */
function docHtmlRelease(routes: RenderableRoute[]): (entry: RenderableRoute) => void {
  const left = new Map<NonNullable<RenderableRoute['doc']>, number>();
  for (const r of routes) if (r.doc) left.set(r.doc, (left.get(r.doc) ?? 0) + 1);
  return ({ doc }) => {
    const n = doc && left.get(doc);
    if (n === undefined) return;
    if (n > 1) left.set(doc!, n - 1);
    else {
      left.delete(doc!);
      doc!.html = '';
    }
  };
}

interface RenderInProgress {
  site: PreparedSite;
  result: RenderedSite;
  /** What every page is rendered with. */
  input: Omit<RenderInput, 'routes'>;
  /** Takes a rendered page (and its scan, when a worker made it): written, scanned for links, passed on. */
  page: (entry: RenderableRoute, html: string, scan?: PageScan) => void;
  /** The output holds the page as this build would write it (and its scan is known): it is not rendered. */
  kept: (entry: RenderableRoute) => boolean;
  put: (rel: string, content: string | Uint8Array, key?: string) => void;
  /** The key of a file whose name is a hash of its content (none for the others). */
  named: (rel: string) => string | undefined;
  /** Whether a doc draws a Mermaid diagram (asked before the render, which may empty the docs' HTML). */
  mermaid: boolean;
  /** Called once every page is rendered: the route chunks made as pages were are finished (manifests). */
  chunksDone: () => void;
}

/** Route chunks and site data, written; what pages need to be rendered and written. */
function startRender(site: PreparedSite, out: OutputSink, statics: string[], options: RenderOptions, chunksAsRendered = false): RenderInProgress {
  const { config } = site.loaded;
  const known = new Set<string>(statics);
  // `key`: what the file is made of (same key, same bytes), else a hash of its bytes (a few small files):
  // an output that holds it already keeps it (a warm build of the build cache) instead of it being written.
  const keyed = out.keep !== undefined && site.cache !== undefined;
  // (`content` made on demand: a file named by its key whose content the output may not need.)
  const put = (rel: string, content: string | Uint8Array | (() => string), key = keyed && typeof content !== 'function' ? bytesKey(content) : undefined) => {
    if (key === undefined || !out.keep?.(rel, key)) out.write(rel, typeof content === 'function' ? content() : content, key);
    known.add(config.baseUrl + rel);
  };
  const named = (rel: string) => (CONTENT_NAMED.test(rel) || (site.naming === 'hashed' && HASH_NAMED.test(rel)) ? `named:${rel}` : undefined);
  const htmlOf = (r: RouteEntry) => r.doc?.html;
  const lazy = chunksAsRendered ? new RouteChunksAsRendered(site.table.routes, config.baseUrl, htmlOf, site.cache?.chunks, (k, v) => put(k, v, named(k))) : undefined;
  let chunks: RouteChunks;
  if (lazy) {
    site.cache?.useRouteChunks(lazy);
    // Filled in by chunksDone.
    chunks = { files: new Map(), deferred: new Map(), chunkOf: new Map(), manifestOf: lazy.manifestOf };
  } else {
    chunks = routeChunks(site.table.routes, config.baseUrl, htmlOf, site.cache?.chunks);
    site.cache?.useRouteChunks(chunks.chunkOf);
    site.cache?.stageRouteChunks();
    // Written before the pages and then dropped, as the search index is: together a fifth of the main thread's
    // heap while a large site renders (600 × 3 corpus: 41 + 22 MB of 162 MB live).
    for (const [k, v] of chunks.files) put(k, v, named(k));
    for (const [k, make] of chunks.deferred) put(k, make, named(k));
    chunks.files.clear();
    chunks.deferred.clear();
  }
  for (const [k, v] of site.search.files) put(k, v, named(k));
  // Read from the build cache only if the output lacks them (a key for the entry without its bytes).
  for (const [k, f] of site.search.lazyFiles ?? []) put(k, () => f.content(), f.digest === undefined ? named(k) : keyed ? bytesKeyOf(f.digest) : undefined);
  const siteData = new Map<string, SiteData>();
  for (const locale of site.locales) siteData.set(locale.code, localeSiteData(site, locale, chunks.manifestOf.get(locale.code)!));
  const siteFiles = siteDataFiles(siteData, config.baseUrl, site.naming);
  for (const [k, v] of siteFiles.files) put(k, v, named(k));
  const scans = new Map<string, PageScan>();
  const interned = new StringPool();
  const input = pageInput(site, siteData, siteFiles.urls);
  const keyOf = site.cache ? pageKeys(site.cache, input) : undefined;
  const page = (entry: RenderableRoute, html: string, scan?: PageScan) => {
    // (Made before the page's keys, which name it, and before its doc's HTML may be let go.)
    lazy?.of(entry);
    const keys = keyOf?.(entry);
    // A page made again only because a file it names changed (an edit elsewhere in its locale) has the links
    // and ids it had: its scan is the last build's.
    const lastScan = scan ? undefined : keys && site.cache!.scans.get(keys.scan);
    const pageScan = lastScan ?? (scan ? internScan(scan, interned) : scanPage(html, interned));
    if (site.cache) site.cache.stats.links[lastScan ? 'cached' : 'scanned']++;
    scans.set(entry.outFile, pageScan);
    if (keys) {
      site.cache!.scans.set(keys.scan, pageScan);
      site.cache!.pageScanKeys.set(entry.outFile, keys.scan);
    }
    put(entry.outFile, html, keys?.document);
    options.onPage?.(entry, html);
  };
  const kept = (entry: RenderableRoute) => {
    if (lazy || !keyOf || !out.keep || options.onPage) return false;
    const keys = keyOf(entry);
    const scan = site.cache!.scans.get(keys.scan);
    if (!scan || !out.keep(entry.outFile, keys.document)) return false;
    site.cache!.stats.links.cached++;
    site.cache!.keptPage(input.siteData.get(entry.data.locale)!, entry, pageNameOf(entry.data));
    site.cache!.pageScanKeys.set(entry.outFile, keys.scan);
    scans.set(entry.outFile, scan);
    known.add(config.baseUrl + entry.outFile);
    return true;
  };
  const result = { siteData, siteUrls: siteFiles.urls, chunks, scans, known };
  const mermaid = [...site.content.values()].some((l) => l.docs.some(docHasMermaid));
  const chunksDone = () => {
    if (!lazy) return;
    const made = lazy.finish();
    for (const [k, v] of made.files) put(k, v, named(k));
    made.files.clear();
    result.chunks = made;
    site.cache?.stageRouteChunks();
  };
  return { site, result, input, page, kept, put, named, mermaid, chunksDone };
}

/**
 * Files named by a hash of their content, whose name is therefore their key: route chunks and the search
 * index's parts always (chunks.ts, search/local-index.ts); the site data when names are hashed
 * (render/names.ts: `serve` asks for stable names). Not the route manifests and the search index's entries:
 * one name each, whatever they hold (kept when their bytes are the same).
 */
const bytesKey = (content: string | Uint8Array) => bytesKeyOf(keyDigest(content));
const bytesKeyOf = (digest: string) => `bytes:${digest}`;

const CONTENT_NAMED = /^assets\/(pages\/|search\/[^/]+\/)/;
const HASH_NAMED = /^assets\/site\//;

/**
 * Each page's keys, made once per page: its document's (BuildCache.documentKey: what its file is made of) and
 * its scan's (BuildCache.scanKey: the same less the site data file's name); what the document adds, once per
 * locale and page module.
 */
function pageKeys(cache: NonNullable<PreparedSite['cache']>, input: Omit<RenderInput, 'routes'>): (entry: RenderableRoute) => { document: string; scan: string } {
  const keys = new Map<string, { document: string; scan: string }>();
  const documents = new Map<string, { whole: string; unnamed: string }>();
  return (entry) => {
    let key = keys.get(entry.outFile);
    if (key !== undefined) return key;
    const { locale } = entry.data;
    const pageName = pageNameOf(entry.data);
    const at = `${locale}\0${pageName ?? ''}`;
    let document = documents.get(at);
    if (document === undefined) {
      const parts = [input.assets, pageName ? input.pageChunks[pageName] : null, input.extraHead?.(locale) ?? ''];
      // Hashed here, once, rather than as a part of each page's keys.
      document = { whole: keyDigest(JSON.stringify([...parts, input.siteUrls?.[locale] ?? ''])), unnamed: keyDigest(JSON.stringify(parts)) };
      documents.set(at, document);
    }
    const site = input.siteData.get(locale)!;
    key = { document: cache.documentKey(site, entry.data, pageName, document.whole), scan: cache.scanKey(site, entry, pageName, document.unnamed) };
    keys.set(entry.outFile, key);
    return key;
  };
}

/** Everything written after the pages: chunks, search, assets, bundle, sitemap, robots.txt. */
function finishRender({ site, result, put, mermaid }: RenderInProgress): RenderedSite {
  const { config } = site.loaded;
  for (const [k, v] of docAssets(site.content)) put(k, v);
  for (const [k, v] of site.bundle.files) if (!k.endsWith('.map')) put(k, v);
  for (const [k, v] of site.islands.files) put(k, v);
  if (mermaid) for (const [k, v] of mermaidFiles()) put(k, v);
  put('sitemap.xml', renderSitemap(site.table.routes, config.url));
  // A robots.txt of the site's own (static/) wins.
  if (!result.known.has(`${config.baseUrl}robots.txt`)) put('robots.txt', renderRobots(config));
  return result;
}

/**
 * Checks every link of the rendered site (pages read back from `out` only when one is broken); with `memo`
 * (the build cache's), only the pages whose links may resolve otherwise than last time.
 */
export function checkSiteLinks(site: PreparedSite, rendered: RenderedSite, out: OutputSink, memo?: PageCheckMemo): LinkCheckResult {
  const { config } = site.loaded;
  return checkLinks({ routes: site.table.routes, pages: rendered.scans, files: rendered.known, baseUrl: config.baseUrl, siteBase: siteBaseOf(config), readHtml: (f) => out.read(f), ...(memo ? { memo } : {}) });
}
