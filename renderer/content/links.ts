// Rewrites links in rendered Markdown: links to files (`./x.md`, `../a/x.mdx`, site-absolute `/docs/a/x.md`)
// become routes, external links open in a new tab without opener or referrer; every internal link is
// recorded with its source line for the checker. A link to a file is written with the URL the target file
// has by default (its path, number prefixes stripped); `retargetLinks` corrects it once every doc's real URL
// (slug, id) is known.
import type { Element, Root } from 'hast';
import { posix } from 'node:path';
import { walk, type Visit } from './walk.ts';
import { isExternalHref, ownSitePath, safeDecode } from '../shared/urls.ts';
import { USER_CONTENT_PREFIX } from './sanitize.ts';
import { docIdentity } from './doc-identity.ts';

export interface SourceLink {
  href: string;
  line?: number;
  /** For a link to a Markdown file: that file, relative to the locale's docs folder. */
  target?: string;
  /** Where else the file may be: Docusaurus also reads a relative file link from the docs folder's root. */
  altTarget?: string;
}

/** URL conventions of the site that links follow. */
export interface LinkStyle {
  /** The docs route base path (`docs`), for site-absolute links to files: `/docs/a/x.md`. */
  routeBasePath?: string;
  trailingSlash?: boolean;
  /** The locale's path segment ('' for the default locale), so `/fr/docs/x` on the fr site is not doubled. */
  localePrefix?: string;
  /** The page's own URL: relative URL links (`../other#x`) are resolved from it. */
  pagePath?: string;
  /**
   * `trailingSlash` unset: Docusaurus leaves each permalink as its slug makes it, so a page whose slug ends with
   * `/` has a URL that does too, and relative links on it resolve from there (`../link/` from `/docs/a/b/`).
   */
  keepSlugSlash?: boolean;
}

export interface LinkOptions extends LinkStyle {
  /** The doc's file path relative to its locale folder, e.g. compute/ec2.md */
  relPath: string;
  /** Public base of the locale, e.g. /aws-cheatsheet/pt-BR/ */
  localeBase: string;
  docsBase: string;
  /** The published address of the site's base (config `url` + `baseUrl`): links to it are recorded for the check. */
  siteBase?: string;
  lineOffset: number;
  links: SourceLink[];
}

/** `getting-started/index.md` → `getting-started`; `compute/ec2.md` → `compute/ec2`. */
export function docIdOf(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
}

/**
 * Whether a doc's URL ends with `/`: always under `trailingSlash: true`; with it unset, when the slug Docusaurus
 * computes does (`slug: /a/b/`, a category's index page), as Docusaurus leaves such permalinks untouched.
 */
export function docSlash(trailingSlash: boolean | undefined, slugSlash: boolean | undefined): boolean {
  return trailingSlash === true || (trailingSlash === undefined && slugSlash === true);
}

/** The public URL of a doc slug ('' is the docs base). */
export function docHref(docsBase: string, slug: string, trailingSlash?: boolean): string {
  // With routeBasePath '/' the docs base is the locale's home, which keeps its slash.
  const base = docsBase.endsWith('/') ? docsBase.slice(0, -1) : docsBase;
  const path = slug ? `${base}/${encodeURI(slug)}` : docsBase;
  return trailingSlash && !path.endsWith('/') ? `${path}/` : path;
}

/** Rewrites the links of a page's tree (`tree => visitor`, the tree for the ids in-page links may name). */
export function linkRewriter(options: LinkOptions): (tree: Root) => Visit {
  const ownSite = options.siteBase ? ownSitePath(options.siteBase) : undefined;
  return (tree: Root) => {
    let ids: Set<string> | undefined;
    return (child) => {
      if (child.type !== 'element') return;
      const node = child as Element;
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      if ((node.data as { asset?: boolean } | undefined)?.asset) return;
      let href = node.properties.href;
      const line = node.position ? node.position.start.line + options.lineOffset : undefined;
      // An absolute link to this very site stays as written and opens like any external link, as in
      // Docusaurus; it is recorded with its line so the link check can warn when it leads nowhere.
      if (ownSite?.(href) !== undefined) options.links.push({ href, line });
      if (href.startsWith('#') && href.length > 1) {
        // Ids written in the page's HTML carry GitHub's prefix (see sanitize.ts); a link to one by the name
        // the author gave it still lands there, as GitHub makes it do in the browser.
        ids ??= idsOf(tree);
        const id = safeDecode(href.slice(1));
        if (!ids.has(id) && ids.has(USER_CONTENT_PREFIX + id)) href = '#' + USER_CONTENT_PREFIX + href.slice(1);
      }
      if (isExternalHref(href)) {
        if (/^https?:/i.test(href) || href.startsWith('//')) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        return;
      }
      const { href: resolved, ...file } = resolveHref(href, options);
      node.properties.href = resolved;
      // Footnote links point inside the page and are generated, not written by the author.
      if (!('dataFootnoteRef' in node.properties) && !('dataFootnoteBackref' in node.properties)) options.links.push({ href: resolved, line, ...file });
    };
  };
}

function idsOf(tree: Root): Set<string> {
  const ids = new Set<string>();
  walk(tree, (child) => {
    if (child.type === 'element' && typeof (child as Element).properties.id === 'string') ids.add((child as Element).properties.id as string);
  });
  return ids;
}

function resolveHref(href: string, options: LinkOptions): { href: string; target?: string; altTarget?: string } {
  if (href.startsWith('#')) return { href };
  const cut = href.search(/[?#]/);
  const path = cut >= 0 ? href.slice(0, cut) : href;
  const hash = cut >= 0 ? href.slice(cut) : '';
  if (/\.mdx?$/i.test(path)) {
    const target = fileTarget(path, options);
    const decoded = safeDecodeUri(path);
    const altTarget = decoded.startsWith('.') || decoded.startsWith('/') ? undefined : posix.normalize(decoded);
    if (target !== undefined) return { href: docHref(options.docsBase, defaultSlugOf(target), options.trailingSlash) + hash, target, ...(altTarget && altTarget !== target ? { altTarget } : {}) };
  }
  if (path.startsWith('/')) {
    // Site-absolute paths are relative to the locale's base, as in Docusaurus; a locale prefix already
    // written in the link is not added twice (`/fr/docs/x` on the fr site).
    const base = options.localeBase;
    // Written with the locale's base URL already (`/my-site/docs/x`): Docusaurus's Link does not add it twice.
    if (base !== '/' && path.startsWith(base)) return { href: path + hash };
    const rest = path.replace(/^\/+/, '');
    const prefix = options.localePrefix;
    const already = prefix && (rest === prefix || rest.startsWith(`${prefix}/`));
    return { href: (already ? base.slice(0, -prefix.length - 1) : base) + rest + hash };
  }
  // A relative URL (`../other#x`) is resolved from the page's own URL (its permalink, as Docusaurus does:
  // with a slash under trailingSlash: true, or when its slug has one and trailingSlash is unset), and written out so that client-side navigation, a
  // page served as x/index.html and the link checker all read it the same way.
  if (options.pagePath && path && !path.startsWith('?')) {
    const url = new URL(path, `http://site${options.pagePath}`);
    return { href: url.pathname + url.search + hash };
  }
  return { href };
}

// Pages link the same few files over and over (the 150 × 3 corpus: 1,436 links to files, 150 distinct paths
// in each locale), and working out a path's slug (dirname, number prefixes, normalize) each time was ~4 % of
// the Markdown stage's CPU in profiles. The slug depends on the path alone; the bound only keeps a long
// `serve` from holding every path it ever saw.
const defaultSlugs = new Map<string, string>();
const DEFAULT_SLUGS_KEPT = 10_000;

/** The slug a file has by default (no front matter read): docIdentity's for its path. */
function defaultSlugOf(relPath: string): string {
  let slug = defaultSlugs.get(relPath);
  if (slug === undefined) {
    if (defaultSlugs.size >= DEFAULT_SLUGS_KEPT) defaultSlugs.clear();
    slug = docIdentity({ relPath }).slug;
    defaultSlugs.set(relPath, slug);
  }
  return slug;
}

function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The file a link names, relative to the locale's docs folder; undefined when it points outside it. */
function fileTarget(path: string, options: LinkOptions): string | undefined {
  const decoded = safeDecodeUri(path);
  if (!decoded.startsWith('/')) return posix.normalize(posix.join(posix.dirname(options.relPath), decoded)).replace(/^(\.\.\/)+/, '');
  // `/docs/a/x.md`: Docusaurus resolves site-absolute file links from the site folder, where docs live in docs/.
  const segments = ['docs', options.routeBasePath].filter((s): s is string => Boolean(s && s !== '/'));
  for (const s of segments) if (decoded.startsWith(`/${s}/`)) return decoded.slice(s.length + 2);
  return decoded.slice(1);
}

/**
 * Points links to files at the URL their target really has. `hrefOfFile` gives a file's URL, or undefined
 * when the locale has no such file (then the link is left for the checker to report, with its line).
 * `html` is asked for only when a link changes (a doc from the build cache reads its HTML on demand:
 * cache/lazy-sections.ts); the result's `html` is undefined when it was not.
 */
export function retargetLinks(html: () => string, links: SourceLink[], hrefOfFile: (relPath: string) => string | undefined): { html: string | undefined; links: SourceLink[] } {
  let out: string | undefined;
  const fixed = links.map((l) => {
    if (!l.target) return l;
    const actual = hrefOfFile(l.target) ?? (l.altTarget ? hrefOfFile(l.altTarget) : undefined);
    if (actual === undefined) return l;
    const cut = l.href.search(/[?#]/);
    const written = cut >= 0 ? l.href.slice(0, cut) : l.href;
    if (actual === written) return l;
    const next = actual + (cut >= 0 ? l.href.slice(cut) : '');
    out = (out ?? html()).split(`href="${escapeAttr(l.href)}"`).join(`href="${escapeAttr(next)}"`);
    return { ...l, href: next };
  });
  return { html: out, links: fixed };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
