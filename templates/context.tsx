// React contexts shared by every template. The defaults are what the server uses: no navigation, no
// interactivity; the browser runtime provides real values.
import { createContext, useContext } from 'react';
import { createTranslator, type Translate } from '../i18n/translate.ts';
import type { RouteData, SiteData } from '../renderer/shared/types.ts';

export interface SiteContextValue {
  site: SiteData;
  t: Translate;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside <SiteContext>');
  return value;
}

export function siteContextValue(site: SiteData): SiteContextValue {
  return { site, t: createTranslator(site.strings) };
}

export const RouteContext = createContext<RouteData | null>(null);

export function useRoute(): RouteData {
  const value = useContext(RouteContext);
  if (!value) throw new Error('useRoute() outside <RouteContext>');
  return value;
}

/** What the browser runtime offers the templates; on the server every member is inert. */
export interface Runtime {
  /** true once hydrated: layout switches from 'ssr' to desktop/mobile. */
  hydrated: boolean;
  navigate: (href: string, event?: { preventDefault(): void }) => boolean;
  preload: (href: string) => void;
  prefetch: (element: Element, href: string) => () => void;
  openSearch: (initialQuery?: string) => void;
  loadSearch: () => void;
}

export const inertRuntime: Runtime = {
  hydrated: false,
  navigate: () => false,
  preload: () => undefined,
  prefetch: () => () => undefined,
  openSearch: () => undefined,
  loadSearch: () => undefined,
};

export const RuntimeContext = createContext<Runtime>(inertRuntime);

export function useRuntime(): Runtime {
  return useContext(RuntimeContext);
}
