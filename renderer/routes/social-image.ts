// The social card of each page (og:image): the page's `image` front matter, else the config's
// themeConfig.image, as in Docusaurus. Paths are under static/ (with or without a leading slash, which
// both mean the site's base URL) or absolute URLs; crawlers need absolute URLs.
import type { SiteConfig } from '../config/validate.ts';
import { localize } from '../config/localize.ts';
import type { HeadData } from '../shared/types.ts';

export function absoluteImageUrl(image: string, config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  // A URL with a scheme, or protocol-relative: already absolute.
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) || image.startsWith('//')) return image;
  return config.url + config.baseUrl + encodeURI(image.replace(/^\.?\/+/, ''));
}

/** A page's own image has no description we know of; the site's has the config's `imageAlt`. */
export function socialImage(config: SiteConfig, locale: string, pageImage?: string): Pick<HeadData, 'image' | 'imageAlt'> {
  if (pageImage) return { image: absoluteImageUrl(pageImage, config) };
  const { image, imageAlt } = config.themeConfig;
  if (!image) return {};
  const alt = localize(imageAlt, locale);
  return { image: absoluteImageUrl(image, config), ...(alt ? { imageAlt: alt } : {}) };
}
