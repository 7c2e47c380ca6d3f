// The modal's screens: start (saved searches, or "No recent searches"), results grouped by top-level
// section, no results (with suggestions and the report link) and error. Lists follow the listbox pattern:
// each hit's link is the option; the saved-search actions sit beside it, mouse affordances outside it.
import type { AutocompleteCollection } from '@algolia/autocomplete-core';
import type { MouseEvent, ReactNode, RefObject } from 'react';
import type { Translate } from '../../i18n/translate.ts';
import type { SiteData } from '../../renderer/shared/types.ts';
import { Highlighted, HitPath, hitPath, hitSnippet, hitTitle } from './hit-parts.tsx';
import { ClockIcon, CloseIcon, EnterIcon, HashIcon, MagnifierIcon, PageIcon, StarIcon } from './icons.tsx';
import type { SavedSearches } from './storage.ts';
import { FAVORITE_SOURCE, RECENT_SOURCE, type Item, type SearchApi, type SearchContext } from './use-search-autocomplete.ts';

type Api = SearchApi;
type Collection = AutocompleteCollection<Item>;

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

function HitItem({ autocomplete, collection, item, icon, actions }: { autocomplete: Api; collection: Collection; item: Item; icon: ReactNode; actions?: ReactNode }) {
  const { onClick, ...itemProps } = autocomplete.getItemProps({ item, source: collection.source });
  const snippet = hitSnippet(item);
  return (
    <li className="DocSearch-Hit" role="presentation">
      <a
        href={item.url}
        {...itemProps}
        onClick={(e) => {
          // The selection handler navigates (in-site when it can); modified clicks keep the browser's way.
          if (plainClick(e)) e.preventDefault();
          onClick(e);
        }}
      >
        <span className="DocSearch-Hit-Container">
          <span className="DocSearch-Hit-icon">{icon}</span>
          <span className="DocSearch-Hit-content-wrapper">
            <span className="DocSearch-Hit-title">
              <Highlighted segments={hitTitle(item)} />
            </span>
            {hitPath(item).length > 0 && (
              <span className="DocSearch-Hit-path">
                <HitPath hit={item} />
              </span>
            )}
            {snippet && (
              <span className="DocSearch-Hit-text">
                <Highlighted segments={snippet} />
              </span>
            )}
          </span>
          <span className="DocSearch-Hit-action">
            <EnterIcon />
          </span>
        </span>
      </a>
      {actions}
    </li>
  );
}

function HitList({ autocomplete, collection, title, children }: { autocomplete: Api; collection: Collection; title: string; children: (item: Item) => ReactNode }) {
  const titleId = `docsearch-${collection.source.sourceId}-title`;
  return (
    <section className="DocSearch-Hits">
      <div className="DocSearch-Hit-source" id={titleId}>
        {title}
      </div>
      <ul {...autocomplete.getListProps({ source: collection.source })} aria-labelledby={titleId}>
        {collection.items.map((item) => children(item))}
      </ul>
    </section>
  );
}

function Action({ title, onAct, children }: { title: string; onAct: () => void; children: ReactNode }) {
  return (
    <span
      className="DocSearch-Hit-action-button"
      title={title}
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onAct();
      }}
    >
      {children}
    </span>
  );
}

export function StartScreen({ autocomplete, collections, saved, t }: { autocomplete: Api; collections: Collection[]; saved: SavedSearches; t: Translate }) {
  const lists = collections.filter((c) => (c.source.sourceId === RECENT_SOURCE || c.source.sourceId === FAVORITE_SOURCE) && c.items.length > 0);
  if (lists.length === 0) {
    return (
      <div className="DocSearch-StartScreen">
        <p className="DocSearch-Help">{t('theme.SearchModal.startScreen.noRecentSearchesText')}</p>
      </div>
    );
  }
  const act = (fn: () => void) => () => {
    fn();
    autocomplete.refresh();
  };
  return lists.map((c) => {
    const recent = c.source.sourceId === RECENT_SOURCE;
    return (
      <HitList key={c.source.sourceId} autocomplete={autocomplete} collection={c} title={t(recent ? 'theme.SearchModal.startScreen.recentSearchesTitle' : 'theme.SearchModal.startScreen.favoriteSearchesTitle')}>
        {(item) => (
          <HitItem
            key={item.objectID}
            autocomplete={autocomplete}
            collection={c}
            item={item}
            icon={recent ? <ClockIcon /> : <StarIcon />}
            actions={
              <span className="DocSearch-Hit-actions" aria-hidden="true">
                {recent && (
                  <Action title={t('theme.SearchModal.startScreen.saveRecentSearchButtonTitle')} onAct={act(() => saved.addFavorite(item))}>
                    <StarIcon />
                  </Action>
                )}
                <Action
                  title={t(recent ? 'theme.SearchModal.startScreen.removeRecentSearchButtonTitle' : 'theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle')}
                  onAct={act(() => (recent ? saved.removeRecent(item) : saved.removeFavorite(item)))}
                >
                  <CloseIcon />
                </Action>
              </span>
            }
          />
        )}
      </HitList>
    );
  });
}

export function ResultsScreen({ autocomplete, collections, context, query, site, t, onNavigate }: { autocomplete: Api; collections: Collection[]; context: SearchContext; query: string; site: SiteData; t: Translate; onNavigate: (href: string) => void }) {
  const allHref = `${site.searchHref}?q=${encodeURIComponent(query)}`;
  return (
    <>
      {collections.map((c) => (
        <HitList key={c.source.sourceId} autocomplete={autocomplete} collection={c} title={c.items[0]?.hierarchy.lvl0 ?? ''}>
          {(item) => <HitItem key={item.objectID} autocomplete={autocomplete} collection={c} item={item} icon={item.type === 'lvl1' ? <PageIcon /> : <HashIcon />} />}
        </HitList>
      ))}
      {site.search.searchPagePath && context.nbHits ? (
        <section className="DocSearch-HitsFooter">
          <a
            href={allHref}
            onClick={(e) => {
              if (!plainClick(e)) return;
              e.preventDefault();
              onNavigate(allHref);
            }}
          >
            {t('theme.SearchModal.seeAllResults', { count: context.nbHits })}
          </a>
        </section>
      ) : null}
    </>
  );
}

export function reportHref(reportUrl: string, title: string): string {
  try {
    const url = new URL(reportUrl);
    url.searchParams.set('title', title);
    return url.href;
  } catch {
    return reportUrl;
  }
}

export function NoResultsScreen({ autocomplete, context, query, site, t, inputRef }: { autocomplete: Api; context: SearchContext; query: string; site: SiteData; t: Translate; inputRef: RefObject<HTMLInputElement | null> }) {
  const suggestions = (context.suggestions ?? []).slice(0, 3);
  return (
    <div className="DocSearch-NoResults">
      <div className="DocSearch-Screen-Icon">
        <MagnifierIcon />
      </div>
      <p className="DocSearch-Title">{t('theme.SearchModal.noResultsScreen.noResultsText', { query })}</p>
      {suggestions.length > 0 && (
        <div className="DocSearch-NoResults-Prefill-List">
          <p className="DocSearch-Help">{t('theme.SearchModal.noResultsScreen.suggestedQueryText')}</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className="DocSearch-Prefill"
                  onClick={() => {
                    autocomplete.setQuery(s);
                    autocomplete.refresh();
                    inputRef.current?.focus();
                  }}
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {site.search.reportUrl && (
        <p className="DocSearch-Help">
          {t('theme.SearchModal.noResultsScreen.reportMissingResultsText')}{' '}
          <a href={reportHref(site.search.reportUrl, t('theme.SearchModal.noResultsScreen.reportTitle', { query }))} target="_blank" rel="noopener noreferrer">
            {t('theme.SearchModal.noResultsScreen.reportMissingResultsLinkText')}
          </a>
        </p>
      )}
    </div>
  );
}

export function ErrorScreen({ t }: { t: Translate }) {
  return (
    <div className="DocSearch-ErrorScreen">
      <p className="DocSearch-Title">{t('theme.SearchModal.errorScreen.titleText')}</p>
      <p className="DocSearch-Help">{t('theme.SearchModal.errorScreen.helpText')}</p>
    </div>
  );
}
