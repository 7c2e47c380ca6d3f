// Reads what later stages need out of a rendered page's tree: headings (for the TOC and anchors) and the
// text of each section (for search records).
import type { Element, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { ownString } from './own-string.ts';

export interface Heading {
  level: number;
  id: string;
  text: string;
}

export interface Section {
  /** Heading id; undefined for the text before the first heading. */
  id?: string;
  heading?: string;
  level: number;
  text: string[];
}

const HEADING = /^h([1-6])$/;
const TEXT_BLOCKS = new Set(['p', 'li', 'td', 'th', 'blockquote', 'dd', 'dt', 'summary']);

// Runs of white space become one space. `/\s+/g` matched every gap between two words, and a global replace
// pays for each match: three quarters of this stage's CPU on the corpus. Only runs that are not already a
// single space are matched here (two or more characters, or one that is not U+0020): the same string out.
const LOOSE_SPACE = /\s{2,}|[^\S ]/g;

/** A block's text with its white space collapsed, as `text.replace(/\s+/g, ' ')` would. */
export const collapseSpace = (text: string) => text.replace(LOOSE_SPACE, ' ');

export function extractHeadings(tree: Root): Heading[] {
  const headings: Heading[] = [];
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const m = HEADING.exec(node.tagName);
      const hidden = Array.isArray(node.properties.className) && node.properties.className.includes('sr-only');
      if (m && hidden) continue;
      if (m && typeof node.properties.id === 'string') headings.push({ level: Number(m[1]), id: node.properties.id, text: ownString(toString(node).trim()) });
      else if (!m) walk(node.children);
    }
  };
  walk(tree.children);
  return headings;
}

export function extractSections(tree: Root): Section[] {
  const sections: Section[] = [{ level: 1, text: [] }];
  const current = () => sections[sections.length - 1]!;
  const collect = (node: Element) => {
    const m = HEADING.exec(node.tagName);
    if (m && Number(m[1]) >= 2) {
      sections.push({ id: typeof node.properties.id === 'string' ? node.properties.id : undefined, heading: ownString(toString(node).trim()), level: Number(m[1]), text: [] });
      return;
    }
    if (node.tagName === 'pre' || node.tagName === 'button') return;
    if (TEXT_BLOCKS.has(node.tagName) && !node.children.some((c) => c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol' || c.tagName === 'p'))) {
      const text = collapseSpace(toString(node)).trim();
      if (text) current().text.push(ownString(text));
      return;
    }
    for (const child of node.children) if (child.type === 'element') collect(child);
  };
  for (const node of tree.children) if (node.type === 'element') collect(node);
  return sections.filter((s, i) => i > 0 || s.text.length > 0);
}
