// The search stage's cache for one `serve` session, in memory: each locale's last index by its digest and
// the terms of its pages. After an edit the stage is run again for every locale, but a locale whose records
// did not change gets its index back as it was, and in a locale that changed only the changed pages are
// analysed again (the build cache does the same between builds: renderer/cache/build-cache.ts).
import type { IndexCache, KeptTerms, LocaleTerms } from './build-search.ts';
import { indexAsText, type LocaleIndexFiles, type MadeIndexFiles } from './local-index.ts';
import { isSerialized, type PageTerms } from './page-terms.ts';
import { assembleTerms } from './terms-pieces.ts';

export class MemoryIndexCache implements IndexCache {
  /** Per locale: only the latest index is kept (an older one is never asked for again). */
  private readonly indexes = new Map<string, { key: string; index: LocaleIndexFiles }>();
  private readonly terms = new Map<string, LocaleTerms>();

  keyOf(locale: string, digest: string): string {
    return JSON.stringify([locale, digest]);
  }

  get(key: string): LocaleIndexFiles | undefined {
    const [locale] = JSON.parse(key) as [string, string];
    const kept = this.indexes.get(locale);
    return kept?.key === key ? kept.index : undefined;
  }

  set(key: string, index: MadeIndexFiles): void {
    const [locale] = JSON.parse(key) as [string, string];
    // (`serve` makes its indexes on its own thread: their parts are text already.)
    this.indexes.set(locale, { key, index: indexAsText(index) });
  }

  pageTerms(locale: string): LocaleTerms {
    return this.terms.get(locale) ?? { pages: new Map() };
  }

  setPageTerms(locale: string, { index, terms }: KeptTerms): void {
    // A worker's terms come without the index's parts: they are taken from its files.
    this.terms.set(locale, isSerialized(terms) ? assembleTerms(terms, indexAsText(index))! : whole(terms));
  }

  keepPageTerms(): void {
    // Kept as they are: nothing is dropped between runs.
  }
}

/**
 * The terms with every page's taken now: a made index's are taken when asked for, from the last run's, which
 * would otherwise be held by each run's terms in turn for the whole session.
 */
function whole({ pages, index }: LocaleTerms): LocaleTerms {
  const all = new Map<string, PageTerms>();
  for (const key of pages.keys()) all.set(key, pages.get(key)!);
  return { pages: all, ...(index ? { index } : {}) };
}
