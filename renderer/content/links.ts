// Rewrites links in rendered Markdown: relative `.md` links become routes, external links open in a new
// tab without opener or referrer; every internal link is recorded with its source line for the checker.
import type { Element, Root } from 'hast';
import { posix } from 'node:path';
import { walk } from './walk.ts';
import { isExternalHref } from '../shared/urls.ts';

export interface SourceLink {
  href: string;
  line?: number;
}

export interface LinkOptions {
  /** The doc's file path relative to its locale folder, e.g. compute/ec2.md */
  relPath: string;
  /** Public base of the locale, e.g. /aws-cheatsheet/pt-BR/ */
  localeBase: string;
  docsBase: string;
  lineOffset: number;
  links: SourceLink[];
}

/** `getting-started/index.md` → `getting-started`; `compute/ec2.md` → `compute/ec2`. */
export function docIdOf(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
}

export function rehypeLinks(options: LinkOptions) {
  return (tree: Root) => {
    walk(tree, (child) => {
      if (child.type !== 'element') return;
      const node = child as Element;
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const href = node.properties.href;
      if (isExternalHref(href)) {
        if (/^https?:/i.test(href) || href.startsWith('//')) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        return;
      }
      const line = node.position ? node.position.start.line + options.lineOffset : undefined;
      const resolved = resolveHref(href, options);
      node.properties.href = resolved;
      // Footnote links point inside the page and are generated, not written by the author.
      if (!('dataFootnoteRef' in node.properties) && !('dataFootnoteBackref' in node.properties)) options.links.push({ href: resolved, line });
    });
  };
}

function resolveHref(href: string, options: LinkOptions): string {
  if (href.startsWith('#')) return href;
  const hashAt = href.indexOf('#');
  const path = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  if (path.startsWith('/')) {
    // Site-absolute paths are relative to the locale's base, as in Docusaurus.
    return options.localeBase + path.replace(/^\/+/, '') + hash;
  }
  if (/\.mdx?$/.test(path)) {
    const target = posix.normalize(posix.join(posix.dirname(options.relPath), decodeURI(path)));
    return options.docsBase + '/' + encodeURI(docIdOf(target)).replace(/\/$/, '') + hash;
  }
  return href;
}
