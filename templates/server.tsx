// Server entry of the templates: the renderer bundles this file (with the page modules) and calls it.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteData, SidebarCategory, SiteData } from '../renderer/shared/types.ts';
import { App } from './App.tsx';
import { SiteContext, siteContextValue, type SiteContextValue } from './context.tsx';
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
  let known = inactiveHtml.get(site);
  if (!known) inactiveHtml.set(site, (known = new WeakMap()));
  const missing: [SidebarCategory, number][] = [];
  const lookup = (item: SidebarCategory, level: number) => {
    const html = known.get(item);
    if (html === undefined) missing.push([item, level]);
    return html;
  };
  const html = renderToString(
    <InactiveCategoryHtml.Provider value={lookup}>
      <App site={site} route={route} page={page} />
    </InactiveCategoryHtml.Provider>,
  );
  // Rendered after the page, never inside its render: React's server renderer is not re-entrant.
  if (missing.length) {
    const value = siteContextValue(site);
    for (const [item, level] of missing) known.set(item, inactiveCategoryInnerHtml(value, item, level));
  }
  return html;
}

// By site data and category object: an item sits at one level of its sidebar, and new data means new objects.
const inactiveHtml = new WeakMap<SiteData, WeakMap<SidebarCategory, string>>();

function inactiveCategoryInnerHtml(value: SiteContextValue, item: SidebarCategory, level: number): string {
  const html = renderToString(
    <SiteContext.Provider value={value}>
      <Category item={item} activePath="" level={level} />
    </SiteContext.Provider>,
  );
  return html.slice(html.indexOf('>') + 1, html.lastIndexOf('</li>'));
}
