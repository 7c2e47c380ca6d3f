// A category's generated index page (`link: {type: 'generated-index'}`): its title, description and one
// card per item of the category (renderer/routes/doc-cards.ts), as Docusaurus generates it. Built as a doc of its own so it gets the
// sidebar, breadcrumbs, pagination, search records and link checking every doc gets.
import GithubSlugger from 'github-slugger';
import type { CategoryLink } from '../content/category.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { SidebarCategory } from '../shared/types.ts';
import { cardsHtml } from './doc-cards.ts';

type GeneratedLink = Extract<CategoryLink, { type: 'generated-index' }>;

export function generatedIndexSlug(link: GeneratedLink, label: string, _folder: string): string {
  if (link.slug) return link.slug.replace(/^\/+|\/+$/g, '');
  return `category/${new GithubSlugger().slug(label)}`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
  const cards = cardsHtml(input.category.items, input);
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
