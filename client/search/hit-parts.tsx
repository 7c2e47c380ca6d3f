// How a hit reads, in the modal and on the search page: its title (the heading it is, highlighted), its
// path (the page and headings above it) and a snippet of its text. Everything is rendered as text nodes;
// only the segments the engine matched become <mark> elements.
import type { ReactNode } from 'react';
import { LEVELS, type Level, type SearchHit, type StoredHit } from '../../renderer/shared/search-hit.ts';
import type { Segment } from '../../renderer/shared/search-text.ts';

export function Highlighted({ segments }: { segments: Segment[] }): ReactNode {
  return segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text));
}

const plain = (text: string | null | undefined): Segment[] => (text ? [{ text }] : []);

/** A saved search has no highlight or snippet results: its text shows as is. */
export function asHit(stored: StoredHit): SearchHit {
  return { ...stored, _highlightResult: { hierarchy: {} }, _snippetResult: {} };
}

function levelOf(hit: StoredHit): number {
  return hit.type === 'content' ? 7 : Number(hit.type.slice(3));
}

export function hitTitle(hit: SearchHit): Segment[] {
  if (hit.type === 'content') return hit._snippetResult.content ?? plain(hit.content);
  return hit._highlightResult.hierarchy[hit.type] ?? plain(hit.hierarchy[hit.type]);
}

/** The page title and headings above the hit (none for a page itself). */
export function hitPath(hit: SearchHit): Segment[][] {
  const depth = levelOf(hit);
  const out: Segment[][] = [];
  for (let i = 1; i < Math.min(depth, LEVELS.length); i++) {
    const level = LEVELS[i] as Level;
    if (hit.hierarchy[level]) out.push(hit._highlightResult.hierarchy[level] ?? plain(hit.hierarchy[level]));
  }
  return out;
}

/** The snippet of the hit's text (none for a content hit, whose title already is its text). */
export function hitSnippet(hit: SearchHit): Segment[] | undefined {
  if (hit.type === 'content') return undefined;
  return hit._snippetResult.content;
}

export function HitPath({ hit, separator = ' › ' }: { hit: SearchHit; separator?: string }): ReactNode {
  return hitPath(hit).map((segments, i) => (
    <span key={i}>
      {i > 0 && separator}
      <Highlighted segments={segments} />
    </span>
  ));
}

/**
 * Groups consecutive hits of the same top-level section (lvl0), at most `limit` each. Only neighbours are
 * grouped, so the modal lists hits in the engine's order, the order of the search page.
 */
export function groupByLvl0(hits: SearchHit[], limit: number): [string, SearchHit[]][] {
  const groups: [string, SearchHit[]][] = [];
  for (const hit of hits) {
    const key = hit.hierarchy.lvl0 ?? '';
    const last = groups[groups.length - 1];
    if (last && last[0] === key) {
      if (last[1].length < limit) last[1].push(hit);
    } else groups.push([key, [hit]]);
  }
  return groups;
}
