// A partial (`import Part from './_parts/setup.mdx'`) names its images and files relative to itself, as
// Docusaurus resolves them: its MDX is compiled as its own file. Our asset and link stages read the page's
// HTML relative to the page, so a partial from another folder has its relative file paths rewritten to
// the same files seen from the page. URL links (`../other-page`) are left alone: the browser resolves those
// from the page's URL in Docusaurus too.
import type { Root } from 'mdast';
import { posix } from 'node:path';
import { isExternalHref } from '../../shared/urls.ts';
import { walk } from '../walk.ts';

export interface PartialDirs {
  partialDir: string;
  pageDir: string;
}

/** A path relative to the partial's folder, as the page's folder sees the same file. */
export function rebaseFromPartial(url: string, options: PartialDirs): string {
  const path = url.split(/[?#]/, 1)[0]!;
  const rest = url.slice(path.length);
  const seen = posix.relative(options.pageDir, posix.join(options.partialDir, decodeURI(path)));
  return encodeURI(seen.startsWith('.') ? seen : `./${seen}`) + rest;
}

/** A path to a file relative to the file that writes it (`fileOnly`: with an extension, as links to files have). */
export const relativeFile = (url: string, fileOnly: boolean) => url !== '' && !url.startsWith('/') && !url.startsWith('#') && !url.startsWith('@site/') && !url.startsWith('data:') && !isExternalHref(url) && (!fileOnly || /\.[a-z0-9]+$/i.test(url.split(/[?#]/, 1)[0]!));

/** Relative to the partial's folder → relative to the page's folder (both absolute paths). */
export function remarkPartialPaths(options: PartialDirs) {
  const rebase = (url: string) => rebaseFromPartial(url, options);
  return (tree: Root) => {
    if (options.partialDir === options.pageDir) return;
    walk(tree, (node) => {
      const n = node as { type: string; url?: string };
      if (typeof n.url !== 'string') return;
      if (n.type === 'image' && relativeFile(n.url, false)) n.url = rebase(n.url);
      else if ((n.type === 'link' || n.type === 'definition') && relativeFile(n.url, true)) n.url = rebase(n.url);
    });
  };
}
