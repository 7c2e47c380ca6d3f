// Docs tags as Docusaurus's docs plugin makes them: each doc's `tags` (a string, or {label, permalink,
// description}), or a key of the locale's `tags.yml` with its label, permalink and description; a page per tag
// at `<docs>/tags/<permalink>` listing its docs, and `<docs>/tags` listing every tag with its count, grouped by
// first letter. Tag pages are generated docs (like a category's generated index), out of the sidebar and of
// search, so they get the page layout, link checking and the sitemap every doc gets.
import type { ProcessedDoc } from '../content/process-doc.ts';

/** A tag of `tags.yml`, by its key. */
export type TagsFile = Record<string, { label?: string; permalink?: string; description?: string } | null>;

export interface DocTag {
  label: string;
  /** Below the docs base, without slashes around: `tags/harvest`. */
  slug: string;
  description?: string;
}

/** lodash's kebabCase, which Docusaurus applies to an inline tag's label: words split at case changes and non-alphanumerics. */
export function kebabCase(label: string): string {
  // Remembered: a site has a few dozen tags, each on many docs, and this runs for every doc of every build
  // (~5 ms of a 150 × 3 corpus's route stage). A pure function of its argument: nothing to go stale.
  let slug = kebabCases.get(label);
  if (slug === undefined) {
    const words = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[A-Z]{2,}(?=[A-Z][a-z]+|\b|[^a-zA-Z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\sA-Za-z\d\p{P}\p{S}]+/gu);
    slug = (words ?? []).map((w) => w.toLowerCase()).join('-');
    if (kebabCases.size >= MAX_KEBAB_CASES) kebabCases.clear();
    kebabCases.set(label, slug);
  }
  return slug;
}

/** kebabCase's results by label, up to a bound (a long `serve` session sees only so many tags). */
const kebabCases = new Map<string, string>();
const MAX_KEBAB_CASES = 10_000;

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

export function docTags(doc: ProcessedDoc, tagsFile: TagsFile | undefined): DocTag[] {
  return (doc.frontMatter.tags ?? []).map((raw) => {
    const known = typeof raw === 'string' ? tagsFile?.[raw] : undefined;
    if (typeof raw === 'string' && tagsFile && raw in tagsFile) {
      // A tags.yml entry: its label defaults to the key, its permalink to the key in kebab case.
      return { label: known?.label ?? raw, slug: `tags/${trimSlashes(known?.permalink ?? kebabCase(raw))}`, ...(known?.description ? { description: known.description } : {}) };
    }
    if (typeof raw === 'string') return { label: raw, slug: `tags/${kebabCase(raw)}` };
    return { label: raw.label, slug: `tags/${trimSlashes(raw.permalink ?? kebabCase(raw.label))}`, ...(raw.description ? { description: raw.description } : {}) };
  });
}

export interface TagStrings {
  /** "Tags" */
  tagsTitle: string;
  /** "{count} docs tagged" for n docs. */
  docsTagged: (n: number) => string;
  /** '{nDocsTagged} with "{tagName}"' */
  pageTitle: string;
  /** "View all tags" */
  allTags: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A generated doc: the fields every page needs, out of the sidebar, of search and of pagination. */
function generatedDoc(locale: string, slug: string, title: string, html: string, description?: string): ProcessedDoc {
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return {
    locale, relPath: `${slug}/`, file: `${slug} (generated)`, id: `__tags/${slug}`, slug, title, isCategoryIndex: false, fallback: false, assets: [], tags: [], problems: [],
    frontMatter: { title, sidebar: false, search: false, pagination_prev: null, pagination_next: null, hide_table_of_contents: true, ...(description ? { description } : {}) },
    html, headings: [], sections: [{ level: 1, text: description ? [description] : [] }], links: hrefs.map((href) => ({ href })), warnings: [], bodyHash: '',
  };
}

/** The tags list page and one page per tag, for the listed docs of one locale (drafts and unlisted docs left out). */
export function tagPages(input: { locale: string; docs: ProcessedDoc[]; tagsFile: TagsFile | undefined; hrefOf: (slug: string) => string; text: TagStrings }): ProcessedDoc[] {
  const groups = new Map<string, { tag: DocTag; docs: ProcessedDoc[] }>();
  for (const doc of input.docs) {
    if (doc.frontMatter.unlisted === true || doc.frontMatter.draft === true) continue;
    for (const tag of docTags(doc, input.tagsFile)) {
      const group = groups.get(tag.slug) ?? { tag, docs: [] };
      if (!group.docs.includes(doc)) group.docs.push(doc);
      groups.set(tag.slug, group);
    }
  }
  if (!groups.size) return [];
  const { text, hrefOf } = input;
  const pages: ProcessedDoc[] = [];
  for (const { tag, docs } of groups.values()) {
    const title = text.pageTitle.replace('{nDocsTagged}', text.docsTagged(docs.length)).replace('{tagName}', tag.label);
    const sorted = [...docs].sort((a, b) => a.title.localeCompare(b.title));
    const items = sorted.map((d) => `<article class="margin-vert--lg"><a href="${escape(hrefOf(d.slug))}"><h2>${escape(d.title)}</h2></a>${d.frontMatter.description ? `<p>${escape(d.frontMatter.description)}</p>` : ''}</article>`).join('');
    const intro = tag.description ? `<p>${escape(tag.description)}</p>` : '';
    pages.push(generatedDoc(input.locale, tag.slug, title, `${intro}<p><a href="${escape(hrefOf('tags'))}">${escape(text.allTags)}</a></p><section class="margin-vert--lg">${items}</section>`, tag.description));
  }
  // The list: by first letter, as Docusaurus's tags page.
  const byLetter = new Map<string, { tag: DocTag; count: number }[]>();
  for (const { tag, docs } of [...groups.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label))) {
    const letter = tag.label.charAt(0).toUpperCase();
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), { tag, count: docs.length }]);
  }
  const letters = [...byLetter].map(([letter, tags]) => `<article><h2>${escape(letter)}</h2><ul class="padding--none">${tags.map(({ tag, count }) => `<li class="tag-list-item"><a class="tag tag--regular" href="${escape(hrefOf(tag.slug))}">${escape(tag.label)}<span class="tag__count">${count}</span></a></li>`).join('')}</ul><hr></article>`).join('');
  pages.push(generatedDoc(input.locale, 'tags', text.tagsTitle, `<section class="margin-vert--lg">${letters}</section>`));
  return pages;
}
