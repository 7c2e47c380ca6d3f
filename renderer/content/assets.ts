// Images and files a doc references, as Docusaurus 3 resolves them. Markdown's own images and links to files
// (markdown-assets.ts) become copies under assets/ named with a content hash, whether written relative to the doc,
// `@site/…` or as a URL of the static folder (`/img/x.png`), as Docusaurus's transformImage/transformLinks turn them
// into require() calls. What HTML and JSX elements name (assetVisitor below) is not Markdown: Docusaurus leaves
// their URLs alone, so a site-absolute `<img src>` stays as written and an `<a href>` gets the base URL (its Link
// does); we still copy their relative paths, which Docusaurus would leave broken. A file that does not exist is a
// problem with its line, like a broken link.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Element, Root } from 'hast';
import { isExternalHref } from '../shared/urls.ts';
import type { Visit } from './walk.ts';

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

/** Docusaurus's escape hatch: a URL kept as written, without the scheme and without the base URL. */
export const PATHNAME_SCHEME = 'pathname://';

/** Where Docusaurus's webpack puts a file under assets/, by its extension (its url/file loader rules). */
export type AssetFolder = 'images' | 'files' | 'medias' | 'fonts';
const FOLDERS: [RegExp, AssetFolder][] = [
  [/\.(?:ico|jpe?g|png|gif|webp|avif|svg)$/i, 'images'],
  [/\.(?:woff2?|eot|ttf|otf)$/i, 'fonts'],
  [/\.(?:mp4|avi|mov|mkv|mpg|mpeg|vob|wmv|m4v|webm|ogv|wav|mp3|m4a|aac|oga|flac)$/i, 'medias'],
];
/** The folder of a file taken as a module (require(), import) or named by an HTML element. */
export const assetFolder = (abs: string): AssetFolder => FOLDERS.find(([re]) => re.test(abs))?.[1] ?? 'files';

/** The kind of reference: Markdown images are copied under assets/images, links to files under assets/files. */
export type AssetKind = 'image' | 'link';

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Where a reference leads: its copy (`folder`), a missing file, or undefined when it is not a local file.
 * `staticUrl`: a URL of the static folder keeps its public URL (base URL applied) instead of being copied.
 */
export function resolveAsset(url: string, o: AssetOptions, folder: AssetFolder, staticUrl = false): { url: string; copy?: AssetCopy } | { missing: true } | undefined {
  if (!url || url.startsWith('#') || isExternalHref(url) || url.startsWith('data:')) return undefined;
  const cut = url.search(/[?#]/);
  const path = decode(cut >= 0 ? url.slice(0, cut) : url);
  const suffix = cut >= 0 ? url.slice(cut) : '';
  if (path.startsWith('/')) {
    // Already under the base URL (written by someone who knows it): leave it to the link checker.
    if (o.baseUrl !== '/' && path.startsWith(o.baseUrl)) return undefined;
    const file = join(o.staticDir, path);
    if (!isFile(file)) return { missing: true };
    if (staticUrl) return { url: o.baseUrl + path.slice(1) + suffix };
    const copied = hashedCopy(file, o.baseUrl, folder);
    return { url: copied.url + suffix, copy: copied.copy };
  }
  const abs = path.startsWith('@site/') ? join(o.root, path.slice(6)) : resolve(dirname(o.absPath), path);
  if (!isFile(abs)) return { missing: true };
  const copied = hashedCopy(abs, o.baseUrl, folder);
  return { url: copied.url + suffix, copy: copied.copy };
}

/** A file copied under assets/ with a content hash in its name, and its public URL (no query or fragment). */
export function hashedCopy(abs: string, baseUrl: string, folder: AssetFolder = assetFolder(abs)): { url: string; copy: AssetCopy } {
  const hash = createHash('sha256').update(readFileSync(abs)).digest('hex').slice(0, 8);
  const ext = extname(abs);
  const out = `assets/${folder}/${basename(abs, ext).replace(/[^\w.-]+/g, '-')}-${hash}${ext}`;
  return { url: baseUrl + out, copy: { abs, out } };
}

/** What the page's Markdown stage resolved already (markdown-assets.ts): its copies and the URLs it made final. */
export interface AssetSinks {
  copies: AssetCopy[];
  missing: MissingAsset[];
  /** URLs kept as written (`pathname://`): no stage after this one may change them. */
  finals: Set<string>;
}

/** hast's name of `data-no-link-check` (links/html-scan.ts reads it). */
const NO_LINK_CHECK = 'dataNoLinkCheck';

/** The URL and attribute of the HTML elements that name a file. */
const FILE_ATTRIBUTE: Record<string, string> = { img: 'src', source: 'src', video: 'src', a: 'href' };

/** The page's HTML elements (raw HTML, JSX, and what Markdown already resolved): see the top of this file. */
export function assetVisitor(options: AssetOptions & AssetSinks & { lineOffset: number }): Visit {
  return (child) => {
    if (child.type !== 'element') return;
    const el = child as Element;
    const attr = FILE_ATTRIBUTE[el.tagName];
    const value = attr ? el.properties[attr] : undefined;
    if (typeof value !== 'string') return;
    // Final: the link rewriter must not treat it as a site-absolute page link.
    const final = () => void (el.data = { ...el.data, asset: true } as Element['data']);
    // A URL Markdown or an MDX page's require()/import resolved (mdx/asset-modules.ts): final already.
    if (options.copies.some((c) => value.split(/[?#]/, 1)[0] === options.baseUrl + c.out)) return final();
    if (options.finals.has(value)) {
      // A pathname:// link is not checked, as Docusaurus's Link does not check it (it may be outside the site):
      // first, where the link checker looks for it (links/html-scan.ts).
      if (el.tagName === 'a') el.properties = { [NO_LINK_CHECK]: '', ...el.properties };
      return final();
    }
    if (options.missing.some((m) => m.url === value)) return;
    // Links to pages are the link rewriter's; only links to files with an extension are assets.
    if (el.tagName === 'a' && (PAGE_LINK.test(value.replace(/[?#].*$/, '')) || !/\.[a-z0-9]{1,8}([?#].*)?$/i.test(value))) return;
    // An element's site-absolute src is left as written, as Docusaurus leaves a JSX or HTML <img src="/img/x.png">.
    if (el.tagName !== 'a' && value.startsWith('/')) return;
    const result = resolveAsset(value, options, el.tagName === 'a' ? 'files' : assetFolder(value.split(/[?#]/, 1)[0]!), el.tagName === 'a');
    if (!result) return;
    if ('missing' in result) {
      // As for a Markdown link (markdown-assets.ts): a site-absolute href may be a page; the link checker decides.
      if (el.tagName === 'a' && value.startsWith('/')) return;
      options.missing.push({ url: value, line: el.position ? el.position.start.line + options.lineOffset : undefined });
      return;
    }
    el.properties[attr!] = result.url;
    final();
    if (result.copy && !options.copies.some((c) => c.out === result.copy!.out)) options.copies.push(result.copy);
  };
}
