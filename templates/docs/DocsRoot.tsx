// The docs root: every category with its services, each a link.
import type { Translate } from '../../i18n/translate.ts';
import type { DocsRootCategory } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';
import { Link } from '../Link.tsx';

/** "1 page" / "12 pages" in the visitor's language. */
export function pageCount(t: Translate, count: number): string {
  return t(count === 1 ? 'theme.docs.docsRoot.pages.one' : 'theme.docs.docsRoot.pages', { count });
}

export function DocsRoot({ categories }: { categories: DocsRootCategory[] }) {
  const { t } = useSite();
  return (
    <div className="container docs-root">
      <h1>{t('theme.docs.docsRoot.title')}</h1>
      <p className="docs-root__lead">{t('theme.docs.docsRoot.description')}</p>
      <div className="docs-root__grid">
        {categories.map((cat) => (
          <section key={cat.key} id={cat.key} className="docs-root__category card">
            <h2>{cat.href ? <Link href={cat.href}>{cat.label}</Link> : cat.label}</h2>
            {cat.description && <p className="docs-root__description">{cat.description}</p>}
            <p className="docs-root__count">{pageCount(t, cat.items.length)}</p>
            <ul>
              {cat.items.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} noPrefetch>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
