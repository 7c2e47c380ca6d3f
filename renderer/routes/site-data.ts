// The data every page of one locale shares (navbar, footer, sidebar, strings…), computed once per locale.
import type { LoadedConfig } from '../config/load.ts';
import type { LocaleContent } from '../content/load.ts';
import type { RouteTable } from './route-table.ts';
import { localize } from '../config/localize.ts';
import type { Localized } from '../config/schema.ts';
import type { LocaleInfo, SearchSettings, SidebarItem, SiteData } from '../shared/types.ts';
import { dateFormat } from '../shared/date-format.ts';
import { localeUrls } from '../shared/locale-urls.ts';
import { resolveLink, resolveNavbar } from './navbar.ts';
import { firstSidebarLink } from './sidebar.ts';

export function localeInfos(config: LoadedConfig['config']): LocaleInfo[] {
  const { locales, defaultLocale, localeConfigs } = config.i18n;
  return locales.map((code) => {
    const lc = localeConfigs[code]!;
    return { code, label: lc.label, htmlLang: lc.htmlLang, direction: lc.direction, calendar: lc.calendar, prefix: code === defaultLocale ? '' : lc.path };
  });
}

export function formatDate(iso: string, htmlLang: string, calendar: string): string {
  return dateFormat(htmlLang, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC', calendar }).format(new Date(`${iso}T12:00:00Z`));
}

export interface SiteDataInput {
  loaded: LoadedConfig;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  strings: Record<string, string>;
  sidebar: SidebarItem[];
  /** Every sidebar of the locale by id (explicit sidebars in the config); the docs sidebar is `sidebar`. */
  sidebars?: Map<string, SidebarItem[]>;
  docTitle: (docId: string) => string | undefined;
  search: SearchSettings;
  routesManifestUrl: string;
  pageChunks: Record<string, string>;
  /** formatDate, or a memo of it (the build cache's). */
  formatDate?: typeof formatDate;
}

/** One locale's site data from what the stages produced: `build` and the dev server both build it here. */
export function siteDataOf(input: {
  loaded: LoadedConfig;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  strings: Map<string, Record<string, string>>;
  table: RouteTable;
  content: Map<string, LocaleContent>;
  search: SearchSettings;
  routesManifestUrl: string;
  pageChunks: Record<string, string>;
  formatDate?: typeof formatDate;
}): SiteData {
  const code = input.locale.code;
  const titles = new Map(input.content.get(code)!.docs.map((d) => [d.id, d.frontMatter.title || undefined]));
  return buildSiteData({
    loaded: input.loaded,
    locale: input.locale,
    locales: input.locales,
    strings: input.strings.get(code)!,
    sidebar: input.table.sidebars.get(code)!,
    sidebars: input.table.allSidebars.get(code),
    docTitle: (id) => titles.get(id),
    search: input.search,
    routesManifestUrl: input.routesManifestUrl,
    pageChunks: input.pageChunks,
    ...(input.formatDate ? { formatDate: input.formatDate } : {}),
  });
}

export function buildSiteData(input: SiteDataInput): SiteData {
  const { config, file } = input.loaded;
  const { locale, strings } = input;
  const { base, docsBase } = localeUrls(config.baseUrl, locale.prefix, config.docs.routeBasePath);
  const tc = config.themeConfig;
  const ctx = { locale: locale.code, localeBase: base };
  const footerLinks = tc.footer.links;
  const isColumns = footerLinks.length > 0 && 'items' in footerLinks[0]!;
  const lastUpdated = tc.footer.lastUpdated ? (strings['theme.footer.lastUpdated'] ?? '{date}').replace('{date}', (input.formatDate ?? formatDate)(tc.footer.lastUpdated, locale.htmlLang, locale.calendar)) : undefined;
  return {
    title: config.title,
    tagline: localize(config.tagline, locale.code),
    titleDelimiter: config.titleDelimiter,
    baseUrl: config.baseUrl,
    url: config.url,
    favicon: config.baseUrl + config.favicon,
    locale,
    locales: input.locales,
    defaultLocale: config.i18n.defaultLocale,
    strings,
    navbar: {
      title: tc.navbar.title ?? config.title,
      logo: tc.navbar.logo ? { ...tc.navbar.logo, src: config.baseUrl + tc.navbar.logo.src, srcDark: tc.navbar.logo.srcDark ? config.baseUrl + tc.navbar.logo.srcDark : undefined } : undefined,
      hideOnScroll: tc.navbar.hideOnScroll,
      items: resolveNavbar(tc.navbar.items, {
        ...ctx,
        configFile: file,
        sidebarId: config.docs.sidebarId,
        sidebarFirstLink: firstSidebarLink(input.sidebar),
        otherSidebars: new Map([...(input.sidebars ?? [])].map(([id, items]) => [id, firstSidebarLink(items)])),
        version: config.docs.version,
        docTitle: input.docTitle,
        hrefOfDoc: (id) => `${docsBase}/${id}`,
      }),
    },
    footer: {
      style: tc.footer.style,
      columns: isColumns ? (footerLinks as { title: Localized; items: Parameters<typeof resolveLink>[0][] }[]).map((c) => ({ title: localize(c.title, locale.code), items: c.items.map((l) => resolveLink(l, ctx)) })) : [],
      links: isColumns ? [] : (footerLinks as Parameters<typeof resolveLink>[0][]).map((l) => resolveLink(l, ctx)),
      logo: tc.footer.logo ? { ...tc.footer.logo, src: config.baseUrl + tc.footer.logo.src } : undefined,
      copyright: localize(tc.footer.copyright, locale.code),
      lastUpdated,
    },
    announcementBar: tc.announcementBar ? { id: tc.announcementBar.id, content: localize(tc.announcementBar.content, locale.code), isCloseable: tc.announcementBar.isCloseable, backgroundColor: tc.announcementBar.backgroundColor, textColor: tc.announcementBar.textColor } : undefined,
    colorMode: tc.colorMode,
    sidebar: input.sidebar,
    sidebarId: config.docs.sidebarId,
    ...otherSidebars(input.sidebars, config.docs.sidebarId),
    docsRootHref: docsBase,
    searchHref: base + 'search',
    homeHref: base,
    ...(config.trailingSlash !== undefined ? { trailingSlash: config.trailingSlash } : {}),
    search: input.search,
    version: { name: config.docs.version.name, label: config.docs.version.label, pluginId: config.docs.pluginId },
    routesManifestUrl: input.routesManifestUrl,
    pageChunks: input.pageChunks,
    ebook: { title: localize(config.ebook.title, locale.code), href: config.ebook.href },
    repoUrl: config.repoUrl,
    ...(tc.mermaid ? { mermaid: tc.mermaid } : {}),
  };
}

function otherSidebars(sidebars: Map<string, SidebarItem[]> | undefined, docsId: string): { otherSidebars?: Record<string, SidebarItem[]> } {
  const others = [...(sidebars ?? [])].filter(([id]) => id !== docsId);
  return others.length ? { otherSidebars: Object.fromEntries(others) } : {};
}
