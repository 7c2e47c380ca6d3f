import type { RouteEntry } from '../routes/route-table.ts';
import { escapeHtml } from './escape.ts';

export function renderSitemap(routes: RouteEntry[], siteUrl: string): string {
  const urls = routes
    .filter((r) => !r.data.head.noindex)
    .map((r) => {
      const links = r.data.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(siteUrl + a.href)}"/>`).join('');
      return `<url><loc>${escapeHtml(siteUrl + r.data.path)}</loc>${links}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
