import type { SiteConfigInput } from './schema.ts';

/** Identity function that gives site.config.ts its types. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
export type { SiteConfigInput };
// The published location with the environment's overrides, for configs that build links from `repoUrl`.
export { publishedLocation } from './site-url.ts';
