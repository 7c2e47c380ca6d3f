// What the theme's MDX components need from the build: admonition titles in the page's language, and the
// site facts Docusaurus's client modules (useBaseUrl, useDocusaurusContext) give a page.
import { createContext } from 'react';

/** The part of Docusaurus's `siteConfig` and `i18n` a page can read (see docusaurus.tsx). */
export interface MdxSite {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  trailingSlash?: boolean;
  locale: string;
  defaultLocale: string;
  locales: string[];
}

export interface MdxTheme {
  /** Maps an admonition type (with Docusaurus's aliases) to its kind and default title. */
  admonition: (type: string) => { kind: string; title: string };
  site: MdxSite;
  /** Something a page uses works differently here than in Docusaurus: a build warning for the page. */
  warn: (message: string) => void;
}

const NO_SITE: MdxSite = { title: '', tagline: '', url: '', baseUrl: '/', locale: 'en', defaultLocale: 'en', locales: ['en'] };
export const MdxThemeContext = createContext<MdxTheme>({ admonition: (type) => ({ kind: type, title: type }), site: NO_SITE, warn: () => {} });

/** True inside a part of the page that the browser hydrates (renderer/content/mdx/islands.ts). */
export const IslandContext = createContext(false);

/** What the ids of islands here start with: the ids of the partials they sit in (`3.`), '' in the page itself. */
export const IslandPrefixContext = createContext('');
