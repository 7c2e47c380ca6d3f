// One navbar item of any of the nine kinds (the config's `doc` and `docSidebar` items arrive resolved to
// links, so seven shapes remain here).
import { Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { localeBase } from '../../renderer/shared/locale-urls.ts';
import type { NavItem, RouteData, SiteData } from '../../renderer/shared/types.ts';
import { useRoute, useSite } from '../context.tsx';
import { ExternalIcon, LanguageIcon } from '../icons.tsx';
import { Link } from '../Link.tsx';
import { SearchButton } from '../search/SearchButton.tsx';
import { Dropdown } from './Dropdown.tsx';

export const VERSION_STORAGE_PREFIX = 'docs-preferred-version-';

function storePreferredVersion(pluginId: string, name: string): void {
  try {
    localStorage.setItem(VERSION_STORAGE_PREFIX + pluginId, name);
  } catch {
    // Storage disabled: the preference is not kept, nothing else changes.
  }
}

/** The locale menu's entries: the page in each locale (that locale's home page where it has none). */
function localeItems(site: SiteData, route: RouteData) {
  return site.locales.map((l) => {
    const alt = route.alternates.find((a) => a.locale === l.code);
    const home = localeBase(site.baseUrl, l.prefix);
    return { label: l.label, href: alt?.href ?? home, lang: l.htmlLang, active: l.code === site.locale.code, reload: true };
  });
}

function isActiveLink(item: { href: string; external: boolean }, path: string): boolean {
  return !item.external && (path === item.href || path.startsWith(`${item.href}/`));
}

/**
 * What the server-rendered right-hand side of the navbar depends on besides its locale's site data: pages
 * with the same `key` get the same markup there but for the locale menu's links, `localeHrefs` (one per
 * locale menu, in order), which templates/server.tsx swaps in. It must name everything of the route an item
 * reads — change it with the components. Undefined when that side holds raw HTML, which the server does not
 * take apart.
 */
export function navbarRightKey(site: SiteData, route: RouteData): { key: string; localeHrefs: string[] } | undefined {
  const parts: string[] = [];
  const localeHrefs: string[] = [];
  for (const item of site.navbar.items) {
    if (item.position !== 'right') continue;
    if (item.type === 'html') return undefined;
    if (item.type === 'link') parts.push(isActiveLink(item, route.path) ? 'active' : '');
    else if (item.type === 'localeDropdown') {
      parts.push('locales');
      for (const i of localeItems(site, route)) localeHrefs.push(i.href);
    } else parts.push('');
  }
  return { key: parts.join('\n'), localeHrefs };
}

function LocaleDropdown({ mobile }: { mobile?: boolean }) {
  const { site, t } = useSite();
  const route = useRoute();
  const items = localeItems(site, route);
  return <Dropdown mobile={mobile} className="locale-dropdown" icon={<LanguageIcon />} label={site.locale.label} ariaLabel={t('theme.navbar.localeDropdown.ariaLabel', { language: site.locale.label })} items={items} />;
}

export function NavbarItemView({ item, mobile }: { item: NavItem; mobile?: boolean }) {
  const { site, t } = useSite();
  const route = useRoute();
  switch (item.type) {
    case 'link': {
      const active = isActiveLink(item, route.path);
      return (
        <Link href={item.href} className={`navbar__item navbar__link ${active ? 'navbar__link--active' : ''} ${item.className ?? ''}`} aria-label={item.ariaLabel} noPrefetch>
          {item.label}
          {item.external && <ExternalIcon />}
        </Link>
      );
    }
    case 'dropdown':
      return <Dropdown mobile={mobile} label={item.label} items={item.items} />;
    case 'localeDropdown':
      return <LocaleDropdown mobile={mobile} />;
    case 'search':
      return mobile ? null : <SearchButton />;
    case 'html':
      return <div className="navbar__item navbar__html" dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'docsVersion':
      return (
        <Link href={item.href} className="navbar__item navbar__link" noPrefetch onClick={() => storePreferredVersion(site.version.pluginId, site.version.name)}>
          {item.label}
        </Link>
      );
    case 'docsVersionDropdown':
      return (
        <Dropdown
          mobile={mobile}
          className="version-dropdown"
          label={site.version.label}
          ariaLabel={t('theme.navbar.versionDropdown.ariaLabel', { version: site.version.label })}
          items={item.versions.map((v) => ({ label: v.label, href: v.href, active: v.name === site.version.name, onSelect: () => storePreferredVersion(site.version.pluginId, v.name) }))}
        />
      );
    default: {
      const unknown: never = item;
      throw new Error(`No NavbarItem component found for type "${(unknown as { type: string }).type}".`);
    }
  }
}

const noFallback = () => null;

/**
 * Each item renders in its own boundary: one that throws is reported with its config and the rest of the
 * navbar still renders. The Suspense boundary is for the server: renderToString runs no error boundary,
 * but it renders a Suspense fallback (nothing) for an item that throws, and the browser then renders the
 * item on its own, where the error boundary catches it.
 */
export function NavbarItem({ item, mobile }: { item: NavItem; mobile?: boolean }) {
  return (
    <ErrorBoundary fallback={noFallback} onError={(error) => console.error(`Failed to render the navbar item ${JSON.stringify(item)}:`, error)}>
      <Suspense fallback={null}>
        <NavbarItemView item={item} mobile={mobile} />
      </Suspense>
    </ErrorBoundary>
  );
}
