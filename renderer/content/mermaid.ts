// `mermaid` code blocks become diagrams, as Docusaurus's mermaid theme makes them: on the client, with the
// mermaid package (it measures text with the browser's layout, so it cannot render on Node without one).
// The page carries the diagram's source, shown as text until the browser has drawn it (and to readers
// without JavaScript); the browser loads mermaid only on pages that have a diagram (client/mermaid.ts).
import type { Element } from 'hast';

export const MERMAID_CLASS = 'theme-mermaid';

export function isMermaid(lang: string): boolean {
  return lang === 'mermaid';
}

export function mermaidElement(source: string, position: Element['position']): Element {
  return {
    type: 'element',
    tagName: 'div',
    // Docusaurus's container class as well, so a site's CSS for it carries over.
    properties: { className: [MERMAID_CLASS, 'docusaurus-mermaid-container'] },
    children: [{ type: 'element', tagName: 'pre', properties: { className: ['mermaid-source'] }, children: [{ type: 'text', value: source }] }],
    position,
  };
}

/** Whether a rendered page has a diagram (so the build ships mermaid). */
export function hasMermaid(html: string): boolean {
  return html.includes(`class="${MERMAID_CLASS} `);
}
