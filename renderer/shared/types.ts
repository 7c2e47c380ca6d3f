// Data shapes shared by the renderer, the templates and the browser runtime. No node imports here:
// this is the only renderer module that client/ and templates/ may import.

export interface LocaleInfo {
  code: string;
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  calendar: string;
  /** URL prefix of the locale below baseUrl, '' for the default locale. */
  prefix: string;
}

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  label: string;
  href: string;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  docId: string;
  /** `sidebar_class_name` */
  className?: string;
  /** `sidebar_custom_props` */
  customProps?: Record<string, unknown>;
}

export interface SidebarCategory {
  type: 'category';
  key: string;
  /** Set for categories that are content folders: the id of their section on the docs root. */
  docsRootAnchor?: string;
  label: string;
  href?: string;
  collapsed: boolean;
  /** false: always open, no caret. */
  collapsible?: boolean;
  className?: string;
  customProps?: Record<string, unknown>;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface Alternate {
  locale: string;
  hreflang: string;
  href: string;
  label: string;
}

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  ogType: 'website' | 'article';
  noindex: boolean;
  keywords: string[];
  /** Absolute URL of the social card (og:image), and its description when one is known. */
  image?: string;
  imageAlt?: string;
}

export interface DocData {
  id: string;
  title: string;
  /** false when the content opens with its own `# Heading` or the front matter says `hide_title`. */
  showTitle: boolean;
  /** Rendered Markdown. Absent in the inline hydration payload: the client reads it from the DOM. */
  html?: string;
  toc: TocItem[];
  hideToc: boolean;
  breadcrumbs: Crumb[];
  prev?: PageLink;
  next?: PageLink;
  inSidebar: boolean;
  /** The sidebar shown, when it is not the docs sidebar (`displayed_sidebar`, or the one holding the doc). */
  sidebarId?: string;
  /** Its tags, each with the URL of its page (Docusaurus's docs tags). */
  tags: { label: string; href?: string }[];
  category?: string;
  /** When the page's facts were last checked against its sources: the day, and the sentence shown. */
  lastVerified?: { date: string; label: string };
  editUrl?: string;
  /** ISO date-time and author of the last change, as configured (showLastUpdateTime/Author). */
  lastUpdate?: { date?: string; author?: string };
  /** Reachable by its URL only: noindex, out of the sidebar, search and sitemap, with a banner. */
  unlisted?: boolean;
  /** The source locale's page shown because the locale has no translation of it yet. */
  notTranslated?: boolean;
  /** URL of the script that hydrates the page's MDX islands (its own components), when it has any. */
  islands?: string;
  /** URL of the stylesheet of CSS that only the islands' browser code imports, when there is some. */
  islandStyles?: string;
}

/** Marks the <link> of a page's `islandStyles` in <head>: the one stylesheet that changes with the page. */
export const ISLAND_STYLES_ATTRIBUTE = 'data-island-styles';

export interface DocsRootCategory {
  key: string;
  label: string;
  description?: string;
  href?: string;
  items: PageLink[];
}

export type RouteKind = 'home' | 'doc' | 'docsRoot' | 'search' | 'notFound';

export interface RouteData {
  kind: RouteKind;
  /** Public path, e.g. /aws-cheatsheet/pt-BR/docs/compute/ec2 */
  path: string;
  locale: string;
  head: HeadData;
  alternates: Alternate[];
  doc?: DocData;
  docsRoot?: DocsRootCategory[];
}

export type NavItem =
  | { type: 'link'; label: string; href: string; external: boolean; position: 'left' | 'right'; className?: string; ariaLabel?: string }
  | { type: 'dropdown'; label: string; items: NavLinkItem[]; position: 'left' | 'right' }
  | { type: 'localeDropdown'; position: 'left' | 'right' }
  | { type: 'search'; position: 'left' | 'right' }
  | { type: 'html'; value: string; position: 'left' | 'right' }
  | { type: 'docsVersion'; label: string; href: string; position: 'left' | 'right' }
  | { type: 'docsVersionDropdown'; versions: VersionLink[]; position: 'left' | 'right' };

export interface NavLinkItem {
  label: string;
  href: string;
  external: boolean;
}

export interface VersionLink {
  name: string;
  label: string;
  href: string;
}

export interface FooterData {
  style: 'light' | 'dark';
  columns: { title: string; items: NavLinkItem[] }[];
  links: NavLinkItem[];
  logo?: { src: string; alt: string; href?: string; width?: number; height?: number };
  copyright: string;
  lastUpdated?: string;
}

export interface AnnouncementData {
  id: string;
  content: string;
  isCloseable: boolean;
  backgroundColor?: string;
  textColor?: string;
}

export interface SearchSettings {
  engine: 'local' | 'algolia';
  /** Local engine: URL of this locale's index (content-hashed). */
  indexUrl?: string;
  algolia?: {
    appId: string;
    apiKey: string;
    indexName: string;
    contextualSearch: boolean;
    /** Merged into every request; with contextual search its facetFilters hold language and docs tag. */
    searchParameters: Record<string, unknown>;
    externalUrlRegex?: string;
    insights: boolean;
    /** Replacement hosts (tests, proxies), tried in order. */
    hosts?: { url: string; protocol: 'http' | 'https' }[];
    insightsHost?: string;
  };
  /** Index name used for the storage keys of recent/favorite searches. */
  storageIndexName: string;
  /** Path of the search page below the locale's base, or false when there is none. */
  searchPagePath: string | false;
  /** Where "Let us know." points when a query finds nothing. */
  reportUrl?: string;
  /** false: no recent or favorite searches are kept. */
  personalization: boolean;
}

/** Everything a page of one locale shares: shipped once in the inline payload, reused across navigations. */
export interface SiteData {
  title: string;
  tagline: string;
  titleDelimiter: string;
  baseUrl: string;
  url: string;
  favicon: string;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  defaultLocale: string;
  strings: Record<string, string>;
  navbar: {
    title: string;
    logo?: { src: string; srcDark?: string; alt: string; width?: number; height?: number };
    hideOnScroll: boolean;
    items: NavItem[];
  };
  footer: FooterData;
  announcementBar?: AnnouncementData;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  sidebar: SidebarItem[];
  sidebarId: string;
  /** The config's other sidebars by id, for docs that show one of them (absent when there is one sidebar). */
  otherSidebars?: Record<string, SidebarItem[]>;
  docsRootHref: string;
  searchHref: string;
  homeHref: string;
  /** config.trailingSlash: whether route paths end with a slash (the router keys routes the same way). */
  trailingSlash?: boolean;
  search: SearchSettings;
  version: { name: string; label: string; pluginId: string };
  /** Per-locale route manifest (path → page chunk URL), loaded lazily by the router. */
  routesManifestUrl: string;
  /** URL of each custom page module's chunk (name → URL): a retry after a failed load asks for it afresh. */
  pageChunks: Record<string, string>;
  ebook: { title: string; href: string };
  repoUrl: string;
  /** themeConfig.mermaid, when the site sets it (client/mermaid.ts reads it when a page has a diagram). */
  mermaid?: MermaidSettings;
}

export interface MermaidSettings {
  theme: { light: string; dark: string };
  options: Record<string, unknown>;
}

/**
 * The inline payload of a page. A production build ships the locale's site data as one cached JSON file
 * (`siteUrl`: it holds the whole sidebar, so inlining it would grow every page with the site); the dev
 * server inlines it (`site`).
 */
export type HydrationPayload = { route: RouteData } & ({ site: SiteData; siteUrl?: undefined } | { siteUrl: string; site?: undefined });
