// The zod schema of site.config.ts. Objects are strict: a misspelt key is an error, not silently ignored.
import { z } from 'zod';

/** Text shown to visitors: one string for every locale, or one per locale. */
export const localized = z.union([z.string(), z.record(z.string(), z.string())]);
export type Localized = z.infer<typeof localized>;

const position = z.enum(['left', 'right']).default('left');

const linkFields = {
  label: localized,
  to: z.string().optional(),
  href: z.string().optional(),
  className: z.string().optional(),
  'aria-label': localized.optional(),
};

export const dropdownLink = z.strictObject(linkFields).refine((l) => Boolean(l.to || l.href), { message: 'a dropdown link needs `to` or `href`' });

export const NAVBAR_ITEM_TYPES = ['default', 'dropdown', 'localeDropdown', 'search', 'html', 'doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown'] as const;

export const navbarItem = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('default'), position, ...linkFields }),
  z.strictObject({ type: z.literal('dropdown'), position, label: localized, items: z.array(dropdownLink).min(1) }),
  z.strictObject({ type: z.literal('localeDropdown'), position }),
  z.strictObject({ type: z.literal('search'), position }),
  z.strictObject({ type: z.literal('html'), position, value: z.string() }),
  z.strictObject({ type: z.literal('doc'), position, docId: z.string(), label: localized.optional() }),
  z.strictObject({ type: z.literal('docSidebar'), position, sidebarId: z.string(), label: localized }),
  z.strictObject({ type: z.literal('docsVersion'), position, label: localized.optional() }),
  z.strictObject({ type: z.literal('docsVersionDropdown'), position, versions: z.array(z.string()).optional() }),
]);
export type NavbarItemConfig = z.infer<typeof navbarItem>;

const localeConfig = z.strictObject({
  label: z.string(),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  htmlLang: z.string(),
  calendar: z.string().default('gregory'),
  path: z.string(),
});

const footerLink = z.strictObject(linkFields);

const algolia = z.strictObject({
  appId: z.string({ error: '`appId` is missing.' }).min(1, '`appId` is missing.'),
  apiKey: z.string({ error: '`apiKey` is missing.' }).min(1, '`apiKey` is missing.'),
  indexName: z.string({ error: '`indexName` is missing.' }).min(1, '`indexName` is missing.'),
  contextualSearch: z.boolean().default(true),
  searchParameters: z.record(z.string(), z.unknown()).default({}),
  externalUrlRegex: z.string().optional(),
  insights: z.boolean().default(false),
  searchPagePath: z.union([z.string(), z.literal(false)]).default('search'),
  /**
   * Search hosts to use instead of Algolia's own (`<appId>-dsn.algolia.net` and its fallbacks), tried in
   * order: e.g. a proxy, or a local test server. Origins such as 'https://search.example.com' or
   * 'http://127.0.0.1:8080'.
   */
  hosts: z.array(z.string().url()).min(1).optional(),
  /** Origin of the Insights API that click and view events go to (default: Algolia's). */
  insightsHost: z.string().url().optional(),
});

export const siteConfigSchema = z.strictObject({
  title: z.string().min(1),
  tagline: localized,
  favicon: z.string(),
  url: z.string().url(),
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'baseUrl must start and end with "/"'),
  trailingSlash: z.literal(false).default(false),
  onBrokenLinks: z.enum(['throw', 'warn']).default('throw'),
  onBrokenAnchors: z.enum(['throw', 'warn']).default('throw'),
  titleDelimiter: z.string().default('|'),
  repoUrl: z.string().url(),
  ebook: z.strictObject({ title: localized, href: z.string().url() }),
  i18n: z.strictObject({
    defaultLocale: z.string(),
    locales: z.array(z.string()).min(1),
    /** The language translations are written from and checked against. */
    sourceLocale: z.string(),
    localeConfigs: z.record(z.string(), localeConfig),
  }),
  docs: z
    .strictObject({
      routeBasePath: z.string().default('docs'),
      sidebarId: z.string().default('tutorialSidebar'),
      version: z.strictObject({ name: z.string(), label: z.string() }).default({ name: 'current', label: 'Next' }),
      pluginId: z.string().default('default'),
    })
    .prefault({}),
  themeConfig: z.strictObject({
    colorMode: z
      .strictObject({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(true),
      })
      .prefault({}),
    announcementBar: z
      .strictObject({
        id: z.string().min(1),
        content: localized,
        backgroundColor: z.string().optional(),
        textColor: z.string().optional(),
        isCloseable: z.boolean().default(true),
      })
      .optional(),
    navbar: z.strictObject({
      title: z.string().optional(),
      logo: z.strictObject({ alt: z.string(), src: z.string(), srcDark: z.string().optional(), width: z.number().optional(), height: z.number().optional() }).optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(z.unknown()).default([]),
    }),
    footer: z.strictObject({
      style: z.enum(['light', 'dark']).default('dark'),
      links: z.union([z.array(z.strictObject({ title: localized, items: z.array(footerLink) })), z.array(footerLink)]).default([]),
      logo: z.strictObject({ alt: z.string(), src: z.string(), href: z.string().optional(), width: z.number().optional(), height: z.number().optional() }).optional(),
      copyright: localized,
      /** ISO date shown as "last updated" in each locale's own date format. */
      lastUpdated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use an ISO date, e.g. 2025-06-25').optional(),
    }),
    code: z
      .strictObject({ theme: z.strictObject({ light: z.string(), dark: z.string() }).default({ light: 'github-light', dark: 'github-dark' }) })
      .prefault({}),
    algolia: z.unknown().optional(),
    search: z.strictObject({ reportUrl: z.string().url().optional(), disableUserPersonalization: z.boolean().default(false) }).prefault({}),
    docs: z
      .strictObject({
        sidebar: z.strictObject({ hideable: z.boolean().default(false), autoCollapseCategories: z.boolean().default(false) }).prefault({}),
      })
      .prefault({}),
    tableOfContents: z
      .strictObject({ minHeadingLevel: z.number().int().min(2).max(6).default(2), maxHeadingLevel: z.number().int().min(2).max(6).default(3) })
      .prefault({}),
  }),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type ParsedSiteConfig = z.output<typeof siteConfigSchema>;
export type AlgoliaConfig = z.output<typeof algolia>;
export { algolia as algoliaSchema };
