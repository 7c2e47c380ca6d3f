// `<Heading as="h2" id="…">`: a plain heading; the page's heading stage gives it an id when it has none, so it
// feeds the TOC and anchors like a `##` line.
import { createElement, type ReactNode } from 'react';

export default function Heading({ as = 'h2', id, children }: { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'; id?: string; children?: ReactNode }) {
  return createElement(as, id ? { id } : {}, children);
}
