// OpenSearch descriptions: one per locale, pointing at that locale's search page, so a browser can
// search the cheat sheet from its address bar; linked from every page's head.
import { escapeHtml } from '../render/escape.ts';

export interface OpenSearchInput {
  siteTitle: string;
  /** Absolute URL of the locale's base, e.g. https://example.github.io/aws-cheatsheet/pt-BR/ */
  localeBaseUrl: string;
  searchPagePath: string;
  faviconUrl: string;
  htmlLang: string;
  description: string;
}

/** OpenSearch asks for a ShortName of at most 16 characters. */
function shortName(title: string): string {
  return title.length <= 16 ? title : `${title.slice(0, 15)}…`;
}

export function openSearchXml(input: OpenSearchInput): string {
  const page = input.localeBaseUrl + input.searchPagePath;
  const type = input.faviconUrl.endsWith('.svg') ? 'image/svg+xml' : input.faviconUrl.endsWith('.png') ? 'image/png' : 'image/x-icon';
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${escapeHtml(shortName(input.siteTitle))}</ShortName>
  <Description>${escapeHtml(input.description)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Language>${escapeHtml(input.htmlLang)}</Language>
  <Image width="16" height="16" type="${type}">${escapeHtml(input.faviconUrl)}</Image>
  <Url type="text/html" method="get" template="${escapeHtml(page)}?q={searchTerms}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeHtml(input.localeBaseUrl)}opensearch.xml"/>
  <moz:SearchForm>${escapeHtml(page)}</moz:SearchForm>
</OpenSearchDescription>
`;
}

export function openSearchLink(title: string, href: string): string {
  return `<link rel="search" type="application/opensearchdescription+xml" title="${escapeHtml(title)}" href="${escapeHtml(href)}">`;
}
