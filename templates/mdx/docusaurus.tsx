// Docusaurus's client modules that docs import (`@docusaurus/Link`, `useBaseUrl`, `useDocusaurusContext`,
// `BrowserOnly`, `useIsBrowser`), for the server render of a page and for its islands in the browser. Links are
// written as a Markdown link would be, so the page's link stage gives them the base URL, the locale and the
// check every link gets.
import { useContext, useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { IslandContext, MdxThemeContext, type MdxSite } from './context.ts';

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; isNavLink?: boolean; activeClassName?: string; autoAddBaseUrl?: boolean; exact?: boolean };

export function Link({ to, href, isNavLink: _nav, activeClassName: _active, autoAddBaseUrl: _auto, exact: _exact, children, ...rest }: LinkProps) {
  return (
    <a href={to ?? href} {...rest}>
      {children}
    </a>
  );
}

/**
 * Docusaurus's rule: the base URL goes before any path (`/img/x.png` and `img/x.png` alike) unless the path
 * already starts with it; anchors and URLs with a protocol stay as written.
 */
export function withBaseUrl(site: MdxSite, url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  if (!url || EXTERNAL.test(url) || url.startsWith('#')) return url;
  const origin = options.absolute ? site.url.replace(/\/$/, '') : '';
  if (options.forcePrependBaseUrl) return origin + site.baseUrl + url.replace(/^\//, '');
  if (url === site.baseUrl.replace(/\/$/, '')) return origin + site.baseUrl;
  return origin + (url.startsWith(site.baseUrl) ? url : site.baseUrl + url.replace(/^\//, ''));
}

export function useBaseUrl(url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }): string {
  return withBaseUrl(useContext(MdxThemeContext).site, url, options);
}

export function useBaseUrlUtils() {
  const { site } = useContext(MdxThemeContext);
  return { withBaseUrl: (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) => withBaseUrl(site, url, options) };
}

export function useDocusaurusContext() {
  const { site } = useContext(MdxThemeContext);
  return {
    siteConfig: { title: site.title, tagline: site.tagline, url: site.url, baseUrl: site.baseUrl, trailingSlash: site.trailingSlash, customFields: {}, themeConfig: {} },
    i18n: { currentLocale: site.locale, defaultLocale: site.defaultLocale, locales: site.locales, localeConfigs: {} },
    siteMetadata: {},
    globalData: {},
  };
}

/** False on the server and during hydration (so both render the same), true once the component is mounted. */
/**
 * Docusaurus's `@docusaurus/ExecutionEnvironment`: what the code runs in — all false
 * on the server, true in the browser (the islands' bundle), so code guarded by it runs only there.
 */
const canUseDOM = () => typeof window !== 'undefined' && typeof window.document?.createElement === 'function';
// Getters: nothing reads `window` when the module loads.
export const ExecutionEnvironment = {
  get canUseDOM() {
    return canUseDOM();
  },
  get canUseEventListeners() {
    return canUseDOM() && typeof window.addEventListener === 'function';
  },
  get canUseIntersectionObserver() {
    return canUseDOM() && 'IntersectionObserver' in window;
  },
  get canUseViewport() {
    return canUseDOM() && 'screen' in window;
  },
};

export function useIsBrowser(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * As in Docusaurus: the fallback on the server and during hydration, `children()` once mounted in the browser.
 * Only islands are hydrated (renderer/content/mdx/islands.ts): elsewhere (inside a component the page itself
 * exports) the fallback is all visitors get, and the build says so.
 */
export function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  const isBrowser = useIsBrowser();
  const inIsland = useContext(IslandContext);
  const { warn } = useContext(MdxThemeContext);
  if (!inIsland) warn('<BrowserOnly> shows its fallback: it is not in a part of the page the browser hydrates (write <BrowserOnly> in the page or a partial, or in a component of the site\'s src/, not in a component the page exports)');
  return <>{isBrowser && children ? children() : (fallback ?? null)}</>;
}
