// The modal's state machine, from @algolia/autocomplete-core: query, status (idle → loading → stalled
// after 300 ms), the active item and keyboard navigation. Sources: saved searches for an empty query,
// otherwise the engine's hits grouped by top-level section (one source per group, at most 5 hits each).
import { createAutocomplete, type AutocompleteApi, type AutocompleteState, type BaseItem } from '@algolia/autocomplete-core';
import { flushSync } from 'react-dom';
import { useMemo, useState, type BaseSyntheticEvent, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import type { SearchHit } from '../../renderer/shared/search-hit.ts';
import type { SiteData } from '../../renderer/shared/types.ts';
import { MAX_RESULTS_PER_GROUP, STALL_THRESHOLD_MS, loadEngine } from './engine.ts';
import { asHit, groupByLvl0 } from './hit-parts.tsx';
import type { InsightsClient } from './insights.ts';
import { openUrl } from './navigate.ts';
import type { SavedSearches } from './storage.ts';

export type Item = SearchHit & BaseItem;
/** The prop getters, typed for React's events. */
export type SearchApi = AutocompleteApi<Item, BaseSyntheticEvent, ReactMouseEvent, ReactKeyboardEvent>;

export interface SearchContext {
  /** The query the shown collections answer ('' for the start screen); undefined before the first answer. */
  resultsFor?: string;
  nbHits?: number;
  searchError?: boolean;
  /** Top-level sections seen in earlier results: offered on the no-results screen. */
  suggestions?: string[];
}

export const RECENT_SOURCE = 'recentSearches';
export const FAVORITE_SOURCE = 'favoriteSearches';

export interface SearchAutocompleteOptions {
  site: SiteData;
  initialQuery: string;
  placeholder: string;
  saved: SavedSearches;
  insightsClient?: InsightsClient;
  onClose: () => void;
}

const isPlainClick = (e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function useSearchAutocomplete(options: SearchAutocompleteOptions): { autocomplete: SearchApi; state: AutocompleteState<Item> } {
  const { site, saved, onClose } = options;
  const [state, setState] = useState<AutocompleteState<Item>>({
    query: options.initialQuery,
    collections: [],
    activeItemId: 0,
    completion: null,
    isOpen: true,
    status: 'idle',
    context: {},
  });

  // The store changes several times in a row (query, status, collections…): render once for the lot,
  // synchronously, rather than waiting for React's scheduler (and maybe a frame) before showing results.
  const render = useMemo(() => {
    let latest: AutocompleteState<Item> | null = null;
    return (next: AutocompleteState<Item>) => {
      const first = latest === null;
      latest = next;
      if (!first) return;
      queueMicrotask(() => {
        const state = latest!;
        latest = null;
        flushSync(() => setState(state));
      });
    };
  }, []);

  const autocomplete = useMemo(() => {
    const saveRecent = (item: Item) => {
      if (site.search.personalization) saved.addRecent(item);
    };
    // A click's own navigation is prevented by the hit's link; Enter goes through the navigator below.
    const onSelect = ({ item, event }: { item: Item; event: unknown }) => {
      saveRecent(item);
      const e = event as ReactMouseEvent | undefined;
      if (e?.type === 'click' && isPlainClick(e)) {
        onClose();
        openUrl(item.url);
      }
    };
    const source = (sourceId: string, items: Item[]) => ({ sourceId, getItems: () => items, getItemUrl: ({ item }: { item: Item }) => item.url, onSelect });

    let lastAsked = 0;
    return createAutocomplete<Item, BaseSyntheticEvent, ReactMouseEvent, ReactKeyboardEvent>({
      id: 'docsearch',
      defaultActiveItemId: 0,
      openOnFocus: true,
      stallThreshold: STALL_THRESHOLD_MS,
      placeholder: options.placeholder,
      initialState: { query: options.initialQuery, context: {} },
      shouldPanelOpen: () => true,
      insights: options.insightsClient ? { insightsClient: options.insightsClient } : false,
      navigator: {
        navigate({ itemUrl }) {
          onClose();
          openUrl(itemUrl);
        },
        navigateNewTab: ({ itemUrl }) => openUrl(itemUrl, 'tab'),
        navigateNewWindow: ({ itemUrl }) => openUrl(itemUrl, 'window'),
      },
      onSubmit({ state: s }) {
        // Enter with nothing active: the full list on the search page.
        if (s.query && site.search.searchPagePath) window.location.assign(`${site.searchHref}?q=${encodeURIComponent(s.query)}`);
      },
      onStateChange: ({ state: next }) => render(next),
      async getSources({ query, setContext, state: current }) {
        // Searches finish out of order (a short query has more hits to rank): only the newest one may set the
        // context, or typing fast leaves the panel labelled, counted and suggested for an older query.
        const asked = ++lastAsked;
        if (!query) {
          setContext({ resultsFor: '', searchError: false });
          if (!site.search.personalization) return [];
          return [source(RECENT_SOURCE, saved.recent().map((h) => asHit(h) as Item)), source(FAVORITE_SOURCE, saved.favorites().map((h) => asHit(h) as Item))];
        }
        try {
          const engine = await loadEngine(site.search);
          const results = await engine.search({ query });
          const groups = groupByLvl0(results.hits, MAX_RESULTS_PER_GROUP);
          if (asked !== lastAsked) return [];
          const known = ((current.context as SearchContext).suggestions ?? []).length;
          setContext({
            resultsFor: query,
            searchError: false,
            nbHits: results.nbHits,
            ...(groups.length > known ? { suggestions: [...new Set(groups.map(([lvl0]) => lvl0).filter(Boolean))] } : {}),
          });
          return groups.map(([, hits], i) => source(`hits${i}`, hits as Item[]));
        } catch {
          if (asked !== lastAsked) return [];
          setContext({ resultsFor: query, searchError: true });
          return [];
        }
      },
    });
    // The instance lives as long as the modal: created once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { autocomplete, state };
}
