// Server entry of the templates: the renderer bundles this file (with the page modules) and calls it.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteData, SidebarCategory, SiteData } from '../renderer/shared/types.ts';
import { App } from './App.tsx';
import { SiteContext, siteContextValue, type SiteContextValue } from './context.tsx';
import { Category, CategoryHtml, containsPath, SidebarItems } from './docs/SidebarMenu.tsx';

export { colorModeScript } from './layout/color-mode.ts';
export { announcementScript } from './layout/AnnouncementBar.tsx';

/**
 * Renders a page. The sidebar's categories are rendered by React once per locale and their inner HTML reused
 * (about a third of a docs page's render time): one the page is not in looks the same on every such page
 * (collapsed or not, nothing active); one that holds the page and only links differs from page to page in
 * its active link alone, which is swapped in — both links' markup rendered by React too. `memo: false`
 * renders everything (test/render-memo.test.ts compares every page of the real site).
 */
export function renderApp(site: SiteData, route: RouteData, page?: ComponentType, options: { memo?: boolean } = {}): string {
  if (options.memo === false) return renderToString(<App site={site} route={route} page={page} />);
  let known = memoOf.get(site);
  if (!known) memoOf.set(site, (known = { inactive: new WeakMap(), active: new WeakMap(), links: new WeakMap() }));
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
  const html = renderToString(
    <CategoryHtml.Provider value={lookup}>
      <App site={site} route={route} page={page} />
    </CategoryHtml.Provider>,
  );
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

/** The markup of each link of `item` (its items sit at `level`), inactive and active, by href. */
function categoryLinks(value: SiteContextValue, item: SidebarCategory, level: number): Map<string, { inactive: string; active: string }> {
  const links = new Map<string, { inactive: string; active: string }>();
  for (const child of item.items) {
    if (child.type !== 'link' || links.has(child.href)) continue;
    const render = (activePath: string) =>
      renderToString(
        <SiteContext.Provider value={value}>
          <SidebarItems items={[child]} activePath={activePath} level={level} />
        </SiteContext.Provider>,
      );
    links.set(child.href, { inactive: render(''), active: render(child.href) });
  }
  return links;
}

function categoryInnerHtml(value: SiteContextValue, item: SidebarCategory, level: number, activePath: string): string {
  const html = renderToString(
    <SiteContext.Provider value={value}>
      <Category item={item} activePath={activePath} level={level} />
    </SiteContext.Provider>,
  );
  return html.slice(html.indexOf('>') + 1, html.lastIndexOf('</li>'));
}
