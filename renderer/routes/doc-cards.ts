// Cards for the items of a category, as Docusaurus shows them on a category's generated index and for
// `<DocCardList />`: a doc is a card with its description; a subcategory is a card with its item count,
// linking to the category's own page (or, when it has none, its first doc). Pure: the route table calls it
// once the sidebars exist, since which items a list holds depends on them.
import type { SidebarCategory, SidebarItem } from '../shared/types.ts';
import { DOC_CARD_LIST_MARKER } from '../../templates/mdx/doc-card-marker.ts';

export interface CardText {
  /** A doc's description (front matter), if any. */
  description: (docId: string) => string | undefined;
  /** "{count} items", in the page's language. */
  countLabel: (n: number) => string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const firstHref = (c: SidebarCategory): string | undefined => {
  for (const i of c.items) {
    const h = i.type === 'link' ? i.href : (i.href ?? firstHref(i));
    if (h) return h;
  }
  return undefined;
};

const countLinks = (c: SidebarCategory): number => c.items.reduce((n, i) => n + (i.type === 'link' ? 1 : countLinks(i)), 0);

function card(item: SidebarItem, text: CardText): string {
  const href = item.type === 'link' ? item.href : (item.href ?? firstHref(item));
  if (!href) return '';
  const icon = item.type === 'link' ? '📄️' : '🗃️';
  const line = item.type === 'link' ? (item.docId ? text.description(item.docId) : undefined) : text.countLabel(countLinks(item));
  const title = `<h2 class="text--truncate doc-card__title" title="${escape(item.label)}">${icon} ${escape(item.label)}</h2>`;
  const description = line ? `<p class="text--truncate doc-card__description" title="${escape(line)}">${escape(line)}</p>` : '';
  return `<article class="col col--6 margin-bottom--lg"><a class="card padding--lg doc-card" href="${escape(href)}">${title}${description}</a></article>`;
}

/** The cards of `items`, one per item that leads somewhere. */
export function cardsHtml(items: SidebarItem[], text: CardText): string {
  return items.map((i) => card(i, text)).join('');
}

/**
 * The items `<DocCardList />` shows on the page at `href`: those of the category whose page it is, else the
 * other items of the innermost category holding it; undefined when the sidebar has neither.
 */
export function cardListItems(sidebar: SidebarItem[], href: string): SidebarItem[] | undefined {
  let holder: SidebarCategory | undefined;
  const walk = (items: SidebarItem[], parent: SidebarCategory | undefined): SidebarItem[] | undefined => {
    for (const item of items) {
      if (item.type === 'link') {
        if (item.href === href && parent && !holder) holder = parent;
        continue;
      }
      if (item.href === href) return item.items;
      const found = walk(item.items, item);
      if (found) return found;
    }
    return undefined;
  };
  const own = walk(sidebar, undefined);
  if (own) return own;
  return holder?.items.filter((i) => !(i.type === 'link' && i.href === href));
}

const MARKER = new RegExp(`(<section[^>]*\\b${DOC_CARD_LIST_MARKER}="")></section>`, 'g');

export const hasDocCardList = (html: string) => html.includes(DOC_CARD_LIST_MARKER);

/** Fills the page's `<DocCardList />` markers (templates/mdx/DocCardList.tsx) with the cards of `items`. */
export function fillDocCardLists(html: string, items: SidebarItem[], text: CardText): string {
  const cards = cardsHtml(items, text);
  return html.replace(MARKER, (_m, open: string) => `${open}>${cards}</section>`);
}
