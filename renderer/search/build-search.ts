// The search stage: per locale, the settings the browser needs, the local index (when Algolia is not
// configured), the OpenSearch description and the <link rel="search"> every page's head carries.
import type { LoadedConfig } from '../config/load.ts';
import type { RouteTable } from '../routes/route-table.ts';
import type { LocaleInfo, SearchSettings } from '../shared/types.ts';
import { localeBase } from '../shared/locale-urls.ts';
import { buildLocalIndex, indexFiles } from './local-index.ts';
import { openSearchLink, openSearchXml } from './opensearch.ts';
import { buildRecords, docsTagOf } from './records.ts';

export interface SearchAssets {
  files: Map<string, string>;
  settings: Map<string, SearchSettings>;
  extraHead: (locale: string) => string;
}

/** The route of the search page below a locale's base (the route table always has it). */
export const SEARCH_PAGE_PATH = 'search';

/** A store of built indexes (the build cache): `make` runs only when no index was made from `input` before. */
export type IndexCache = (locale: string, input: string, make: () => ReturnType<typeof indexFiles>) => ReturnType<typeof indexFiles>;

export function buildSearch(loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, cache?: IndexCache): SearchAssets {
  const { config } = loaded;
  const algolia = config.themeConfig.algolia;
  const docsTag = docsTagOf(config.docs.pluginId, config.docs.version.name);
  const searchPagePath = algolia?.searchPagePath === false ? false : SEARCH_PAGE_PATH;
  const files = new Map<string, string>();
  const settings = new Map<string, SearchSettings>();
  const heads = new Map<string, string>();

  for (const l of locales) {
    const common = {
      searchPagePath,
      personalization: !config.themeConfig.search.disableUserPersonalization,
      ...(config.themeConfig.search.reportUrl ? { reportUrl: config.themeConfig.search.reportUrl } : {}),
    } as const;
    if (algolia) {
      settings.set(l.code, {
        engine: 'algolia',
        storageIndexName: algolia.indexName,
        ...common,
        algolia: {
          appId: algolia.appId,
          apiKey: algolia.apiKey,
          indexName: algolia.indexName,
          contextualSearch: algolia.contextualSearch,
          searchParameters: withContextualFilters(algolia.searchParameters, algolia.contextualSearch ? [`language:${l.code}`, ['docusaurus_tag:default', `docusaurus_tag:${docsTag}`]] : []),
          ...(algolia.externalUrlRegex ? { externalUrlRegex: algolia.externalUrlRegex } : {}),
          insights: algolia.insights,
          ...(algolia.hosts ? { hosts: algolia.hosts.map(parseHost) } : {}),
          ...(algolia.insightsHost ? { insightsHost: algolia.insightsHost.replace(/\/+$/, '') } : {}),
        },
      });
    } else {
      const records = buildRecords(table, l.code, { siteUrl: config.url, docsTag });
      const make = () => indexFiles(buildLocalIndex(records, config.url, l.code), l.code, config.baseUrl);
      const { entry, parts } = cache ? cache(l.code, JSON.stringify([records, config.url, config.baseUrl]), make) : make();
      files.set(entry.file, entry.json);
      for (const [file, json] of parts) files.set(file, json);
      settings.set(l.code, { engine: 'local', indexUrl: entry.url, storageIndexName: `local-${l.code}`, ...common });
    }

    if (searchPagePath) {
      const base = localeBase(config.baseUrl, l.prefix);
      const page = table.byPath.get(base + searchPagePath);
      const xmlFile = `${base.slice(config.baseUrl.length)}opensearch.xml`;
      files.set(
        xmlFile,
        openSearchXml({
          siteTitle: config.title,
          localeBaseUrl: config.url + base,
          searchPagePath,
          faviconUrl: config.url + config.baseUrl + config.favicon,
          htmlLang: l.htmlLang,
          description: page?.data.head.description || config.title,
        }),
      );
      heads.set(l.code, openSearchLink(`${config.title} (${l.label})`, base + 'opensearch.xml'));
    }
  }
  return { files, settings, extraHead: (locale) => heads.get(locale) ?? '' };
}

type FacetFilter = string | FacetFilter[];

/** The language and docs-tag filters first, then the site's own facetFilters (string or array). */
function withContextualFilters(params: Record<string, unknown>, contextual: FacetFilter[]): Record<string, unknown> {
  if (contextual.length === 0) return params;
  const own = params.facetFilters;
  const extra: FacetFilter[] = own === undefined ? [] : Array.isArray(own) ? (own as FacetFilter[]) : [own as string];
  return { ...params, facetFilters: [...contextual, ...extra] };
}

function parseHost(origin: string): { url: string; protocol: 'http' | 'https' } {
  const u = new URL(origin);
  return { url: u.host, protocol: u.protocol === 'http:' ? 'http' : 'https' };
}
