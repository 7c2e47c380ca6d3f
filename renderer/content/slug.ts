// Heading ids, as rehype-slug makes them (github-slugger, so anchors keep their diacritics), in our own
// single walk: rehype-slug's generic visitor was a measurable share of the build.
import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk } from './walk.ts';

const HEADING = /^h[1-6]$/;

export function rehypeHeadingIds() {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    walk(tree, (node) => {
      if (node.type !== 'element') return undefined;
      const el = node as Element;
      if (!HEADING.test(el.tagName)) return undefined;
      if (!el.properties.id) el.properties.id = slugger.slug(toString(el));
      return 'skip';
    });
  };
}
