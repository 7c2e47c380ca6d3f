// Reads what later stages need out of a rendered page's tree: headings (for the TOC and anchors) and the
// text of each section (for search records).
import type { Element, Root } from 'hast';
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

export interface PageOutline {
  headings: Heading[];
  sections: Section[];
}

/**
 * Headings and sections in one walk of the tree. Each keeps its own rule for where it looks: headings look
 * inside every element but a heading (and skip sr-only ones), sections stop at `pre`, `button`, h2–h6 and
 * text blocks (whose text they take whole) but read sr-only headings and look inside an h1. A heading both
 * keep has its text made once.
 */
export function extractOutline(tree: Root): PageOutline {
  const headings: Heading[] = [];
  const sections: Section[] = [{ level: 1, text: [] }];
  let current = sections[0]!;
  const visit = (node: Element, forHeadings: boolean, forSections: boolean) => {
    const m = HEADING.exec(node.tagName);
    if (m) {
      const level = Number(m[1]);
      const id = typeof node.properties.id === 'string' ? node.properties.id : undefined;
      const classes = node.properties.className;
      const kept = forHeadings && id !== undefined && !(Array.isArray(classes) && classes.includes('sr-only'));
      const sectioned = forSections && level >= 2;
      const text = kept || sectioned ? ownString(toString(node).trim()) : '';
      if (kept) headings.push({ level, id, text });
      if (sectioned) sections.push((current = { id, heading: text, level, text: [] }));
      // Headings never look inside a heading; sections look inside an h1 only.
      if (sectioned || !forSections) return;
      forHeadings = false;
    } else if (forSections) {
      if (node.tagName === 'pre' || node.tagName === 'button') forSections = false;
      else if (TEXT_BLOCKS.has(node.tagName) && !node.children.some((c) => c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol' || c.tagName === 'p'))) {
        const text = collapseSpace(toString(node)).trim();
        if (text) current.text.push(ownString(text));
        forSections = false;
      }
    }
    if (!forHeadings && !forSections) return;
    for (const child of node.children) if (child.type === 'element') visit(child, forHeadings, forSections);
  };
  for (const node of tree.children) if (node.type === 'element') visit(node, true, true);
  return { headings, sections: sections.filter((s, i) => i > 0 || s.text.length > 0) };
}
