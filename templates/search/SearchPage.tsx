// The search page: its title and search box are rendered on the server (the box is a plain GET form,
// so it works before any script); the results depend on `q` in the URL and render only in the browser,
// after hydration, from a lazily loaded chunk. The query is always text, never markup.
import { useEffect, useState, type ComponentType } from 'react';
import { useRuntime, useSite } from '../context.tsx';
import { getSearchHost, setSearchRuntime, type SearchResultsProps } from './search-host.ts';

function writeQuery(query: string): void {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function SearchPage() {
  const { site, t } = useSite();
  const runtime = useRuntime();
  const [query, setQuery] = useState('');
  const [Results, setResults] = useState<ComponentType<SearchResultsProps> | null>(null);

  useEffect(() => setSearchRuntime(runtime), [runtime]);

  useEffect(() => {
    if (!runtime.hydrated) return undefined;
    setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
    let live = true;
    getSearchHost()
      ?.loadResults()
      .then((component) => live && setResults(() => component))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [runtime.hydrated]);

  return (
    <div className="container search-page">
      <h1 className="search-page__title">{query ? t('theme.SearchPage.existingResultsTitle', { query }) : t('theme.SearchPage.title')}</h1>
      <form className="search-page__form" role="search" action={site.searchHref} method="get" onSubmit={(e) => e.preventDefault()}>
        <label className="search-page__label" htmlFor="search-page-input">
          {t('theme.SearchPage.inputLabel')}
        </label>
        <input
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          value={query}
          placeholder={t('theme.SearchPage.inputPlaceholder')}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            writeQuery(e.target.value);
          }}
        />
      </form>
      {Results && <Results query={query} />}
    </div>
  );
}
