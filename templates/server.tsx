// Server entry of the templates: the renderer bundles this file (with the page modules) and calls it.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteData, SidebarCategory, SiteData } from '../renderer/shared/types.ts';
import { App } from './App.tsx';
import { SiteContext, siteContextValue } from './context.tsx';
import { Category, InactiveCategoryHtml } from './docs/SidebarMenu.tsx';

export { colorModeScript } from './layout/color-mode.ts';
export { announcementScript } from './layout/AnnouncementBar.tsx';

/**
 * Renders a page. The sidebar categories a page is not in look the same on every page of the locale (collapsed
 * or not, nothing active): their inner HTML is rendered once, by React, the first time a page needs it, and
 * reused — about a seventh of a docs page's render time. `memo: false` renders everything (tests compare).
 */
export function renderApp(site: SiteData, route: RouteData, page?: ComponentType, options: { memo?: boolean } = {}): string {
  if (options.memo === false) return renderToString(<App site={site} route={route} page={page} />);
  let perSite = inactiveHtml.get(site);
  if (!perSite) inactiveHtml.set(site, (perSite = new WeakMap()));
  const known = perSite;
  const missing: [SidebarCategory, number][] = [];
  const lookup = (item: SidebarCategory, level: number) => {
    const html = known.get(item)?.get(level);
    if (html === undefined) missing.push([item, level]);
    return html;
  };
  const html = renderToString(
    <InactiveCategoryHtml.Provider value={lookup}>
      <App site={site} route={route} page={page} />
    </InactiveCategoryHtml.Provider>,
  );
  // Rendered after the page, never inside its render: React's server renderer is not re-entrant.
  for (const [item, level] of missing) {
    let byLevel = known.get(item);
    if (!byLevel) known.set(item, (byLevel = new Map()));
    byLevel.set(level, inactiveCategoryInnerHtml(site, item, level));
  }
  return html;
}

const inactiveHtml = new WeakMap<SiteData, WeakMap<SidebarCategory, Map<number, string>>>();

function inactiveCategoryInnerHtml(site: SiteData, item: SidebarCategory, level: number): string {
  const html = renderToString(
    <SiteContext.Provider value={siteContextValue(site)}>
      <Category item={item} activePath="" level={level} />
    </SiteContext.Provider>,
  );
  return html.slice(html.indexOf('>') + 1, html.lastIndexOf('</li>'));
}
