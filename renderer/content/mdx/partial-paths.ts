// A partial (`import Part from './_parts/setup.mdx'`) names its images and files relative to itself, as
// Docusaurus resolves them: its MDX is compiled as its own file. Our asset and link stages read the page's
// HTML relative to the page, so a partial from another folder has its relative file paths rewritten to
// the same files seen from the page. URL links (`../other-page`) are left alone: the browser resolves those
// from the page's URL in Docusaurus too.
import type { Root } from 'mdast';
import { posix } from 'node:path';
import { isExternalHref } from '../../shared/urls.ts';
import { walk } from '../walk.ts';

/** Relative to the partial's folder → relative to the page's folder (both absolute paths). */
export function remarkPartialPaths(options: { partialDir: string; pageDir: string }) {
  const rebase = (url: string) => {
    const path = url.split(/[?#]/, 1)[0]!;
    const rest = url.slice(path.length);
    const seen = posix.relative(options.pageDir, posix.join(options.partialDir, decodeURI(path)));
    return encodeURI(seen.startsWith('.') ? seen : `./${seen}`) + rest;
  };
  const relativeFile = (url: string, fileOnly: boolean) => url !== '' && !url.startsWith('/') && !url.startsWith('#') && !isExternalHref(url) && (!fileOnly || /\.[a-z0-9]+$/i.test(url.split(/[?#]/, 1)[0]!));
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
