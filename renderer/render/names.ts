// Names of the per-locale files every page of a locale depends on. Two kinds, split by how often they change:
// - the site data (navbar, sidebar, titles, UI strings): it changes only with the site's structure or labels,
//   and every page names it in its HTML, so a build names it by a hash of its contents (cacheable forever);
// - the route manifest (route → chunk, a chunk named by its page's content) and the search index's entry
//   (search/local-index.ts: its parts are named by content): they change with any edit of any page, so they
//   keep one name per locale and the browser revalidates them on use (`cache: 'no-cache'`). Were they named
//   by hash, the site data naming them would be renamed by every edit, and with it every page of the locale
//   rewritten.
// `serve` names the site data stably too: it sends every file no-store.
import { createHash } from 'node:crypto';

export type Naming = 'hashed' | 'stable';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/** `assets/site/en.<hash>.json`, or `assets/site/en.json`. */
export function siteDataFile(locale: string, json: string, naming: Naming): string {
  return naming === 'stable' ? `assets/site/${locale}.json` : `assets/site/${locale}.${hash(json)}.json`;
}

/** `assets/routes/en.json`: one name whatever the routes' chunks are (see above). */
export const manifestFile = (locale: string): string => `assets/routes/${locale}.json`;

/**
 * Output files whose name stays while their content changes from build to build (the route manifests, the
 * search indexes' entries): a host must let browsers and caches revalidate them rather than keep them.
 */
export const REVALIDATED_FILES = /^assets\/(routes\/[^/]+\.json|search\/index\.[^/]+\.json)$/;
