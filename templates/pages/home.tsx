// The home page: a custom React page module (its default export is the page).
import { useSite } from '../context.tsx';
import { Link } from '../Link.tsx';
import type { SidebarItem } from '../../renderer/shared/types.ts';

function findLink(items: SidebarItem[], match: (docId: string) => boolean): string | undefined {
  for (const item of items) {
    if (item.type === 'link' && match(item.docId)) return item.href;
    if (item.type === 'category') {
      const found = findLink(item.items, match);
      if (found) return found;
    }
  }
  return undefined;
}

export default function HomePage() {
  const { site, t } = useSite();
  // The categories of the docs sidebar (already in the page's data), each leading to its section of the
  // docs root, which lists all its services.
  const categories = site.sidebar.filter((item) => item.type === 'category');
  const start = site.navbar.items.find((i) => i.type === 'link' && !i.external && i.href.startsWith(site.docsRootHref + '/'));
  const startHref = start && 'href' in start ? start.href : site.docsRootHref;
  const contributing = findLink(site.sidebar, (docId) => docId.endsWith('contributing'));
  return (
    <div className="home">
      <header className="hero hero--primary">
        <div className="container">
          <h1 className="hero__title">{site.title}</h1>
          <p className="hero__subtitle">{site.tagline}</p>
          <div className="hero__buttons">
            <Link className="button button--secondary button--lg" href={startHref}>
              {t('home.hero.start')}
            </Link>
            {contributing && (
              <Link className="button button--outline button--lg" href={contributing}>
                {t('home.hero.contribute')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <div className="container home__body">
        <section className="home__about">
          <h2>{t('home.about.title')}</h2>
          <p>{t('home.about.body')}</p>
          <div className="home__features">
            {(['search', 'exam', 'languages'] as const).map((key) => (
              <div key={key} className="home__feature card">
                <h3>{t(`home.features.${key}.title`)}</h3>
                <p>{t(`home.features.${key}.body`)}</p>
              </div>
            ))}
          </div>
        </section>
        <section className="home__categories">
          <h2>{t('home.categories.title')}</h2>
          <ul className="home__category-list">
            {categories.map((cat) => (
              <li key={cat.key}>
                <Link href={cat.docsRootAnchor ? `${site.docsRootHref}#${cat.docsRootAnchor}` : (cat.href ?? site.docsRootHref)} className="home__category card" noPrefetch>
                  <strong>{cat.label}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <aside className="home__ebook card" aria-labelledby="home-ebook-title">
          <h2 id="home-ebook-title">{t('home.ebook.title')}</h2>
          <p>{t('home.ebook.body')}</p>
          <Link className="button button--primary" href={site.ebook.href}>
            {t('home.ebook.cta')}
          </Link>
          <p className="home__ebook-title">{site.ebook.title}</p>
        </aside>
      </div>
    </div>
  );
}
