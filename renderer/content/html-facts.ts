// What the route table and the render ask of every doc's HTML (whether it has a `<DocCardList />` to fill, a
// Mermaid diagram to ship the client for), known without the HTML for a doc from the build cache: stored
// with the doc, so that a warm build reads no unchanged doc's HTML (cache/lazy-sections.ts).
import { hasDocCardList } from '../routes/doc-cards.ts';
import { hasMermaid } from './mermaid.ts';

export interface HtmlFacts {
  docCards: boolean;
  mermaid: boolean;
}

export const htmlFactsOf = (html: string): HtmlFacts => ({ docCards: hasDocCardList(html), mermaid: hasMermaid(html) });

/**
 * The facts of docs whose HTML is still the stored one, unread: a doc leaves this map when its HTML is read
 * or replaced (lazy-sections.ts), after which the HTML itself is asked.
 */
const known = new WeakMap<object, HtmlFacts>();

export function knowHtmlFacts(doc: object, facts: HtmlFacts): void {
  known.set(doc, facts);
}

export function forgetHtmlFacts(doc: object): void {
  known.delete(doc);
}

export const docHasDocCardList = (doc: { html: string }): boolean => known.get(doc)?.docCards ?? hasDocCardList(doc.html);

export const docHasMermaid = (doc: { html: string }): boolean => known.get(doc)?.mermaid ?? hasMermaid(doc.html);
