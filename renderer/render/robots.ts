// robots.txt: every page may be crawled (the search and 404 pages say noindex themselves), and the
// sitemap's absolute URL. Crawlers read it only at the root of a host: a site under a base path
// (https://octo.github.io/aws-cheatsheet/) gets it too, for a host that serves the folder at its root and
// as the line to copy into the domain's own robots.txt (README, "Deploy").
import type { SiteConfig } from '../config/validate.ts';

export function renderRobots(config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n`;
}
