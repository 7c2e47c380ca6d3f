// `cheatsheet search push`: uploads the records the local index is built from to Algolia with
// replaceAllObjects (a temporary index swapped in, so searches never see a half-filled index), then sets
// the index settings DocSearch's front end expects. The admin key comes from the environment only.
import { createHttpRequester } from '@algolia/requester-node-http';
import { algoliasearch, type IndexSettings } from 'algoliasearch';
import type { AlgoliaConfig } from '../config/schema.ts';
import { ConfigError } from '../errors.ts';
import { LEVELS } from '../shared/search-hit.ts';
import type { SearchRecord } from './records.ts';

export const ADMIN_KEY_VARIABLE = 'ALGOLIA_ADMIN_API_KEY';
export const BATCH_SIZE = 1000;

/** What DocSearch's UI relies on: facets for contextual search, attributes ranked by hierarchy. */
export const INDEX_SETTINGS: IndexSettings = {
  attributesForFaceting: ['language', 'docusaurus_tag', 'type'],
  // Keywords (what people call the page's subject) rank right after the page title, as in the local engine.
  searchableAttributes: [...LEVELS.slice(0, 2).map((l) => `unordered(hierarchy.${l})`), 'unordered(keywords)', ...LEVELS.slice(2).map((l) => `unordered(hierarchy.${l})`), 'content'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  snippetEllipsisText: '…',
  queryLanguages: ['pt', 'en', 'es'],
  ignorePlurals: true,
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  advancedSyntax: true,
  removeWordsIfNoResults: 'allOptional',
};

export interface PushInput {
  algolia: AlgoliaConfig;
  records: SearchRecord[];
  /** The environment to read the admin key from (process.env in the CLI). */
  env: Record<string, string | undefined>;
  dryRun: boolean;
  log: (line: string) => void;
}

export interface PushResult {
  records: number;
  batches: number;
  uploaded: boolean;
}

export async function pushRecords({ algolia, records, env, dryRun, log }: PushInput): Promise<PushResult> {
  const batches = Math.max(1, Math.ceil(records.length / BATCH_SIZE));
  const target = `index "${algolia.indexName}" of app ${algolia.appId}`;
  if (dryRun) {
    log(`Dry run: would replace every record of ${target} with ${records.length} records (${batches} batch${batches > 1 ? 'es' : ''} of up to ${BATCH_SIZE}) and set its settings:`);
    log(`  facets: ${INDEX_SETTINGS.attributesForFaceting!.join(', ')}`);
    log(`  searchable attributes: ${INDEX_SETTINGS.searchableAttributes!.join(', ')}`);
    log('Nothing was sent.');
    return { records: records.length, batches, uploaded: false };
  }
  const adminKey = env[ADMIN_KEY_VARIABLE];
  if (!adminKey) {
    throw new ConfigError(`No Algolia admin API key: set ${ADMIN_KEY_VARIABLE} in the environment.`, {
      hint: 'The admin key is never read from site.config.ts (its apiKey is the public search-only key). Use --dry-run to check the records without a key.',
    });
  }

  const base = createHttpRequester();
  let sent = 0;
  const client = algoliasearch(algolia.appId, adminKey, {
    ...(algolia.hosts ? { hosts: algolia.hosts.map((origin) => hostOf(origin)) } : {}),
    requester: {
      async send(request) {
        const response = await base.send(request);
        if (request.method === 'POST' && /\/batch$/.test(new URL(request.url).pathname) && response.status < 300) {
          sent++;
          log(`  batch ${sent}/${batches} uploaded`);
        }
        return response;
      },
    },
  });

  log(`Replacing the records of ${target}: ${records.length} records in ${batches} batch${batches > 1 ? 'es' : ''}…`);
  await client.replaceAllObjects({ indexName: algolia.indexName, objects: records as unknown as Record<string, unknown>[], batchSize: BATCH_SIZE });
  log('Records replaced.');
  const { taskID } = await client.setSettings({ indexName: algolia.indexName, indexSettings: INDEX_SETTINGS });
  await client.waitForTask({ indexName: algolia.indexName, taskID });
  log('Settings applied.');
  return { records: records.length, batches, uploaded: true };
}

function hostOf(origin: string): { url: string; accept: 'readWrite'; protocol: 'http' | 'https' } {
  const u = new URL(origin);
  return { url: u.host, accept: 'readWrite', protocol: u.protocol === 'http:' ? 'http' : 'https' };
}
