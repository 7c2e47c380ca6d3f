// Docusaurus's client modules that docs import (`@docusaurus/Link`, `useBaseUrl`, `useDocusaurusContext`,
// `BrowserOnly`, `useIsBrowser`), for pages rendered once at build time. Links are written as a Markdown link
// would be, so the page's link stage gives them the base URL, the locale and the check every link gets.
import { useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { MdxThemeContext, type MdxSite } from './context.ts';

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

/** Pages are rendered at build time only: there is never a browser here. */
export function useIsBrowser(): boolean {
  return false;
}

/**
 * Docusaurus renders the fallback on the server and calls `children()` once hydrated. MDX pages are not hydrated
 * here (their HTML is built once), so the fallback is what visitors get, and the build says so.
 */
export function BrowserOnly({ fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  useContext(MdxThemeContext).warn('<BrowserOnly> shows its fallback: MDX pages are built to static HTML and not hydrated, so its browser-only content does not run');
  return <>{fallback ?? null}</>;
}
