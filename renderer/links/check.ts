// Checks every internal link of the rendered pages (Markdown, navbar, sidebar, footer, breadcrumbs,
// locale links…) against the route table, the output files and the target page's ids. Absolute links to the
// site's own address are looked at too, but kept apart: Docusaurus treats them as external and never checks
// them, so a site moving over must still build — they are only ever warnings.
import type { BrokenLink } from '../problems.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { isExternalHref, ownSitePath, safeDecode } from '../shared/urls.ts';
import { collectHrefs, collectIds, linkComponents, StringPool } from './html-scan.ts';
export { StringPool };

/** What the checker needs of a page: its ids and link targets (taken while rendering). */
export interface PageScan {
  ids: Set<string>;
  hrefs: string[];
}

/**
 * Pass one pool for a whole build: scans then hold no piece of the page they came from. (A worker thread
 * passes none: the scan it sends is copied, not the page it points into.)
 */
export function scanPage(html: string, pool?: StringPool): PageScan {
  return { ids: collectIds(html, pool), hrefs: collectHrefs(html, pool) };
}

/** A scan made on another thread, its strings shared with the build's others (the same links on every page). */
export function internScan(scan: PageScan, pool: StringPool): PageScan {
  return { ids: new Set([...scan.ids].map((id) => pool.get(id))), hrefs: scan.hrefs.map((href) => pool.get(href)) };
}

export interface LinkCheckInput {
  routes: RouteEntry[];
  /** Each page by output file: its HTML, or its scan (then `readHtml` is asked for pages with broken links). */
  pages: Map<string, string | PageScan>;
  readHtml?: (outFile: string) => string | undefined;
  /** Every public path that exists besides routes (assets, static files, sitemap…). */
  files: Set<string>;
  baseUrl: string;
  /** The site's published base (config `url` + `baseUrl`): absolute links under it are checked as warnings. */
  siteBase?: string;
  /** The build cache's memory of each page's check: a page whose links resolve as last time is not checked. */
  memo?: PageCheckMemo;
}

/**
 * What one page's links were resolved against, besides the route table (its paths and output files) and the
 * base URLs, which are the same for every page: the pages whose ids its links' fragments were looked up in
 * (by output file; not its own, whose ids are its own scan's), and the paths looked up among the other files
 * (`found` there, or `missing` from them). Recorded only where a page's scan is checked.
 */
export interface PageLinkNeeds {
  ids: Set<string>;
  found: Set<string>;
  missing: Set<string>;
}

export interface PageCheckMemo {
  /** The page's result (its broken links, in its order) when nothing it was resolved against changed. */
  reuse(entry: RouteEntry): LinkCheckResult | undefined;
  /** The result of a page just checked, and what it needed (for the next build). */
  checked(entry: RouteEntry, result: LinkCheckResult, needs: PageLinkNeeds): void;
}

export interface LinkCheckResult {
  links: BrokenLink[];
  anchors: BrokenLink[];
  /** Absolute links to the site's own address that lead nowhere (never fatal; `resolved` is their path). */
  ownUrls: BrokenLink[];
}

/**
 * An href of a fragment alone, of printable ASCII that URL parsing keeps as it is (its fragment
 * percent-encode set: controls, space, ", <, >, `).
 */
const PLAIN_FRAGMENT = /^#[!#-;=?-_a-~]*$/;

export function checkLinks({ routes, pages, files, baseUrl, readHtml, siteBase, memo }: LinkCheckInput): LinkCheckResult {
  const ownPath = siteBase ? ownSitePath(siteBase) : () => undefined;
  const byPath = new Map<string, RouteEntry>();
  for (const r of routes) {
    // Keyed decoded, as hrefs are looked up: a route's path is encoded (`/c%C3%A2mbio`), a link may be either.
    const path = safeDecode(r.data.path);
    byPath.set(path, r);
    // A locale's home answers with and without its trailing slash.
    if (path.endsWith('/') && path.length > 1) byPath.set(path.slice(0, -1), r);
  }
  const idCache = new Map<string, Set<string>>();
  const idsOf = (entry: RouteEntry) => {
    let ids = idCache.get(entry.outFile);
    if (!ids) {
      const page = pages.get(entry.outFile) ?? '';
      idCache.set(entry.outFile, (ids = typeof page === 'string' ? collectIds(page) : page.ids));
    }
    return ids;
  };
  type Verdict = { kind: 'link' | 'anchor'; reason: string } | null;
  /**
   * A link's verdict, with what it was looked up in besides the routes (PageLinkNeeds): the page whose ids
   * its fragment was looked for in (`ids`, its output file), or the other files' paths it was looked for as.
   */
  type Judged = { verdict: Verdict; ids?: string; found?: string; missing?: [string, string] };
  const FOUND: Judged = { verdict: null };
  const verdicts = new Map<string, Judged>();
  const judged = (from: RouteEntry, href: string): Judged => {
    if (isExternalHref(href)) {
      const own = ownPath(href);
      return own === undefined ? FOUND : judged(from, own);
    }
    const key = href.startsWith('#') || !href.startsWith('/') ? `${from.data.path}|${href}` : href;
    let j = verdicts.get(key);
    if (j === undefined) verdicts.set(key, (j = judge(from, href)));
    return j;
  };
  // A link to an anchor of its own page ('#id', a third of a site's links: each page's table of contents)
  // resolves to the page's own path, parsed once per page; its id is the href as it is when it holds no
  // character that URL parsing would escape.
  const ownPaths = new Map<RouteEntry, string>();
  const ownPathOf = (from: RouteEntry) => {
    let path = ownPaths.get(from);
    if (path === undefined) ownPaths.set(from, (path = safeDecode(new URL(`http://site${from.data.path}`).pathname)));
    return path;
  };
  const judge = (from: RouteEntry, href: string): Judged => {
    let path: string;
    let hash: string;
    if (PLAIN_FRAGMENT.test(href)) {
      path = ownPathOf(from);
      hash = safeDecode(href.slice(1));
    } else {
      const url = new URL(href, `http://site${from.data.path}`);
      path = safeDecode(url.pathname);
      hash = safeDecode(url.hash.slice(1));
    }
    // As Docusaurus's checker: a page answers with or without a trailing slash.
    const target = byPath.get(path) ?? (path.length > 1 && path.endsWith('/') ? byPath.get(path.slice(0, -1)) : byPath.get(`${path}/`));
    if (!target) {
      // A file, or a folder of the static files with an index.html, which static hosts serve at /dir/ (and /dir).
      if (files.has(path)) return { verdict: null, found: path };
      const index = `${path.endsWith('/') ? path : `${path}/`}index.html`;
      if (files.has(index)) return { verdict: null, found: index };
      const missing: [string, string] = [path, index];
      if (!path.startsWith(baseUrl)) return { verdict: { kind: 'link', reason: `outside the site's base URL ${baseUrl}` }, missing };
      return { verdict: { kind: 'link', reason: 'no such page' }, missing };
    }
    if (!hash) return FOUND;
    if (!idsOf(target).has(hash)) {
      // Ids written in a page's HTML carry GitHub's prefix (renderer/content/sanitize.ts): say so.
      const prefixed = idsOf(target).has(`user-content-${hash}`) ? `; ids written in HTML are prefixed: link to #user-content-${hash}` : '';
      return { verdict: { kind: 'anchor', reason: `no heading or element with id "${hash}" on ${target.data.path}${prefixed}` }, ids: target.outFile };
    }
    return { verdict: null, ids: target.outFile };
  };

  const links: BrokenLink[] = [];
  const anchors: BrokenLink[] = [];
  const ownUrls: BrokenLink[] = [];
  const none: LinkCheckResult = { links: [], anchors: [], ownUrls: [] };
  for (const entry of routes) {
    const page = pages.get(entry.outFile);
    if (!page) continue;
    const reused = memo?.reuse(entry);
    if (reused) {
      links.push(...reused.links);
      anchors.push(...reused.anchors);
      ownUrls.push(...reused.ownUrls);
      continue;
    }
    const needs: PageLinkNeeds | undefined = memo ? { ids: new Set(), found: new Set(), missing: new Set() } : undefined;
    const hrefs = typeof page === 'string' ? collectHrefs(page) : page.hrefs;
    const broken: string[] = [];
    for (const href of hrefs) {
      if (!href) continue;
      const j = judged(entry, href);
      if (j.verdict) broken.push(href);
      if (!needs || j === FOUND) continue;
      if (j.ids !== undefined && j.ids !== entry.outFile) needs.ids.add(j.ids);
      if (j.found !== undefined) needs.found.add(j.found);
      if (j.missing) for (const m of j.missing) needs.missing.add(m);
    }
    if (!broken.length) {
      memo?.checked(entry, none, needs!);
      continue;
    }
    const mine: LinkCheckResult = { links: [], anchors: [], ownUrls: [] };
    // Where each Markdown link was written, in order: the nth link to an href in the page is its nth source.
    // (The Markdown parser gives lines, not columns.)
    const written = new Map<string, (number | undefined)[]>();
    for (const l of entry.doc?.links ?? []) written.set(l.href, [...(written.get(l.href) ?? []), l.line]);
    // Only for a page with a broken link: find which component each link sits in.
    const html = typeof page === 'string' ? page : (readHtml?.(entry.outFile) ?? '');
    const components = linkComponents(html);
    const reported = new Set<string>();
    for (const { href, component } of components) {
      if (!broken.includes(href)) continue;
      const v = judged(entry, href).verdict!;
      const lines = component === 'Markdown' && entry.doc ? written.get(href) : undefined;
      const resolved = isExternalHref(href) ? ownPath(href) : undefined;
      const link: BrokenLink = { kind: v.kind, page: entry.data.path, target: href, reason: v.reason, component, ...(resolved !== undefined ? { resolved } : {}), ...(lines?.length && entry.doc ? { file: entry.doc.file, line: lines.shift() } : {}) };
      const key = `${link.file ?? component}:${link.line ?? ''}|${href}`;
      if (reported.has(key)) continue;
      reported.add(key);
      (resolved !== undefined ? mine.ownUrls : v.kind === 'link' ? mine.links : mine.anchors).push(link);
    }
    links.push(...mine.links);
    anchors.push(...mine.anchors);
    ownUrls.push(...mine.ownUrls);
    memo?.checked(entry, mine, needs!);
  }
  return { links, anchors, ownUrls };
}
