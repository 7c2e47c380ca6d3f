// The docs sidebar's menu: nested categories that collapse, the active link marked aria-current="page".
import { createContext, useContext, useEffect } from 'react';
import type { RouteData, SidebarCategory, SidebarItem, SiteData } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';
import { ChevronIcon } from '../icons.tsx';
import { Link } from '../Link.tsx';
import { useSidebarState } from './sidebar-state.tsx';

/** The sidebar a page shows: the docs sidebar, or the other one its route names (`displayed_sidebar`). */
export function sidebarItems(site: SiteData, route: RouteData): SidebarItem[] {
  const id = route.doc?.sidebarId;
  return (id && site.otherSidebars?.[id]) || site.sidebar;
}

export function containsPath(item: SidebarItem, path: string): boolean {
  if (item.type === 'link') return item.href === path;
  return item.href === path || item.items.some((child) => containsPath(child, path));
}

/**
 * Server only (see templates/server.tsx): the inner HTML of a category as React renders it for `activePath`,
 * when the server has it from an earlier page (a category that does not hold the current page looks the
 * same on every such page; one that does differs only in its active link). Absent in the browser.
 */
export const CategoryHtml = createContext<((item: SidebarCategory, level: number, activePath: string) => string | undefined) | null>(null);

export function Category({ item, activePath, level }: { item: SidebarCategory; activePath: string; level: number }) {
  const { t } = useSite();
  const { isExpanded, setExpanded } = useSidebarState();
  const cached = useContext(CategoryHtml);
  const active = containsPath(item, activePath);
  const collapsible = item.collapsible !== false;
  const expanded = !collapsible || isExpanded(item.key, active || !item.collapsed);
  // Arriving on a page inside a collapsed category opens it (never the reverse).
  useEffect(() => {
    if (active) setExpanded(item.key, true);
  }, [active, item.key, setExpanded]);
  const className = `theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-${level} menu__list-item ${expanded ? '' : 'menu__list-item--collapsed'}${item.className ? ` ${item.className}` : ''}`;
  const inner = cached?.(item, level, activePath);
  if (inner !== undefined) return <li className={className} dangerouslySetInnerHTML={{ __html: inner }} />;
  const toggleLabel = t(expanded ? 'theme.docs.sidebar.collapseCategoryAriaLabel' : 'theme.docs.sidebar.expandCategoryAriaLabel', { label: item.label });
  const isCurrent = item.href === activePath;
  return (
    <li className={className}>
      <div className="menu__list-item-collapsible">
        {item.href ? (
          <>
            <Link href={item.href} className={`menu__link menu__link--sublist ${isCurrent ? 'menu__link--active' : ''} ${active ? 'menu__link--active-trail' : ''}`} aria-current={isCurrent ? 'page' : undefined}>
              {item.label}
            </Link>
            {collapsible && (
              <button type="button" className="clean-btn menu__caret" aria-expanded={expanded} aria-label={toggleLabel} onClick={() => setExpanded(item.key, !expanded)}>
                <ChevronIcon />
              </button>
            )}
          </>
        ) : !collapsible ? (
          <span className={`menu__link menu__link--sublist ${active ? 'menu__link--active-trail' : ''}`}>{item.label}</span>
        ) : (
          <button type="button" className={`clean-btn menu__link menu__link--sublist menu__link--sublist-caret ${active ? 'menu__link--active-trail' : ''}`} aria-expanded={expanded} onClick={() => setExpanded(item.key, !expanded)}>
            {item.label}
            <ChevronIcon />
          </button>
        )}
      </div>
      {/* A collapsed category's items are rendered when it opens, as Docusaurus does: every page would
          otherwise carry the whole sidebar's markup, which grows with the site. */}
      <ul className="menu__list" hidden={!expanded}>
        {expanded && <SidebarItems items={item.items} activePath={activePath} level={level + 1} />}
      </ul>
    </li>
  );
}

export function SidebarItems({ items, activePath, level }: { items: SidebarItem[]; activePath: string; level: number }) {
  return (
    <>
      {items.map((item) =>
        item.type === 'category' ? (
          <Category key={item.key} item={item} activePath={activePath} level={level} />
        ) : (
          <li key={item.href} className={`theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-${level} menu__list-item${item.className ? ` ${item.className}` : ''}`}>
            <Link href={item.href} className={`menu__link ${item.href === activePath ? 'menu__link--active' : ''}`} aria-current={item.href === activePath ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </>
  );
}

export function SidebarMenu({ items, activePath }: { items: SidebarItem[]; activePath: string }) {
  return (
    <ul className="theme-doc-sidebar-menu menu__list">
      <SidebarItems items={items} activePath={activePath} level={1} />
    </ul>
  );
}
