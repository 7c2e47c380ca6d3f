// Which route an href leads to, if it is a page of this site in the locale on screen. Anything else
// (another locale, a static file, another site) is left to the browser.
import type { SiteData } from '../renderer/shared/types.ts';
import { localePrefixOf, routeKeyOf } from '../renderer/shared/locale-urls.ts';
import { isExternalHref, safeDecode, splitHash } from '../renderer/shared/urls.ts';

export function routeOfHref(site: SiteData, href: string): string | undefined {
  if (isExternalHref(href)) return undefined;
  let path = safeDecode(splitHash(href).path.replace(/\?.*$/, ''));
  if (!path.startsWith('/')) return undefined;
  const home = site.homeHref;
  if (!(path + '/').startsWith(home)) return undefined;
  // A file (e.g. an image or the sitemap), not a page.
  if (/\.[a-z0-9]+$/i.test(path)) return undefined;
  // Keyed as the route table keys it: with or without the trailing slash the site's URLs carry.
  path = routeKeyOf(path, home, site.trailingSlash);
  // The default locale lives at the root: the other locales' folders are not its pages.
  const others = site.locales.filter((l) => l.code !== site.locale.code).map((l) => l.prefix);
  return localePrefixOf(site.baseUrl, path, others) ? undefined : path;
}
