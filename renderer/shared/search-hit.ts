// The search hit both engines return and the UI renders: DocSearch's record shape (objectID, url, type,
// content, hierarchy) plus highlight and snippet results, here as segments rather than HTML strings.
import type { Segment } from './search-text.ts';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type HitType = Exclude<Level, 'lvl0'> | 'content';
export type Hierarchy = Record<Level, string | null>;

/** The fields of a DocSearch record the UI needs; also what a saved (recent/favorite) search keeps. */
export interface StoredHit {
  objectID: string;
  /** In-site path (with #anchor), or an absolute URL for a hit outside this site. */
  url: string;
  type: HitType;
  content: string | null;
  hierarchy: Hierarchy;
}

export interface SearchHit extends StoredHit {
  _highlightResult: { hierarchy: Partial<Record<Level, Segment[]>>; content?: Segment[] };
  _snippetResult: { content?: Segment[] };
  /** Algolia only: what the insights plugin needs to attribute clicks and views. */
  __autocomplete_indexName?: string;
  __autocomplete_queryID?: string;
  __autocomplete_algoliaCredentials?: { appId: string; apiKey: string };
}

export interface SearchResults {
  hits: SearchHit[];
  nbHits: number;
  queryID?: string;
}

export function emptyHierarchy(): Hierarchy {
  return { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}

/** What is kept of a hit in storage: no highlight, snippet or engine fields. */
export function toStoredHit(hit: StoredHit): StoredHit {
  const hierarchy = emptyHierarchy();
  for (const level of LEVELS) hierarchy[level] = hit.hierarchy[level] ?? null;
  return { objectID: hit.objectID, url: hit.url, type: hit.type, content: hit.content, hierarchy };
}

/** A stored value is used only if it has this shape: anything else (old or tampered data) is ignored. */
export function isStoredHit(value: unknown): value is StoredHit {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.objectID !== 'string' || typeof v.url !== 'string' || typeof v.type !== 'string') return false;
  if (v.type !== 'content' && !(LEVELS as readonly string[]).includes(v.type)) return false;
  if (v.content !== null && typeof v.content !== 'string') return false;
  const h = v.hierarchy as Record<string, unknown> | null;
  if (typeof h !== 'object' || h === null) return false;
  return LEVELS.every((l) => h[l] === undefined || h[l] === null || typeof h[l] === 'string');
}
