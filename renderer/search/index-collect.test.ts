// An index made with a collection once its JSON is parsed (a worker's large job: IndexCollect) is the index
// made without it.
import { describe, expect, it } from 'vitest';
import { makeIndexFromInput, RecordPieces } from './build-search.ts';
import type { SearchRecord } from './records.ts';

const SITE = 'https://example.org';
const hierarchy = (lvl1: string, lvl2: string | null = null) => ({ lvl0: 'Docs', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null });

function records(pages: number): SearchRecord[] {
  return Array.from({ length: pages }, (_, p): SearchRecord[] => {
    const url = `${SITE}/docs/p${p}`;
    const common = { url_without_anchor: url, language: 'en', docusaurus_tag: 'docs-default-current' };
    return [
      { ...common, objectID: `p${p}-0`, url, anchor: null, type: 'lvl1', content: null, hierarchy: hierarchy(`Service ${p}`), weight: { pageRank: 0, level: 100, position: 0 } },
      { ...common, objectID: `p${p}-1`, url: `${url}#limits`, anchor: 'limits', type: 'lvl2', content: `Each bucket holds ${p} objects.`, hierarchy: hierarchy(`Service ${p}`, 'Limits'), weight: { pageRank: 0, level: 80, position: 1 } },
    ];
  }).flat();
}

describe('an index made with a collection after the parse', () => {
  it('is the same index, collected once', () => {
    const input = () => {
      const pieces = new RecordPieces();
      for (const record of records(30)) pieces.add(JSON.stringify(record));
      return pieces.end();
    };
    const pageKeys = Array.from({ length: 30 }, (_, i) => `key${i}`);
    const steps: string[] = [];
    const collected = makeIndexFromInput({ locale: 'en', siteUrl: SITE, baseUrl: '/', pageKeys, input: input() }, () => steps.push('collect'));
    const plain = makeIndexFromInput({ locale: 'en', siteUrl: SITE, baseUrl: '/', pageKeys, input: input() });
    expect(steps).toEqual(['collect']);
    expect(collected.index).toEqual(plain.index);
  });
});
