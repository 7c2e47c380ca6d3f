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
  // Hosts decode a request's path before they look for the file (`/c%C3%A2mbio` → `câmbio.html`), as does our
  // serve: a slug with non-ASCII letters is linked encoded but written decoded, as Docusaurus writes it.
  const rel = decodePath(path.startsWith(baseUrl) ? path.slice(baseUrl.length) : path.replace(/^\//, ''));
  if (rel === '' || rel.endsWith('/')) return rel + 'index.html';
  return trailingSlash === undefined ? `${rel}/index.html` : `${rel}.html`;
}

/** `decodeURI`, which leaves `%2F` and the other reserved characters encoded, or the path itself if malformed. */
export function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
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

/** The site's published base: config `url` + `baseUrl` (`https://host/base/`). */
export function siteBaseOf(config: { url: string; baseUrl: string }): string {
  return config.url.replace(/\/+$/, '') + config.baseUrl;
}

/**
 * For the site's published base (config `url` + `baseUrl`): a function giving the site path an absolute URL
 * names (`https://host/base/docs/x#y` → `/base/docs/x#y`), or undefined for a URL anywhere else.
 */
export function ownSitePath(siteBase: string): (href: string) => string | undefined {
  const base = new URL(siteBase);
  const basePath = base.pathname.endsWith('/') ? base.pathname : base.pathname + '/';
  return (href) => {
    // Most external links name another host: a prefix test spares parsing them.
    if (href.length < base.origin.length || href.slice(0, base.origin.length).toLowerCase() !== base.origin) return undefined;
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return undefined;
    }
    if (url.origin !== base.origin) return undefined;
    // The base itself may be written without its trailing slash.
    const path = url.pathname === basePath.slice(0, -1) ? basePath : url.pathname;
    if (!path.startsWith(basePath)) return undefined;
    return path + url.search + url.hash;
  };
}
