import type { SiteConfigInput } from './schema.ts';

/** Identity function that gives site.config.ts its types. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
export type { SiteConfigInput };
