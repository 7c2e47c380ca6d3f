// Server entry of the templates: the renderer bundles this file (with the page modules) and calls it.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteData, SiteData } from '../renderer/shared/types.ts';
import { App } from './App.tsx';

export { colorModeScript } from './layout/color-mode.ts';
export { announcementScript } from './layout/AnnouncementBar.tsx';

export function renderApp(site: SiteData, route: RouteData, page?: ComponentType): string {
  return renderToString(<App site={site} route={route} page={page} />);
}
