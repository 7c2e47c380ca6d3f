// The input of renderMarkdown for unit tests: a page at compute/x.md of a site based at /b/.
import type { MarkdownInput } from './markdown.ts';

export function markdownInput(body: string, overrides: Partial<MarkdownInput> = {}): MarkdownInput {
  return {
    body,
    file: 'x.md',
    relPath: 'compute/x.md',
    lineOffset: 0,
    localeBase: '/b/',
    docsBase: '/b/docs',
    codeThemes: { light: 'github-light', dark: 'github-dark' },
    strings: { admonitions: { note: 'note', tip: 'tip', info: 'info', warning: 'warning', danger: 'danger' }, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' },
    ...overrides,
  };
}
