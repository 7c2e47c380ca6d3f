// The sanitising schema: GitHub's defaults (no script, no on* handlers, no javascript: URLs) plus the
// classes and data attributes our own Markdown plugins emit before sanitising; and the `user-content-`
// prefix GitHub gives ids and names written in a page's HTML, so they cannot clash with the theme's own
// (`id="__main"` in a page made two on the document).
import type { Element, Root } from 'hast';
import { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import { walk } from './walk.ts';

export const USER_CONTENT_PREFIX = 'user-content-';

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  // Prefixing is done by rehypeUserContentIds below, which knows the ids remark-rehype generated itself.
  clobberPrefix: '',
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), 'details', 'summary', 'mark', 'abbr', 'figure', 'figcaption'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'id', 'title', 'lang', 'dir'],
    pre: ['dataLanguage', 'dataMeta'],
    a: [...(defaultSchema.attributes?.a ?? []), 'target', 'rel'],
    details: ['open'],
    input: [...(defaultSchema.attributes?.input ?? []), 'checked', 'disabled', 'type'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
};

const prefixed = (value: string) => (value.startsWith(USER_CONTENT_PREFIX) ? value : USER_CONTENT_PREFIX + value);

/**
 * Prefixes `id`, `name` and the id references of ARIA (`aria-describedby`, `aria-labelledby`) as GitHub
 * does. Runs after the sanitiser, before heading ids are given: what it finds was written by the author,
 * except the footnotes remark-rehype made (their ids carry the prefix already, and the label's heading
 * and the references pointing at it stay as remark-rehype named them, as on pages without HTML).
 */
export function rehypeUserContentIds() {
  return (tree: Root) => {
    walk(tree, (node, _index, parent) => {
      if (node.type !== 'element') return undefined;
      const el = node as Element;
      const p = el.properties;
      const footnoteLabel = p.id === 'footnote-label' && 'dataFootnotes' in ((parent as Element).properties ?? {});
      if (typeof p.id === 'string' && p.id && !footnoteLabel) p.id = prefixed(p.id);
      if (typeof p.name === 'string' && p.name) p.name = prefixed(p.name);
      if ('dataFootnoteRef' in p) return undefined;
      for (const key of ['ariaDescribedBy', 'ariaLabelledBy'] as const) {
        const v: unknown = p[key];
        if (Array.isArray(v)) p[key] = v.map((id) => prefixed(String(id)));
        else if (typeof v === 'string' && v) p[key] = v.split(/\s+/).filter(Boolean).map(prefixed);
      }
      return undefined;
    });
  };
}
