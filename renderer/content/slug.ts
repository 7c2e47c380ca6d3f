// Heading ids, as rehype-slug makes them (github-slugger, so anchors keep their diacritics), in our own
// single walk: rehype-slug's generic visitor was a measurable share of the build. A heading may set its
// own id as Docusaurus documents, `## Title {#custom-id}`: the id is used as written and the braces are
// not shown (so the TOC, anchors and search records all see the title and that id).
import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Visit } from './walk.ts';

const HEADING = /^h[1-6]$/;
const CUSTOM_ID = /\s*\{#([^\s{}]+)\}\s*$/;

/** Removes a trailing `{#id}` from the heading's last text and returns the id. */
function takeCustomId(heading: Element): string | undefined {
  const last: ElementContent | undefined = heading.children[heading.children.length - 1];
  if (last?.type !== 'text') return undefined;
  const m = CUSTOM_ID.exec(last.value);
  if (!m) return undefined;
  last.value = last.value.slice(0, m.index);
  if (!last.value) heading.children.pop();
  return m[1];
}

/** Gives each heading its id: one visitor a page (its slugger remembers the ids given so far). */
export function headingIds(): Visit {
  const slugger = new GithubSlugger();
  return (node) => {
    if (node.type !== 'element') return undefined;
    const el = node as Element;
    if (!HEADING.test(el.tagName)) return undefined;
    const custom = takeCustomId(el);
    if (custom) {
      el.properties.id = custom;
      // Taken, so that a later heading with that text gets `custom-id-1` rather than a second `custom-id`.
      slugger.slug(custom);
    } else if (!el.properties.id) el.properties.id = slugger.slug(toString(el));
    return 'skip';
  };
}
