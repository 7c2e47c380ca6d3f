// HTML written in MDX (`<div class="note">`, `<label for="x">`) uses HTML's attribute names, which React
// does not know: it would warn "Invalid DOM property `class`" and drop nothing, but the warning reaches the
// build output and the browser console. Renamed on HTML elements (lower-case tags) at compile time;
// components get their props as written.
// A `style="color: red"` string is refused here, with its line: MDX 3 passes it to React as a string and
// Docusaurus's build then fails with React's "The `style` prop expects a mapping…", naming no file. We fail
// the same page, but say where and give the object to write instead.
import type { Root } from 'mdast';
import { walk } from '../walk.ts';

const REACT_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor' };

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
}

export interface AttributeProblem {
  line: number;
  message: string;
  hint: string;
}

export function remarkHtmlAttributes(options: { problems: AttributeProblem[] }) {
  return (tree: Root) => {
    walk(tree, (node) => {
      const el = node as unknown as JsxElement;
      if ((el.type !== 'mdxJsxFlowElement' && el.type !== 'mdxJsxTextElement') || !el.name || !/^[a-z][a-z0-9]*$/.test(el.name)) return;
      for (const attr of el.attributes) {
        if (attr.type !== 'mdxJsxAttribute' || !attr.name) continue;
        if (REACT_NAMES[attr.name]) attr.name = REACT_NAMES[attr.name];
        else if (attr.name === 'style' && typeof attr.value === 'string') {
          options.problems.push({
            line: el.position?.start.line ?? 1,
            message: `<${el.name} style="${attr.value}">: in MDX a style is an object, not a string (React, and so Docusaurus, refuses the string).`,
            hint: `Write it as style={${styleObject(attr.value)}}.`,
          });
        }
      }
    });
  };
}

/** `color: red; font-size: 2em` → `{{color: "red", fontSize: "2em"}}`: only the hint's wording, so a rough split will do. */
function styleObject(css: string): string {
  const entries = css
    .split(';')
    .map((d) => d.split(/:(.*)/s).map((s) => s?.trim() ?? ''))
    .filter(([name, value]) => name && value)
    .map(([name, value]) => `${name!.startsWith('--') ? JSON.stringify(name) : name!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}: ${JSON.stringify(value)}`);
  return `{${entries.join(', ')}}`;
}
