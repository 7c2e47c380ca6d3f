// The Algolia engine: algoliasearch's lite client (its retry strategy over several hosts, timeouts
// connect 1 s / read 2 s / write 30 s, a host marked down retried after 2 minutes) sending DocSearch's
// request, with host states kept by address (host-state.ts); hits are turned into the same shape the
// local engine returns.
import { liteClient } from 'algoliasearch/lite';
import { LEVELS, emptyHierarchy, type HitType, type SearchHit } from '../../renderer/shared/search-hit.ts';
import { parseHighlighted, type Segment } from '../../renderer/shared/search-text.ts';
import type { SearchSettings } from '../../renderer/shared/types.ts';
import { HITS_PER_PAGE, snippetWords, type SearchEngine } from './engine.ts';
import { hostStateCache } from './host-state.ts';

export const HIGHLIGHT_PRE_TAG = '<mark>';
export const HIGHLIGHT_POST_TAG = '</mark>';

interface RawValue {
  value?: string;
}

interface RawHit {
  objectID: string;
  url: string;
  type?: string;
  content?: string | null;
  hierarchy?: Record<string, string | null>;
  _highlightResult?: { hierarchy?: Record<string, RawValue>; content?: RawValue };
  _snippetResult?: { hierarchy?: Record<string, RawValue>; content?: RawValue };
}

export function algoliaEngine(settings: SearchSettings): SearchEngine {
  const config = settings.algolia!;
  const client = liteClient(config.appId, config.apiKey, {
    timeouts: { connect: 1000, read: 2000, write: 30000 },
    hostsCache: hostStateCache(`cheatsheet-search-hosts-${config.appId}`),
    ...(config.hosts ? { hosts: config.hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) } : {}),
  });
  const external = config.externalUrlRegex ? new RegExp(config.externalUrlRegex) : null;
  // The insights plugin sends each event with the credentials of the hits it is about.
  const credentials = { appId: config.appId, apiKey: config.apiKey };
  return {
    prepare: () => Promise.resolve(),
    async search({ query, page = 0 }) {
      const words = snippetWords();
      const { results } = await client.search<RawHit>({
        requests: [
          {
            query,
            indexName: config.indexName,
            attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
            attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${words}`), `content:${words}`],
            snippetEllipsisText: '…',
            highlightPreTag: HIGHLIGHT_PRE_TAG,
            highlightPostTag: HIGHLIGHT_POST_TAG,
            hitsPerPage: HITS_PER_PAGE,
            page,
            clickAnalytics: config.insights,
            ...config.searchParameters,
          },
        ],
      });
      const first = results[0] as { hits?: RawHit[]; nbHits?: number; queryID?: string } | undefined;
      const hits = (first?.hits ?? []).filter((h) => typeof h?.objectID === 'string' && typeof h.url === 'string');
      return {
        hits: hits.map((h) => ({ ...toHit(h, config.indexName, first?.queryID, external), __autocomplete_algoliaCredentials: credentials })),
        nbHits: first?.nbHits ?? hits.length,
        ...(first?.queryID ? { queryID: first.queryID } : {}),
      };
    },
  };
}

/** Hits of this site open in-site (their path); a hit matching externalUrlRegex keeps its full URL. */
export function hitUrl(url: string, external: RegExp | null): string {
  if (external?.test(url)) return url;
  try {
    const u = new URL(url, window.location.origin);
    return u.pathname + u.hash;
  } catch {
    return url;
  }
}

const segments = (value: RawValue | undefined): Segment[] | undefined => (typeof value?.value === 'string' ? parseHighlighted(value.value, HIGHLIGHT_PRE_TAG, HIGHLIGHT_POST_TAG) : undefined);

function toHit(raw: RawHit, indexName: string, queryID: string | undefined, external: RegExp | null): SearchHit {
  const hierarchy = emptyHierarchy();
  const highlighted: SearchHit['_highlightResult']['hierarchy'] = {};
  for (const level of LEVELS) {
    const value = raw.hierarchy?.[level];
    hierarchy[level] = typeof value === 'string' ? value : null;
    const h = segments(raw._highlightResult?.hierarchy?.[level]);
    if (h && hierarchy[level]) highlighted[level] = h;
  }
  const type = (raw.type === 'content' || (LEVELS as readonly string[]).includes(raw.type ?? '') ? raw.type : 'lvl1') as HitType;
  const content = typeof raw.content === 'string' ? raw.content : null;
  const snippet = segments(raw._snippetResult?.content);
  return {
    objectID: raw.objectID,
    url: hitUrl(raw.url, external),
    type,
    content,
    hierarchy,
    _highlightResult: { hierarchy: highlighted },
    _snippetResult: snippet && content ? { content: snippet } : {},
    __autocomplete_indexName: indexName,
    ...(queryID ? { __autocomplete_queryID: queryID } : {}),
  };
}
