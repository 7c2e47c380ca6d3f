// URL helpers shared by build and browser (where each locale lives: locale-urls.ts).

export function joinUrl(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined.replace(/\/{2,}/g, '/');
}

/**
 * The output file that serves a public path, relative to the output folder: `x/index.html` for `/x/`, and
 * for `/x` `x.html` (trailingSlash: false) or `x/index.html` (trailingSlash unset), as Docusaurus writes them.
 */
export function outputFileOf(baseUrl: string, path: string, trailingSlash: boolean | undefined): string {
  const rel = path.startsWith(baseUrl) ? path.slice(baseUrl.length) : path.replace(/^\//, '');
  if (rel === '' || rel.endsWith('/')) return rel + 'index.html';
  return trailingSlash === undefined ? `${rel}/index.html` : `${rel}.html`;
}

export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Splits '/a/b#c' into path and decoded hash. */
export function splitHash(href: string): { path: string; hash: string } {
  const i = href.indexOf('#');
  if (i < 0) return { path: href, hash: '' };
  return { path: href.slice(0, i), hash: safeDecode(href.slice(i + 1)) };
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Strips the query string and normalises a trailing slash away (but keeps a locale home's slash). */
export function normalisePath(path: string, homes: string[]): string {
  const q = path.search(/[?#]/);
  let p = q >= 0 ? path.slice(0, q) : path;
  if (homes.includes(p) || homes.includes(p + '/')) return homes.includes(p) ? p : p + '/';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}
