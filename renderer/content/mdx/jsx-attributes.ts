// HTML written in MDX (`<div class="note">`, `<label for="x">`) uses HTML's attribute names, which React
// does not know: it would warn "Invalid DOM property `class`" and drop nothing, but the warning reaches the
// build output and the browser console. Renamed on HTML elements (lower-case tags) at compile time;
// components get their props as written.
import type { Root } from 'mdast';
import { walk } from '../walk.ts';

const REACT_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor' };

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string }[];
}

export function remarkHtmlAttributes() {
  return (tree: Root) => {
    walk(tree, (node) => {
      const el = node as unknown as JsxElement;
      if ((el.type !== 'mdxJsxFlowElement' && el.type !== 'mdxJsxTextElement') || !el.name || !/^[a-z][a-z0-9]*$/.test(el.name)) return;
      for (const attr of el.attributes) {
        if (attr.type === 'mdxJsxAttribute' && attr.name && REACT_NAMES[attr.name]) attr.name = REACT_NAMES[attr.name];
      }
    });
  };
}
