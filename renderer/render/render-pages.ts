// The render stage: every route → a full HTML document, from the same data the browser hydrates with.
import { TemplateError } from '../errors.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import type { RouteData, SiteData } from '../shared/types.ts';
import { renderDocument, type DocumentAssets } from './document.ts';
import { siteDataFile, type Naming } from './names.ts';
import type { Templates } from './templates.ts';

/** What rendering needs of a route (a RouteEntry has it). */
export interface RenderableRoute {
  outFile: string;
  data: RouteEntry['data'];
  doc?: { html: string; file: string };
}

/** Server-rendered markup kept between builds (renderer/cache/): `render` runs only on a miss. */
export interface AppCache {
  app(site: SiteData, route: RouteData, page: string | undefined, render: () => string): string;
}

export interface RenderInput {
  routes: RenderableRoute[];
  siteData: Map<string, SiteData>;
  templates: Templates;
  assets: Omit<DocumentAssets, 'pageModule'>;
  pageChunks: Record<string, string>;
  /** Extra head markup per locale (e.g. the OpenSearch link). */
  extraHead?: (locale: string) => string;
  /** URL of each locale's site-data JSON (see siteDataFiles); without it the data is inlined. */
  siteUrls?: Record<string, string>;
  cache?: AppCache;
}

/** The route data a page is rendered from: its doc's HTML in it. */
export function renderedRoute(entry: RenderableRoute): RouteData {
  return entry.doc ? { ...entry.data, doc: { ...entry.data.doc!, html: entry.doc.html } } : entry.data;
}

/** The custom page module a route renders with, if any. */
export const pageNameOf = (data: RouteData): 'home' | undefined => (data.kind === 'home' ? 'home' : undefined);

/** One JSON file per locale with the data all its pages share. */
export function siteDataFiles(siteData: Map<string, SiteData>, baseUrl: string, naming: Naming = 'hashed'): { files: Map<string, string>; urls: Record<string, string> } {
  const files = new Map<string, string>();
  const urls: Record<string, string> = {};
  for (const [locale, site] of siteData) {
    const json = JSON.stringify(site);
    const file = siteDataFile(locale, json, naming);
    files.set(file, json);
    urls[locale] = baseUrl + file;
  }
  return { files, urls };
}

/**
 * Renders every route. With `emit`, each page is handed over as soon as it is rendered and nothing is kept
 * (a full build streams pages to disk); without it, the pages are returned in a map.
 */
export function renderPages(input: RenderInput, emit?: (entry: RenderableRoute, html: string) => void): Map<string, string> {
  const out = new Map<string, string>();
  const scripts = new Map<string, string[]>();
  for (const entry of input.routes) {
    const site = input.siteData.get(entry.data.locale)!;
    let inline = scripts.get(site.locale.code);
    if (!inline) {
      inline = [input.templates.colorModeScript(site.colorMode.defaultMode, site.colorMode.respectPrefersColorScheme)];
      if (site.announcementBar) inline.push(input.templates.announcementScript(site.announcementBar.id));
      scripts.set(site.locale.code, inline);
    }
    const pageName = pageNameOf(entry.data);
    const page = pageName ? input.templates.pages[pageName] : undefined;
    const route = renderedRoute(entry);
    let appHtml: string;
    try {
      const render = () => input.templates.renderApp(site, route, page);
      appHtml = input.cache ? input.cache.app(site, route, pageName, render) : render();
    } catch (err) {
      throw new TemplateError(`Rendering ${entry.data.path} failed: ${(err as Error).message}`, { details: entry.doc ? [`source: ${entry.doc.file}`] : [] });
    }
    const html = renderDocument({
        site,
        route: entry.data,
        appHtml,
        assets: { ...input.assets, pageModule: pageName ? input.pageChunks[pageName] : undefined },
        inlineScripts: inline,
      extraHead: input.extraHead?.(site.locale.code),
      siteUrl: input.siteUrls?.[site.locale.code],
    });
    if (emit) emit(entry, html);
    else out.set(entry.outFile, html);
  }
  return out;
}
