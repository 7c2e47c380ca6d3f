// A doc's id, URL slug, title and sidebar position, computed as Docusaurus's docs plugin computes them
// from its path and front matter. Pure, so the content loader, `serve` and `check` all agree.
import { posix } from 'node:path';
import { parseNumberPrefix, stripPathNumberPrefixes } from './number-prefix.ts';

export interface IdentityInput {
  /** Path below the locale's docs folder: `02-guides/01-setup.md`. */
  relPath: string;
  id?: string;
  slug?: string;
  title?: string;
  /** The page's own `# Heading` when it opens the page. */
  contentTitle?: string;
  sidebarPosition?: number;
  parseNumberPrefixes?: boolean;
}

export interface DocIdentity {
  /** What sidebars and `pagination_*` name: folder path (prefixes kept, as Docusaurus does) + base id. */
  id: string;
  /** URL below the docs base, without leading or trailing slash; '' is the docs base itself. */
  slug: string;
  title: string;
  /** From `sidebar_position`, else the file's number prefix. */
  position?: number;
  /** index.md, README.md or a doc named like its folder: the page of its folder's category. */
  isCategoryIndex: boolean;
  /** The slug Docusaurus computes ends with `/` (`slug: /a/b/`, a category's page): so does its permalink unless trailingSlash is false. */
  slugSlash?: boolean;
}

export class IdentityError extends Error {}

export function isCategoryIndexFile(relPath: string): boolean {
  const dir = posix.dirname(relPath);
  const file = posix.basename(relPath).replace(/\.mdx?$/i, '').toLowerCase();
  const folder = dir === '.' ? undefined : posix.basename(dir).toLowerCase();
  // Names as written, number prefixes included, as Docusaurus compares them: `04-guides/guides.md` is not the
  // category's page (its URL is /guides/guides), `04-guides/04-guides.md` is.
  return file === 'index' || file === 'readme' || (folder !== undefined && file === folder);
}

export function docIdentity(input: IdentityInput): DocIdentity {
  const parse = input.parseNumberPrefixes ?? true;
  const dir = posix.dirname(input.relPath);
  const base = posix.basename(input.relPath).replace(/\.mdx?$/i, '');
  const prefixed = parse ? parseNumberPrefix(base) : { name: base };
  const baseId = input.id ?? prefixed.name;
  if (baseId.includes('/')) throw new IdentityError(`The doc id "${baseId}" cannot contain a slash; use \`slug\` to place the page at another URL.`);
  const id = dir === '.' ? baseId : `${dir}/${baseId}`;
  const dirSlug = dir === '.' ? '/' : `/${parse ? stripPathNumberPrefixes(dir) : dir}/`;
  const isCategoryIndex = isCategoryIndexFile(input.relPath);
  let slug: string;
  if (input.slug !== undefined && input.slug.startsWith('/')) slug = input.slug;
  else if (input.slug === undefined && isCategoryIndex) slug = dirSlug;
  else slug = posix.normalize(posix.join(dirSlug, input.slug ?? baseId));
  return {
    id,
    slug: slug.replace(/^\/+|\/+$/g, ''),
    // Docusaurus keeps this slash in the permalink when `trailingSlash` is unset (see LinkStyle.keepSlugSlash).
    ...(slug.length > 1 && slug.endsWith('/') ? { slugSlash: true } : {}),
    title: input.title ?? input.contentTitle ?? baseId,
    ...(input.sidebarPosition !== undefined ? { position: input.sidebarPosition } : prefixed.position !== undefined ? { position: prefixed.position } : {}),
    isCategoryIndex,
  };
}
