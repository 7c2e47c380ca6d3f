// The search page shell. Results depend on the query in the URL, so they render only in the browser.
import { useSite } from '../context.tsx';

export function SearchPage() {
  const { t } = useSite();
  return (
    <div className="container search-page">
      <h1>{t('theme.SearchPage.title')}</h1>
      <div className="search-page__root" data-search-page="" />
    </div>
  );
}
