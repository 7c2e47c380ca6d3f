// Custom page modules (the home page) are chunks of their own. A route that renders one gets it as a
// lazy component: on screen at once when the module is already loaded, else with the loading states.
import type { ComponentType } from 'react';
import type { RouteData } from '../renderer/shared/types.ts';
import { lazyComponent } from '../templates/Loading.tsx';
import type { PageModules } from './entry.tsx';
import { importChunk } from './import-chunk.ts';

/** The page module a route renders with; the renderer's render stage makes the same choice. */
export function pageNameOf(route: RouteData): string | undefined {
  return route.kind === 'home' ? 'home' : undefined;
}

/** `chunks`: the URL of each page module's chunk, for retries with a fresh URL. */
export function createPageLoader(pages: PageModules, chunks: Record<string, string>, initialRoute: RouteData, initialPage?: ComponentType) {
  const loaded = new Map<string, ComponentType>();
  const lazy = new Map<string, ComponentType>();
  const initialName = pageNameOf(initialRoute);
  if (initialName && initialPage) loaded.set(initialName, initialPage);
  const load = (name: string, attempt = 0) =>
    (attempt > 0 && chunks[name] ? importChunk<{ default: ComponentType }>(chunks[name], attempt) : pages[name]!()).then((m) => {
      loaded.set(name, m.default);
      return m.default;
    });
  return {
    pageFor(route: RouteData): ComponentType | undefined {
      const name = pageNameOf(route);
      if (!name || !pages[name]) return undefined;
      let component = loaded.get(name) ?? lazy.get(name);
      if (!component) lazy.set(name, (component = lazyComponent((attempt) => load(name, attempt))));
      return component;
    },
    /** Starts loading the module of a route that is about to be shown (hover, touch). */
    warm(route: RouteData): void {
      const name = pageNameOf(route);
      if (name && pages[name] && !loaded.has(name)) load(name).catch(() => undefined);
    },
  };
}
