// One navbar item of any of the nine kinds (the config's `doc` and `docSidebar` items arrive resolved to
// links, so seven shapes remain here).
import { Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { localeBase } from '../../renderer/shared/locale-urls.ts';
import type { NavItem } from '../../renderer/shared/types.ts';
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

function LocaleDropdown({ mobile }: { mobile?: boolean }) {
  const { site, t } = useSite();
  const route = useRoute();
  const items = site.locales.map((l) => {
    const alt = route.alternates.find((a) => a.locale === l.code);
    const home = localeBase(site.baseUrl, l.prefix);
    return { label: l.label, href: alt?.href ?? home, lang: l.htmlLang, active: l.code === site.locale.code, reload: true };
  });
  return <Dropdown mobile={mobile} className="locale-dropdown" icon={<LanguageIcon />} label={site.locale.label} ariaLabel={t('theme.navbar.localeDropdown.ariaLabel', { language: site.locale.label })} items={items} />;
}

export function NavbarItemView({ item, mobile }: { item: NavItem; mobile?: boolean }) {
  const { site, t } = useSite();
  const route = useRoute();
  switch (item.type) {
    case 'link': {
      const active = !item.external && (route.path === item.href || route.path.startsWith(`${item.href}/`));
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
