// Where each locale lives under the site's base URL — the one place that knows it, for the build, the
// templates, the browser and the server alike. The default locale has no prefix (it sits at the base URL);
// the others sit under their `path`: /aws-cheatsheet/ (en), /aws-cheatsheet/pt-BR/, /aws-cheatsheet/es/.
// Routes never end with a slash except a locale's home, which is the locale's base itself.
import { joinUrl } from './urls.ts';

/** The base path of a locale: /aws-cheatsheet/ or /aws-cheatsheet/pt-BR/ */
export function localeBase(baseUrl: string, prefix: string): string {
  return prefix ? joinUrl(baseUrl, prefix) + '/' : baseUrl;
}

/** A route of a locale: '' is its home; 'docs/compute/ec2' a page. */
export function routePath(baseUrl: string, prefix: string, rel: string): string {
  const base = localeBase(baseUrl, prefix);
  return rel ? joinUrl(base, rel) : base;
}

/** The two bases every page of a locale is written against: its home and its docs root. */
export function localeUrls(baseUrl: string, prefix: string, docsRoute: string): { base: string; docsBase: string } {
  return { base: localeBase(baseUrl, prefix), docsBase: routePath(baseUrl, prefix, docsRoute) };
}

/** The locale prefix a public path sits under, among `prefixes` ('' when none: the default locale). */
export function localePrefixOf(baseUrl: string, path: string, prefixes: string[]): string {
  return prefixes.find((p) => p && (path === `${baseUrl}${p}` || path.startsWith(`${baseUrl}${p}/`))) ?? '';
}

/**
 * The route a page path names, as the route table keys it: under `trailingSlash: true` every route ends with
 * a slash (/docs/intro/), under `false` none does (/docs/intro) — a locale's home (`home`) always does. A link
 * written either way leads to the same route, as the static host serves both. With it unset a route keeps
 * the slash its slug gives it (/docs/guides/ for a category's index page), so the path is kept as written and
 * the route loader tries the other spelling when the route table has no such key (`otherSpelling`).
 */
export function routeKeyOf(path: string, home: string, trailingSlash: boolean | undefined): string {
  if (path === home || path + '/' === home) return home;
  if (trailingSlash === undefined) return path;
  const bare = path.endsWith('/') ? path.slice(0, -1) : path;
  return trailingSlash ? `${bare}/` : bare;
}

/** The same path with the trailing slash added or taken away. */
export function otherSpelling(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}
