// Fills `<DocCardList />` markers (templates/mdx/DocCardList.tsx) once every doc of a locale is processed: one
// card per other doc of the page's category, in sidebar order, at its URL.
import type { ProcessedDoc } from '../process-doc.ts';
import { DOC_CARD_LIST_MARKER } from '../../../templates/mdx/DocCardList.tsx';

const MARKER = new RegExp(`(<section[^>]*\\b${DOC_CARD_LIST_MARKER}="")></section>`, 'g');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function fillDocCardLists(docs: ProcessedDoc[], hrefOf: (doc: ProcessedDoc) => string | undefined): void {
  for (const doc of docs) {
    if (!doc.html.includes(DOC_CARD_LIST_MARKER)) continue;
    const siblings = docs
      .filter((d) => d !== doc && d.category === doc.category)
      .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.title.localeCompare(b.title));
    const cards = siblings
      .flatMap((d) => {
        const href = hrefOf(d);
        if (!href) return [];
        const description = d.frontMatter.description ? `<p class="doc-card__description">${escape(d.frontMatter.description)}</p>` : '';
        return `<article class="col col--6 margin-bottom--lg"><a class="card padding--lg doc-card" href="${escape(href)}"><h2 class="doc-card__title">${escape(d.title)}</h2>${description}</a></article>`;
      })
      .join('');
    doc.html = doc.html.replace(MARKER, `$1>${cards}</section>`);
  }
}
