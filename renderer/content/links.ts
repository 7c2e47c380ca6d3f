// Rewrites links in rendered Markdown: relative `.md` links become routes, external links open in a new
// tab without opener or referrer; every internal link is recorded with its source line for the checker.
import type { Element, Root } from 'hast';
import { posix } from 'node:path';
import { walk } from './walk.ts';
import { isExternalHref, safeDecode } from '../shared/urls.ts';
import { USER_CONTENT_PREFIX } from './sanitize.ts';

export interface SourceLink {
  href: string;
  line?: number;
}

export interface LinkOptions {
  /** The doc's file path relative to its locale folder, e.g. compute/ec2.md */
  relPath: string;
  /** Public base of the locale, e.g. /aws-cheatsheet/pt-BR/ */
  localeBase: string;
  docsBase: string;
  /** The published address of the site's base (config `url` + `baseUrl`): links to it are internal. */
  siteBase?: string;
  lineOffset: number;
  links: SourceLink[];
}

/** `getting-started/index.md` → `getting-started`; `compute/ec2.md` → `compute/ec2`. */
export function docIdOf(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
}

export function rehypeLinks(options: LinkOptions) {
  const ownSite = options.siteBase ? ownSiteMatcher(options.siteBase) : undefined;
  return (tree: Root) => {
    let ids: Set<string> | undefined;
    walk(tree, (child) => {
      if (child.type !== 'element') return;
      const node = child as Element;
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      let href = node.properties.href;
      const line = node.position ? node.position.start.line + options.lineOffset : undefined;
      // An absolute link to this very site is checked like any internal link, and written as its path so
      // that it also works in `serve` and in preview deployments.
      const own = ownSite?.(href);
      if (own !== undefined) {
        node.properties.href = own;
        options.links.push({ href: own, line });
        return;
      }
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
      const resolved = resolveHref(href, options);
      node.properties.href = resolved;
      // Footnote links point inside the page and are generated, not written by the author.
      if (!('dataFootnoteRef' in node.properties) && !('dataFootnoteBackref' in node.properties)) options.links.push({ href: resolved, line });
    });
  };
}

/** Returns the site path of an absolute URL under `siteBase`, or undefined for any other URL. */
function ownSiteMatcher(siteBase: string): (href: string) => string | undefined {
  const base = new URL(siteBase);
  const basePath = base.pathname.endsWith('/') ? base.pathname : base.pathname + '/';
  return (href) => {
    if (!/^https?:\/\//i.test(href)) return undefined;
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

function idsOf(tree: Root): Set<string> {
  const ids = new Set<string>();
  walk(tree, (child) => {
    if (child.type === 'element' && typeof (child as Element).properties.id === 'string') ids.add((child as Element).properties.id as string);
  });
  return ids;
}

function resolveHref(href: string, options: LinkOptions): string {
  if (href.startsWith('#')) return href;
  const hashAt = href.indexOf('#');
  const path = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  if (path.startsWith('/')) {
    // Site-absolute paths are relative to the locale's base, as in Docusaurus.
    return options.localeBase + path.replace(/^\/+/, '') + hash;
  }
  if (/\.mdx?$/.test(path)) {
    const target = posix.normalize(posix.join(posix.dirname(options.relPath), decodeURI(path)));
    return options.docsBase + '/' + encodeURI(docIdOf(target)).replace(/\/$/, '') + hash;
  }
  return href;
}
