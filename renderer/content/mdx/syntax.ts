// The MDX syntax both compiles of a page read (the server's, and the browser's of its islands): the text as the
// compiler reads it and the remark plugins that shape the tree.
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type { Pluggable } from 'unified';
import { remarkHtmlAttributes, type AttributeProblem } from './jsx-attributes.ts';
import { remarkJsxFiles, type FileProblem, type RequireOptions } from './jsx-files.ts';
import { remarkPartialPaths, type PartialDirs } from './partial-paths.ts';
import { mdx1Compat, unwrapMdxCodeBlocks } from './compat.ts';
import { normaliseAdmonitionTitles, remarkAdmonitions } from '../admonitions.ts';
import { codeHandler } from '../markdown.ts';

export const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/** The text the MDX compiler reads: Docusaurus's older forms rewritten (the browser's compile reads the same). */
export const mdxSource = (body: string) => mdx1Compat(normaliseAdmonitionTitles(unwrapMdxCodeBlocks(body)));

/** The Markdown the pages are written in, as both compiles (server, islands in the browser) read it. */
export function mdxSyntax(titles: Record<string, string>, onUnknownAdmonition: (name: string, line?: number) => void, last?: Pluggable, server: { attributeProblems?: AttributeProblem[]; partial?: PartialDirs; files?: RequireOptions & { problems: FileProblem[] } } = {}) {
  return {
    // Attribute problems matter to the server's compile, which refuses the page; the browser's only needs the names.
    // A partial's file paths are rebased for the server's asset stage (the browser compiles the page's own islands).
    remarkPlugins: [
      [remarkHtmlAttributes, { problems: server.attributeProblems ?? [] }],
      ...(server.partial ? [[remarkPartialPaths, server.partial] as Pluggable] : []),
      ...(server.partial && server.files ? [[remarkJsxFiles, { ...server.files, partial: server.partial }] as Pluggable] : []),
      remarkGfm, remarkDirective, [remarkAdmonitions, { titles, onUnknown: onUnknownAdmonition }], ...(last ? [last] : [])] as Pluggable[],
    remarkRehypeOptions: { handlers: { code: codeHandler as never } },
  };
}
