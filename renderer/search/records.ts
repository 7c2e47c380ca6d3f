// DocSearch-shaped records, one per page section, from the route table: what the local index holds and
// what `cheatsheet search push` uploads. lvl0 is the page's category, lvl1 its title, lvl2… its headings.
import type { RouteEntry, RouteTable } from '../routes/route-table.ts';
import { emptyHierarchy, type Hierarchy, type HitType, type Level } from '../shared/search-hit.ts';

export interface SearchRecord {
  objectID: string;
  /** Absolute URL, with the section's anchor. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: HitType;
  content: string | null;
  hierarchy: Hierarchy;
  language: string;
  docusaurus_tag: string;
  /** On a page's own record: its front matter `keywords` (what people call the subject, the needs it answers). */
  keywords?: string[];
  /** On a page's own record: its front matter `description`. */
  description?: string;
  /** DocSearch's ranking hints: page records before their sections, sections in page order. */
  weight: { pageRank: number; level: number; position: number };
}

export interface RecordOptions {
  /** Site origin, e.g. https://example.github.io */
  siteUrl: string;
  /** docs-<pluginId>-<version>, DocSearch's tag for the docs of one version. */
  docsTag: string;
}

export function docsTagOf(pluginId: string, version: string): string {
  return `docs-${pluginId}-${version}`;
}

/** The label of every category of a locale, from its docs-root route. */
function categoryLabels(table: RouteTable, locale: string): Map<string, string> {
  const root = table.routes.find((r) => r.data.locale === locale && r.data.kind === 'docsRoot');
  return new Map((root?.data.docsRoot ?? []).map((c) => [c.key, c.label]));
}

export function buildRecords(table: RouteTable, locale: string, options: RecordOptions): SearchRecord[] {
  const { entries, labels } = searchPages(table, locale);
  return entries.flatMap((entry) => pageRecords(entry, labels, options));
}

/** A locale's pages that search holds (each makes one record or more, in this order), and its category labels. */
export interface SearchPages {
  entries: RouteEntry[];
  labels: Map<string, string>;
}

export function searchPages(table: RouteTable, locale: string): SearchPages {
  const entries = table.routes.filter((entry) => entry.data.locale === locale && entry.data.kind === 'doc' && entry.doc && searchable(entry));
  return { entries, labels: categoryLabels(table, locale) };
}

/** A page's level 0: its category's label, else its title. */
const lvl0Of = (doc: NonNullable<RouteEntry['doc']>, labels: Map<string, string>): string => (doc.category && labels.get(doc.category)) || doc.title;

/**
 * What a page's records take from outside its doc (its URL path and its level 0): with the doc's own key
 * and the options, this says everything they are made from (pageRecords), so two pages that agree on all
 * of it have the same records.
 */
export const pagePlaceOf = (entry: RouteEntry, labels: Map<string, string>): string => JSON.stringify([entry.data.locale, entry.data.path, lvl0Of(entry.doc!, labels)]);

/** Pages that are not content stay out of search: `search: false`, and Docusaurus' `unlisted`. */
function searchable(entry: RouteEntry): boolean {
  const fm = entry.doc!.frontMatter as { search?: boolean; unlisted?: boolean };
  return fm.search !== false && fm.unlisted !== true;
}

/** The records of one page: made from its doc, pagePlaceOf and the options alone. */
export function pageRecords(entry: RouteEntry, labels: Map<string, string>, options: RecordOptions): SearchRecord[] {
  const doc = entry.doc!;
  const title = doc.title;
  const path = entry.data.path;
  const base = { lvl0: lvl0Of(doc, labels), lvl1: title };
  const make = (type: HitType, hierarchy: Hierarchy, anchor: string | null, text: string[], position: number): SearchRecord => {
    const url = options.siteUrl + path + (anchor ? `#${encodeURIComponent(anchor)}` : '');
    const depth = type === 'content' ? 7 : Number(type.slice(3));
    return {
      objectID: path + (anchor ? `#${anchor}` : ''),
      url,
      url_without_anchor: options.siteUrl + path,
      anchor,
      type,
      content: text.length ? text.join(' ') : null,
      hierarchy,
      language: entry.data.locale,
      docusaurus_tag: options.docsTag,
      weight: { pageRank: 0, level: 100 - depth * 10, position },
    };
  };

  const intro = doc.sections.find((s) => !s.heading);
  const description = doc.frontMatter.description;
  const pageText = intro?.text.length ? intro.text : description ? [description] : [];
  const page = make('lvl1', { ...emptyHierarchy(), ...base }, null, pageText, 0);
  const keywords = doc.frontMatter.keywords?.filter((k) => k.trim());
  if (keywords?.length) page.keywords = keywords;
  if (description) page.description = description;
  const records = [page];

  // Headings nest: an h3 keeps the h2 above it; a new h2 clears the deeper levels.
  const trail: (string | null)[] = [];
  for (const section of doc.sections) {
    if (!section.heading) continue;
    const level = Math.min(Math.max(section.level, 2), 6);
    trail[level] = section.heading;
    for (let l = level + 1; l <= 6; l++) trail[l] = null;
    const hierarchy: Hierarchy = { ...emptyHierarchy(), ...base };
    for (let l = 2; l <= level; l++) hierarchy[`lvl${l}` as Level] = trail[l] ?? null;
    records.push(make(`lvl${level}` as HitType, hierarchy, section.id ?? null, section.text, records.length));
  }
  return records;
}
