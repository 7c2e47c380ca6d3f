// A docs page: sidebar (when the page is in it), breadcrumbs, the Markdown, TOC and prev/next.
import { useEffect, useRef } from 'react';
import type { DocData } from '../../renderer/shared/types.ts';
import { useRoute, useSite } from '../context.tsx';
import { Link } from '../Link.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { DocBanners, DocEditMeta } from './DocNotices.tsx';
import { Paginator } from './Paginator.tsx';
import { SidebarMenu, sidebarItems } from './SidebarMenu.tsx';
import { TocDesktop, TocMobile } from './Toc.tsx';

export function DocContent({ doc }: { doc: DocData }) {
  const ref = useRef<HTMLDivElement>(null);
  // Wide tables scroll sideways inside the column: keyboard users must be able to focus them to scroll.
  useEffect(() => {
    for (const table of ref.current?.querySelectorAll('table') ?? []) table.tabIndex = 0;
  }, [doc.html]);
  return <div ref={ref} className="theme-doc-markdown markdown" data-doc-content="" dangerouslySetInnerHTML={{ __html: doc.html ?? '' }} />;
}

export function DocPage({ doc }: { doc: DocData }) {
  const { site, t } = useSite();
  const route = useRoute();
  const showToc = !doc.hideToc && doc.toc.length > 0;
  return (
    <div className={`docs-wrapper ${doc.inSidebar ? 'docs-wrapper--with-sidebar' : 'docs-wrapper--no-sidebar'}`}>
      {doc.inSidebar && (
        <aside className="theme-doc-sidebar-container">
          <nav className="sidebar menu thin-scrollbar" aria-label={t('theme.docs.sidebar.navAriaLabel')} data-sidebar-scroll="">
            <SidebarMenu items={sidebarItems(site, route)} activePath={route.path} />
          </nav>
        </aside>
      )}
      <div className="doc-main">
        <div className={`doc-row ${showToc ? 'doc-row--with-toc' : ''}`}>
          <div className="doc-item">
            <Breadcrumbs crumbs={doc.breadcrumbs} />
            <span className="theme-doc-version-badge badge">{t('theme.docs.versionBadge', { version: site.version.label })}</span>
            <DocBanners doc={doc} />
            {showToc && <TocMobile items={doc.toc} />}
            <article>
              {/* A page that opens with its own `# Heading` shows that one: the title is not printed twice. */}
              {doc.showTitle !== false && (
                <header>
                  <h1 className="doc-title">{doc.title}</h1>
                </header>
              )}
              <DocContent doc={doc} />
              {doc.lastVerified && (
                <p className="doc-last-verified">
                  <time dateTime={doc.lastVerified.date}>{doc.lastVerified.label}</time>
                </p>
              )}
            </article>
            {(doc.tags.length > 0 || doc.editUrl || doc.lastUpdate) && (
              <footer className="theme-doc-footer doc-footer">
                {doc.tags.length > 0 && (
                  <>
                    <b>{t('theme.tags.tagsListLabel')}</b>
                    <ul className="tags">
                      {doc.tags.map((tag) => (
                        <li key={tag.label} className={tag.href ? 'tag-item' : 'tag'}>
                          {tag.href ? (
                            <Link href={tag.href} className="tag tag--regular">
                              {tag.label}
                            </Link>
                          ) : (
                            tag.label
                          )}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <DocEditMeta doc={doc} />
              </footer>
            )}
            <Paginator prev={doc.prev} next={doc.next} />
          </div>
          {showToc && (
            <div className="doc-toc-col">
              <TocDesktop items={doc.toc} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
