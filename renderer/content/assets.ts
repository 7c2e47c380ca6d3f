// Images and files a doc references, as Docusaurus resolves them: a relative path (next to the doc, or
// anywhere in the site, `../../static/img/x.png` included) is copied under assets/ with a content hash; a
// site-absolute path (`/img/x.png`) is a file of the static folder and gets the base URL. A file that does
// not exist is a problem with its line, like a broken link.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import type { Element, Root } from 'hast';
import { isExternalHref } from '../shared/urls.ts';
import { walk } from './walk.ts';

export interface AssetOptions {
  /** The doc's file on disk. */
  absPath: string;
  root: string;
  staticDir: string;
  baseUrl: string;
}

/** A file to copy into the output: from `abs` to `out` (relative to the output folder). */
export interface AssetCopy {
  abs: string;
  out: string;
}

export interface MissingAsset {
  url: string;
  line?: number;
}

const PAGE_LINK = /\.(mdx?|html?)$/i;

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Where a reference leads: a static URL, a copy, a missing file, or undefined when it is not a local file. */
export function resolveAsset(url: string, o: AssetOptions): { url: string; copy?: AssetCopy } | { missing: true } | undefined {
  if (!url || url.startsWith('#') || isExternalHref(url) || url.startsWith('data:')) return undefined;
  const cut = url.search(/[?#]/);
  const path = decode(cut >= 0 ? url.slice(0, cut) : url);
  const suffix = cut >= 0 ? url.slice(cut) : '';
  if (path.startsWith('/')) {
    // Already under the base URL (written by someone who knows it): leave it to the link checker.
    if (o.baseUrl !== '/' && path.startsWith(o.baseUrl)) return undefined;
    const file = join(o.staticDir, path);
    return isFile(file) ? { url: o.baseUrl + path.slice(1) + suffix } : { missing: true };
  }
  const abs = path.startsWith('@site/') ? join(o.root, path.slice(6)) : resolve(dirname(o.absPath), path);
  if (!isFile(abs)) return { missing: true };
  // A file of the static folder keeps its public URL; any other file is copied with a content hash.
  const inStatic = relative(o.staticDir, abs);
  if (!inStatic.startsWith('..') && !inStatic.startsWith(sep) && existsSync(o.staticDir)) return { url: o.baseUrl + inStatic.split(sep).join('/') + suffix };
  const copied = hashedCopy(abs, o.baseUrl);
  return { url: copied.url + suffix, copy: copied.copy };
}

/** A file copied under assets/ with a content hash in its name, and its public URL (no query or fragment). */
export function hashedCopy(abs: string, baseUrl: string): { url: string; copy: AssetCopy } {
  const hash = createHash('sha256').update(readFileSync(abs)).digest('hex').slice(0, 8);
  const ext = extname(abs);
  const out = `assets/files/${basename(abs, ext).replace(/[^\w.-]+/g, '-')}-${hash}${ext}`;
  return { url: baseUrl + out, copy: { abs, out } };
}

export function rehypeAssets(options: AssetOptions & { lineOffset: number; copies: AssetCopy[]; missing: MissingAsset[] }) {
  return (tree: Root) => {
    walk(tree, (child) => {
      if (child.type !== 'element') return;
      const el = child as Element;
      const attr = el.tagName === 'img' || el.tagName === 'source' || el.tagName === 'video' ? 'src' : el.tagName === 'a' ? 'href' : undefined;
      const value = attr ? el.properties[attr] : undefined;
      if (typeof value !== 'string') return;
      // Links to pages are the link rewriter's; only links to files with an extension are assets.
      if (el.tagName === 'a' && (PAGE_LINK.test(value.replace(/[?#].*$/, '')) || !/\.[a-z0-9]{1,8}([?#].*)?$/i.test(value))) return;
      // A URL an MDX page or component got from require()/import (mdx/asset-modules.ts): final already.
      const known = options.copies.some((c) => value.split(/[?#]/, 1)[0] === options.baseUrl + c.out);
      const result = known ? { url: value } : resolveAsset(value, options);
      if (!result) return;
      if ('missing' in result) {
        options.missing.push({ url: value, line: el.position ? el.position.start.line + options.lineOffset : undefined });
        return;
      }
      el.properties[attr!] = result.url;
      // Final: the link rewriter must not treat it as a site-absolute page link.
      el.data = { ...el.data, asset: true } as Element['data'];
      if ('copy' in result && result.copy && !options.copies.some((c) => c.out === result.copy!.out)) options.copies.push(result.copy);
    });
  };
}
