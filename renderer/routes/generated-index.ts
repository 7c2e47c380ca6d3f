// A category's generated index page (`link: {type: 'generated-index'}`): its title, description and one
// card per item of the category, as Docusaurus generates it. Built as a doc of its own so it gets the
// sidebar, breadcrumbs, pagination, search records and link checking every doc gets.
import GithubSlugger from 'github-slugger';
import type { CategoryLink } from '../content/category.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { SidebarCategory, SidebarItem } from '../shared/types.ts';

type GeneratedLink = Extract<CategoryLink, { type: 'generated-index' }>;

export function generatedIndexSlug(link: GeneratedLink, label: string, _folder: string): string {
  if (link.slug) return link.slug.replace(/^\/+|\/+$/g, '');
  return `category/${new GithubSlugger().slug(label)}`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function card(item: SidebarItem, description: (docId: string) => string | undefined, countLabel: (n: number) => string): string {
  const href = item.type === 'link' ? item.href : (item.href ?? firstHref(item));
  if (!href) return '';
  const icon = item.type === 'link' ? '📄️' : '🗃️';
  const text = item.type === 'link' ? description(item.docId) : countLabel(countLinks(item));
  return `<article class="col col--6 margin-bottom--lg"><a class="card padding--lg cardContainer" href="${escape(href)}"><h2 class="text--truncate cardTitle" title="${escape(item.label)}">${icon} ${escape(item.label)}</h2>${text ? `<p class="text--truncate cardDescription" title="${escape(text)}">${escape(text)}</p>` : ''}</a></article>`;
}

const firstHref = (c: SidebarCategory): string | undefined => {
  for (const i of c.items) {
    const h = i.type === 'link' ? i.href : (i.href ?? firstHref(i));
    if (h) return h;
  }
  return undefined;
};
const countLinks = (c: SidebarCategory): number => c.items.reduce((n, i) => n + (i.type === 'link' ? 1 : countLinks(i)), 0);

export function generatedIndexDoc(input: {
  locale: string;
  folder: string;
  file: string;
  link: GeneratedLink;
  category: SidebarCategory;
  description: (docId: string) => string | undefined;
  countLabel: (n: number) => string;
}): ProcessedDoc {
  const title = input.link.title ?? input.category.label;
  const intro = input.link.description ? `<p>${escape(input.link.description)}</p>` : '';
  const cards = input.category.items.map((i) => card(i, input.description, input.countLabel)).join('');
  const slug = generatedIndexSlug(input.link, input.category.label, input.folder);
  const hrefs = [...cards.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return {
    locale: input.locale,
    relPath: `${input.folder}/`,
    file: input.file,
    id: `category/${input.folder}`,
    slug,
    title,
    isCategoryIndex: true,
    fallback: false,
    assets: [],
    tags: [],
    problems: [],
    category: input.folder.split('/')[0],
    frontMatter: { title, ...(input.link.description ? { description: input.link.description } : {}), ...(input.link.keywords ? { keywords: input.link.keywords } : {}), ...(input.link.image ? { image: input.link.image } : {}) },
    html: `${intro}<section class="row list generated-index">${cards}</section>`,
    headings: [],
    sections: [{ level: 1, text: input.link.description ? [input.link.description] : [] }],
    links: hrefs.map((href) => ({ href })),
    warnings: [],
    bodyHash: '',
  };
}
