// Names of the files whose content changes with every edit: the route manifest, the site data and the
// search index of each locale. A build hashes them (cacheable forever); `serve` asks for stable names, so an
// edited page does not change what every other page of its locale links to (which would mean re-rendering
// all of them). Nothing is cached in `serve` (no-store), so a stable name never serves stale data.
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { SearchAssets } from '../search/build-search.ts';

export type Naming = 'hashed' | 'stable';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/** `assets/site/en.<hash>.json`, or `assets/site/en.json`. */
export function siteDataFile(locale: string, json: string, naming: Naming): string {
  return naming === 'stable' ? `assets/site/${locale}.json` : `assets/site/${locale}.${hash(json)}.json`;
}

/** `assets/routes/en.<hash>.json`, or `assets/routes/en.json`. */
export function manifestFile(locale: string, json: string, naming: Naming): string {
  return naming === 'stable' ? `assets/routes/${locale}.json` : `assets/routes/${locale}.${hash(json).replace(/[-_]/g, 'x')}.json`;
}

/** The search assets with each local index under a stable name instead of its hashed one. */
export function stableSearch(search: SearchAssets, baseUrl: string): SearchAssets {
  const files = new Map(search.files);
  const settings = new Map(search.settings);
  for (const [locale, s] of search.settings) {
    const rel = s.indexUrl?.startsWith(baseUrl) ? s.indexUrl.slice(baseUrl.length) : undefined;
    const body = rel ? files.get(rel) : undefined;
    if (!rel || body === undefined) continue;
    const stable = `assets/search/index.${locale}${extname(rel)}`;
    files.delete(rel);
    files.set(stable, body);
    settings.set(locale, { ...s, indexUrl: baseUrl + stable });
  }
  return { ...search, files, settings };
}
