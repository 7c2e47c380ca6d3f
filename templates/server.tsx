// Server entry of the templates: the renderer bundles this file (with the page modules) and calls it.
import { Fragment, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteData, SidebarCategory, SidebarLink, SiteData } from '../renderer/shared/types.ts';
import { App } from './App.tsx';
import { SiteContext, siteContextValue, type SiteContextValue } from './context.tsx';
import { Category, CategoryHtml, containsPath, SidebarItems } from './docs/SidebarMenu.tsx';
import { NavbarRightHtml } from './navbar/Navbar.tsx';
import { navbarRightKey } from './navbar/NavbarItem.tsx';

export { colorModeScript } from './layout/color-mode.ts';
export { announcementScript } from './layout/AnnouncementBar.tsx';

/** How many pages got their navbar from the memo (what test/render-memo.test.ts checks it is used by). */
export const reused = { navbarRights: 0 };

/**
 * Renders a page. The sidebar's categories are rendered by React once per locale and their inner HTML reused
 * (about a third of a docs page's render time): one the page is not in looks the same on every such page
 * (collapsed or not, nothing active); one that holds the page and only links differs from page to page in
 * its active link alone, which is swapped in — both links' markup rendered by React too. The right-hand side
 * of the navbar (its menus) is reused the same way, by what it depends on in the route (`navbarRightKey`:
 * its active link), taken out of the first page rendered with it — rendered alone, its menus' ids (`useId`,
 * by place in the tree) would differ — with the locale menu's links swapped for the page's own. `memo: false`
 * renders everything (test/render-memo.test.ts compares every page of the real site, and of a fixture).
 */
export function renderApp(site: SiteData, route: RouteData, page?: ComponentType, options: { memo?: boolean } = {}): string {
  if (options.memo === false) return renderToString(<App site={site} route={route} page={page} />);
  let known = memoOf.get(site);
  if (!known) memoOf.set(site, (known = { inactive: new WeakMap(), active: new WeakMap(), links: new WeakMap(), navbarRight: new Map() }));
  const memo = known;
  const missing: ((value: SiteContextValue) => void)[] = [];
  const lookup = (item: SidebarCategory, level: number, activePath: string) => {
    if (!containsPath(item, activePath)) {
      const html = memo.inactive.get(item);
      if (html === undefined) missing.push((value) => memo.inactive.set(item, categoryInnerHtml(value, item, level, '')));
      return html;
    }
    if (item.href === activePath || !item.items.every((child) => child.type === 'link')) return undefined;
    const base = memo.active.get(item);
    const links = memo.links.get(item);
    if (base === undefined || links === undefined) {
      missing.push((value) => {
        memo.active.set(item, { path: activePath, html: categoryInnerHtml(value, item, level, activePath) });
        memo.links.set(item, categoryLinks(value, item, level + 1));
      });
      return undefined;
    }
    return withActiveLink(base, activePath, links);
  };
  let navbarMade: ReturnType<typeof navbarRightKey>;
  const navbarRight = (s: SiteData, r: RouteData) => {
    const now = navbarRightKey(s, r);
    if (!now) return undefined;
    const made = memo.navbarRight.get(now.key);
    const html = made && withHrefs(made, now.localeHrefs);
    if (html === undefined) navbarMade = now;
    else reused.navbarRights++;
    return html;
  };
  const html = renderToString(
    <NavbarRightHtml.Provider value={navbarRight}>
      <CategoryHtml.Provider value={lookup}>
        <App site={site} route={route} page={page} />
      </CategoryHtml.Provider>
    </NavbarRightHtml.Provider>,
  );
  if (navbarMade) {
    const inner = innerHtmlOfOnly(html, NAVBAR_RIGHT, 'div');
    if (inner !== undefined) memo.navbarRight.set(navbarMade.key, { html: inner, localeHrefs: navbarMade.localeHrefs });
  }
  // Rendered after the page, never inside its render: React's server renderer is not re-entrant.
  if (missing.length) {
    const value = siteContextValue(site);
    for (const make of missing) make(value);
  }
  return html;
}

interface SidebarMemo {
  inactive: WeakMap<SidebarCategory, string>;
  /** A category holding only links, as rendered for the page `path` (one of its links). */
  active: WeakMap<SidebarCategory, { path: string; html: string }>;
  /** The markup of a category's links, inactive and active, by href. */
  links: WeakMap<SidebarCategory, Map<string, { inactive: string; active: string }>>;
  /** The inner markup of the navbar's right-hand side by `navbarRightKey`, with the locale links it holds. */
  navbarRight: Map<string, { html: string; localeHrefs: string[] }>;
}

/**
 * `made`'s markup with its locale links' targets replaced by `hrefs`; undefined when a target to replace is
 * not found exactly once as an `href` attribute, or either one holds a character React would escape.
 */
function withHrefs(made: { html: string; localeHrefs: string[] }, hrefs: string[]): string | undefined {
  if (hrefs.length !== made.localeHrefs.length) return undefined;
  const edits: { at: number; length: number; text: string }[] = [];
  for (let i = 0; i < hrefs.length; i++) {
    const was = made.localeHrefs[i]!;
    const now = hrefs[i]!;
    if (was === now) continue;
    if (/["&'<>]/.test(was) || /["&'<>]/.test(now)) return undefined;
    const attribute = ` href="${was}"`;
    const at = made.html.indexOf(attribute);
    if (at < 0 || made.html.indexOf(attribute, at + 1) >= 0) return undefined;
    edits.push({ at, length: attribute.length, text: ` href="${now}"` });
  }
  edits.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += made.html.slice(from, e.at) + e.text;
    from = e.at + e.length;
  }
  return out + made.html.slice(from);
}

const NAVBAR_RIGHT = '<div class="navbar__items navbar__items--right">';

/**
 * What the one element of a page starting with `startTag` holds, up to the `</tag>` closing it; undefined
 * if the page has no such element or more than one. Counting `<tag` and `</tag>` is enough: the markup is
 * React's, whose text and attribute values never hold a `<`.
 */
function innerHtmlOfOnly(page: string, startTag: string, tag: string): string | undefined {
  const at = page.indexOf(startTag);
  if (at < 0 || page.indexOf(startTag, at + 1) >= 0) return undefined;
  const start = at + startTag.length;
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let depth = 1;
  for (let i = start; ; ) {
    const nextOpen = page.indexOf(open, i);
    const nextClose = page.indexOf(close, i);
    if (nextClose < 0) return undefined;
    if (nextOpen >= 0 && nextOpen < nextClose) {
      depth++;
      i = nextOpen + open.length;
      continue;
    }
    if (--depth === 0) return page.slice(start, nextClose);
    i = nextClose + close.length;
  }
}

// By site data and category object: an item sits at one level of its sidebar, and new data means new objects.
const memoOf = new WeakMap<SiteData, SidebarMemo>();

/** `base` with its active link made inactive and the link to `path` made active; undefined if either is not found once. */
function withActiveLink(base: { path: string; html: string }, path: string, links: Map<string, { inactive: string; active: string }>): string | undefined {
  if (base.path === path) return base.html;
  const was = links.get(base.path);
  const now = links.get(path);
  if (!was || !now || !occursOnce(base.html, was.active) || !occursOnce(base.html, now.inactive)) return undefined;
  return base.html.replace(was.active, () => was.inactive).replace(now.inactive, () => now.active);
}

function occursOnce(text: string, part: string): boolean {
  const at = text.indexOf(part);
  return at >= 0 && text.indexOf(part, at + 1) < 0;
}

/**
 * The markup of each link of `item` (its items sit at `level`), inactive and active, by href: all of them in
 * one render, cut after each `</li>` (a link's item holds none: its text is escaped). A render costs React
 * ~30 µs before its first element, and a category of the 150 × 3 corpus has ~8 links, each rendered twice.
 */
function categoryLinks(value: SiteContextValue, item: SidebarCategory, level: number): Map<string, { inactive: string; active: string }> {
  const links = new Map<string, SidebarLink>();
  for (const child of item.items) if (child.type === 'link' && !links.has(child.href)) links.set(child.href, child);
  const html = renderToString(
    <SiteContext.Provider value={value}>
      {[...links.values()].map((link) => (
        <Fragment key={link.href}>
          <SidebarItems items={[link]} activePath="" level={level} />
          <SidebarItems items={[link]} activePath={link.href} level={level} />
        </Fragment>
      ))}
    </SiteContext.Provider>,
  );
  const parts = html.split('</li>');
  // Not one item each (never seen): no links known, so every page renders this category itself.
  if (parts.length !== 2 * links.size + 1 || parts.at(-1) !== '') return new Map();
  return new Map([...links.keys()].map((href, i) => [href, { inactive: `${parts[2 * i]}</li>`, active: `${parts[2 * i + 1]}</li>` }]));
}

function categoryInnerHtml(value: SiteContextValue, item: SidebarCategory, level: number, activePath: string): string {
  const html = renderToString(
    <SiteContext.Provider value={value}>
      <Category item={item} activePath={activePath} level={level} />
    </SiteContext.Provider>,
  );
  return html.slice(html.indexOf('>') + 1, html.lastIndexOf('</li>'));
}
