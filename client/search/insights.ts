// Search analytics for Algolia mode with `insights: true`: search-insights (from the package, not a CDN
// script) initialised for this app; autocomplete's insights plugin then sends click events and view
// events (in batches of 20 object ids) for the hits the modal shows.
import type { CreateAlgoliaInsightsPluginParams } from '@algolia/autocomplete-plugin-algolia-insights';
import type { SearchSettings } from '../../renderer/shared/types.ts';

export type InsightsClient = NonNullable<CreateAlgoliaInsightsPluginParams['insightsClient']>;

export async function loadInsights(settings: SearchSettings): Promise<InsightsClient | undefined> {
  const config = settings.algolia;
  if (settings.engine !== 'algolia' || !config?.insights) return undefined;
  // The package's typings describe a CommonJS module; the browser build is ESM with a default export.
  const mod = (await import('search-insights')) as unknown as { default: InsightsClient };
  const client = mod.default;
  client('init', { appId: config.appId, apiKey: config.apiKey, useCookie: false, ...(config.insightsHost ? { host: config.insightsHost } : {}) });
  return client;
}
