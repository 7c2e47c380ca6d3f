// The search page's results (a lazy chunk, rendered only after hydration): the hits for the query with
// their breadcrumbs and snippets, 20 at a time, the next 20 loading when the end of the list comes into
// view. Same engine as the modal.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SearchHit } from '../../renderer/shared/search-hit.ts';
import { isExternalHref } from '../../renderer/shared/urls.ts';
import { useSite } from '../../templates/context.tsx';
import { Link } from '../../templates/Link.tsx';
import type { SearchResultsProps } from '../../templates/search/search-host.ts';
import { loadEngine } from './engine.ts';
import { Highlighted, hitPath, hitSnippet, hitTitle } from './hit-parts.tsx';

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  status: 'loading' | 'idle' | 'error';
}

export function SearchResults({ query }: SearchResultsProps) {
  const { site, t } = useSite();
  const [results, setResults] = useState<Results | null>(null);
  const latest = useRef(query);
  const sentinel = useRef<HTMLDivElement>(null);

  const fetchPage = useCallback(
    async (q: string, page: number) => {
      setResults((r) => (r && r.query === q ? { ...r, status: 'loading' } : { query: q, hits: [], nbHits: 0, page, status: 'loading' }));
      try {
        const engine = await loadEngine(site.search);
        const found = await engine.search({ query: q, page });
        if (latest.current !== q) return;
        setResults((r) => ({ query: q, hits: page === 0 || !r ? found.hits : [...r.hits, ...found.hits], nbHits: found.nbHits, page, status: 'idle' }));
      } catch {
        if (latest.current === q) setResults((r) => ({ query: q, hits: r?.query === q ? r.hits : [], nbHits: r?.nbHits ?? 0, page: r?.page ?? 0, status: 'error' }));
      }
    },
    [site.search],
  );

  useEffect(() => {
    latest.current = query;
    if (!query.trim()) setResults(null);
    else void fetchPage(query, 0);
  }, [query, fetchPage]);

  const more = results !== null && results.status === 'idle' && results.hits.length < results.nbHits;
  useEffect(() => {
    const el = sentinel.current;
    if (!more || !el || !results) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchPage(results.query, results.page + 1);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, results, fetchPage]);

  if (!results) return null;
  const count = results.nbHits;
  return (
    <div className="search-page__results" data-results-for={results.status === 'loading' && results.hits.length === 0 ? undefined : results.query}>
      {results.status === 'error' ? (
        <div className="search-page__error" role="alert">
          <p>{t('theme.SearchModal.errorScreen.titleText')}</p>
          <p>{t('theme.SearchModal.errorScreen.helpText')}</p>
        </div>
      ) : (
        <p className="search-page__count" role="status">
          {results.status === 'loading' && results.hits.length === 0 ? '' : count === 0 ? t('theme.SearchPage.noResultsText') : count === 1 ? t('theme.SearchPage.documentsFound.one') : t('theme.SearchPage.documentsFound.other', { count })}
        </p>
      )}
      {results.hits.map((hit) => (
        <article key={hit.objectID} className="search-result">
          <h2 className="search-result__title">
            <ResultLink url={hit.url}>
              <Highlighted segments={hitTitle(hit)} />
            </ResultLink>
          </h2>
          <nav className="search-result__path" aria-label={t('theme.SearchPage.breadcrumbsAriaLabel')}>
            <ol>
              {[hit.hierarchy.lvl0 ? [{ text: hit.hierarchy.lvl0 }] : [], ...hitPath(hit)]
                .filter((s) => s.length > 0)
                .map((segments, i) => (
                  <li key={i}>
                    <Highlighted segments={segments} />
                  </li>
                ))}
            </ol>
          </nav>
          {hitSnippet(hit) && (
            <p className="search-result__snippet">
              <Highlighted segments={hitSnippet(hit)!} />
            </p>
          )}
        </article>
      ))}
      {(more || (results.status === 'loading' && results.hits.length > 0)) && (
        <div ref={sentinel} className="search-page__more">
          {results.status === 'loading' ? t('theme.SearchPage.fetchingNewResults') : ''}
        </div>
      )}
    </div>
  );
}

/** In-site hits navigate on the client; a hit outside the site (externalUrlRegex) is a plain link. */
function ResultLink({ url, children }: { url: string; children: ReactNode }) {
  return isExternalHref(url) ? <a href={url}>{children}</a> : <Link href={url} noPrefetch>{children}</Link>;
}
