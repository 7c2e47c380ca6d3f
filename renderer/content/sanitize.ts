// The sanitising schema: GitHub's defaults (no script, no on* handlers, no javascript: URLs) plus the
// classes and data attributes our own Markdown plugins emit before sanitising.
import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

export const sanitizeSchema: Schema = {
  ...defaultSchema,
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
