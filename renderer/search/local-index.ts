// The local engine's per-locale index file: the locale's records packed by page (see PackedIndex),
// written under assets/ with a content hash in its name so it can be cached forever.
import { createHash } from 'node:crypto';
import { LEVELS } from '../shared/search-hit.ts';
import type { PackedIndex } from '../shared/search-index.ts';
import type { SearchRecord } from './records.ts';

export function packIndex(records: SearchRecord[], siteUrl: string): PackedIndex {
  const pages: PackedIndex['pages'] = [];
  let current: PackedIndex['pages'][number] | undefined;
  for (const r of records) {
    const path = r.url_without_anchor.slice(siteUrl.length);
    if (!current || current[0] !== path) {
      current = [path, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', []];
      pages.push(current);
    }
    const rest = LEVELS.slice(2).map((l) => r.hierarchy[l]);
    while (rest.length > 0 && rest[rest.length - 1] === null) rest.pop();
    current[3].push([r.anchor ? encodeURIComponent(r.anchor) : '', r.type, rest, r.content]);
  }
  return { v: 1, pages };
}

export interface IndexFile {
  /** Output path relative to the output folder. */
  file: string;
  /** Public URL. */
  url: string;
  json: string;
}

export function indexFile(packed: PackedIndex, locale: string, baseUrl: string): IndexFile {
  const json = JSON.stringify(packed);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const file = `assets/search/index.${locale}.${hash}.json`;
  return { file, url: baseUrl + file, json };
}
