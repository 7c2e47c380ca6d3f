// The search stage: search settings per locale. (Records and the local index are built here too once
// the search issue lands; until then the local engine has no index URL and the modal stays closed.)
import type { LoadedConfig } from '../config/load.ts';
import type { LocaleInfo, SearchSettings } from '../shared/types.ts';
import type { RouteTable } from '../routes/route-table.ts';

export interface SearchAssets {
  files: Map<string, string>;
  settings: Map<string, SearchSettings>;
  extraHead: (locale: string) => string;
}

export function buildSearch(loaded: LoadedConfig, locales: LocaleInfo[], _table: RouteTable): SearchAssets {
  const { config } = loaded;
  const algolia = config.themeConfig.algolia;
  const settings = new Map<string, SearchSettings>();
  for (const l of locales) {
    settings.set(l.code, {
      engine: algolia ? 'algolia' : 'local',
      storageIndexName: algolia?.indexName ?? 'local',
      searchPagePath: 'search',
      ...(config.themeConfig.search.reportUrl ? { reportUrl: config.themeConfig.search.reportUrl } : {}),
    });
  }
  return { files: new Map(), settings, extraHead: () => '' };
}
