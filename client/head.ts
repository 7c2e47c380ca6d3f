// Keeps <head> and <html> in step with the route after a client-side navigation: the same title, meta
// and alternate links the server writes for that page (renderer/render/document.ts).
import { ISLAND_STYLES_ATTRIBUTE, type RouteData, type SiteData } from '../renderer/shared/types.ts';

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyHead(site: SiteData, route: RouteData): void {
  const { head } = route;
  const html = document.documentElement;
  html.lang = site.locale.htmlLang;
  html.dir = site.locale.direction;
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'keywords', head.keywords.length ? head.keywords.join(', ') : undefined);
  setMeta('name', 'robots', head.noindex ? 'noindex, follow' : undefined);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:type', head.ogType);
  setMeta('property', 'og:url', head.canonical);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) canonical.href = head.canonical;
  for (const old of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove();
  for (const a of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = a.hreflang;
    link.href = a.href;
    document.head.appendChild(link);
  }
  islandStyles(route.doc?.islandStyles);
}

/** The stylesheet of the page's islands (CSS only their browser code imports): the new page's, or none. */
function islandStyles(href: string | undefined): void {
  const old = document.head.querySelector<HTMLLinkElement>(`link[${ISLAND_STYLES_ATTRIBUTE}]`);
  if (old && href && old.getAttribute('href') === href) return;
  old?.remove();
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.setAttribute(ISLAND_STYLES_ATTRIBUTE, '');
  document.head.appendChild(link);
}
