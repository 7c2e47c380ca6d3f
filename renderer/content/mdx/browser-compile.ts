// The browser's compile of an MDX page with islands (renderer/content/mdx/islands.ts): only its imports, exports
// and islands, as JavaScript for the island bundler (renderer/bundle/islands.ts). The server's compile of a page
// makes it from the tree it has just parsed (parsing is most of an MDX compile), and the page carries the code to
// the bundler: a few KB where the parsed tree of the whole page would be held until the bundle step. The bundler
// compiles from the file only what no page brought (partials, or a page whose code no longer fits its file).
import { compile, createProcessor } from '@mdx-js/mdx';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import { packageRoot } from '../../paths.ts';
import { mdxSyntax } from './syntax.ts';
import { islandsForBrowser } from './islands.ts';

/** A page's browser code, and what it was made from (browserCodeSource). */
export interface BrowserCode {
  code: string;
  source: string;
}

/** Where the compiled code takes the islands' components from (`useMDXComponents`). */
const islandsRuntime = () => join(packageRoot(), 'client', 'islands.tsx');

/** The browser's compile options; `cut`: the tree is cut down to its islands first (it is not yet). */
function browserOptions(titles: Record<string, string>, cut: boolean) {
  const syntax = mdxSyntax(titles, () => undefined);
  // Cut first: the syntax's own plugins (HTML attribute names, admonitions) change each node where it stands,
  // so they do the same to an island whether it is still in its page or already alone.
  const cutToIslands = () => (tree: Root) => void (tree.children = islandsForBrowser(tree).children);
  return { format: 'mdx' as const, providerImportSource: islandsRuntime(), ...syntax, remarkPlugins: [...(cut ? [cutToIslands] : []), ...syntax.remarkPlugins] };
}

/**
 * What a page's browser code depends on beyond the compiler's own code (which the build cache's key covers): the
 * text compiled, the admonition titles, and where the islands' runtime is.
 */
export function browserCodeSource(value: string, titles: Record<string, string>): string {
  return createHash('sha256').update(value).update('\0').update(JSON.stringify(titles)).update('\0').update(islandsRuntime()).digest('base64url');
}

/** The browser code from the tree the server parsed from `value`, already cut to its islands (islandsForBrowser). */
export async function browserCodeOfIslands(islands: Root, value: string, path: string, titles: Record<string, string>): Promise<BrowserCode> {
  const processor = createProcessor(browserOptions(titles, false));
  const file = new VFile({ value, path });
  const code = String(processor.stringify(await processor.run(islands as never, file), file));
  return { code, source: browserCodeSource(value, titles) };
}

/** The browser code compiled from the file's text: its islands only (`islandsOnly`), or all of it (a partial inside an island). */
export async function browserCodeFromSource(value: string, path: string, titles: Record<string, string>, islandsOnly: boolean): Promise<string> {
  return String(await compile({ value, path }, browserOptions(titles, islandsOnly)));
}
