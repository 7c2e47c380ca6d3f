// Reads a built page's hydration payload with its site data, which production builds keep in a per-locale
// JSON file (`siteUrl`) rather than in every page.
import type { HydrationPayload, RouteData, SiteData } from '../../renderer/shared/types.ts';

export interface ResolvedPayload {
  site: SiteData;
  route: RouteData;
}

export function rawPayloadOf(html: string): HydrationPayload {
  return JSON.parse(/<script id="__CHEATSHEET_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as HydrationPayload;
}

/** `readPublic` reads a file of the build by its public path (e.g. /aws-cheatsheet/assets/site/en.x.json). */
export function payloadOf(html: string, readPublic: (path: string) => string): ResolvedPayload {
  const raw = rawPayloadOf(html);
  const site = raw.site ?? (JSON.parse(readPublic(raw.siteUrl)) as SiteData);
  return { site, route: raw.route };
}
