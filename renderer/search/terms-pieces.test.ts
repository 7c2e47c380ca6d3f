// A locale's kept terms and index files in pieces give back what was cut, whole, for the next build.
import { describe, expect, it } from 'vitest';
import { indexDigest, makeIndex, type LocaleTerms } from './build-search.ts';
import { assembleBucket, assembleIndexFiles, assembleTerms, assembleTermsHead, bucketOf, indexPieces, partsOf, partsPiece, TERM_BUCKETS, termsBuckets, termsLayout, termsPieces } from './terms-pieces.ts';
import type { SearchRecord } from './records.ts';

const MMAP_THRESHOLD = 128 * 1024;

const SITE = 'https://example.org';
const hierarchy = (lvl1: string, lvl2: string | null = null) => ({ lvl0: 'Docs', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null });

/** A page's records as the build makes them: its own record, then one per section. */
function records(pages: number): SearchRecord[] {
  return Array.from({ length: pages }, (_, p): SearchRecord[] => {
    const url = `${SITE}/docs/p${p}`;
    const common = { url_without_anchor: url, language: 'en', docusaurus_tag: 'docs-default-current' };
    const page: SearchRecord = { ...common, objectID: `p${p}-0`, url, anchor: null, type: 'lvl1', content: null, hierarchy: hierarchy(`Amazon Service ${p} (AS${p})`), keywords: [`kw${p}`, 'storage'], description: `Service ${p} stores objects`, weight: { pageRank: 0, level: 100, position: 0 } };
    const section: SearchRecord = { ...common, objectID: `p${p}-1`, url: `${url}#limits`, anchor: 'limits', type: 'lvl2', content: `Each bucket holds ${p} objects; requests scale with prefixes. ${'Throughput and latency depend on the region. '.repeat(20)}`, hierarchy: hierarchy(`Amazon Service ${p} (AS${p})`, 'Limits'), weight: { pageRank: 0, level: 80, position: 1 } };
    return [page, section];
  }).flat();
}

describe('terms and index in pieces', () => {
  const recs = records(400);
  const pageKeys = Array.from({ length: 400 }, (_, i) => `key${i}`);
  const made = makeIndex({ locale: 'en', records: recs, siteUrl: SITE, baseUrl: '/', pageKeys, digest: indexDigest('code', 'en', SITE, '/', pageKeys) });
  const terms = made.terms as LocaleTerms;

  it('assembles the terms (every page\'s, and the index as assembled) as they were', () => {
    expect(terms.index).toBeDefined();
    const serialized = termsPieces(terms);
    const { pieces } = serialized;
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) expect(p.buffer.byteLength).toBeLessThan(MMAP_THRESHOLD);
    const whole = new Map([...terms.pages.keys()].map((key) => [key, terms.pages.get(key)]));
    // The index's parts are not in the pieces: they come from the index's files.
    expect(assembleTerms(serialized, made.index)).toEqual({ pages: whole, index: terms.index });
    expect(assembleTerms(termsPieces({ pages: whole }), made.index)).toEqual({ pages: whole });
    const { parts: _parts, ...lessParts } = terms.index!;
    const head = assembleTermsHead([...pieces.slice(0, serialized.head), partsPiece('the-index-key')]);
    expect(head).toEqual({ buckets: termsBuckets(pieces[0]!), index: lessParts, partsIn: 'the-index-key' });
    // Files that lack a part the entry names are not the index's: no index to update.
    const fewer = new Map(made.index.parts);
    fewer.delete([...fewer.keys()][1]!);
    expect(partsOf({ ...made.index, parts: fewer }, terms.index!.entry)).toBeUndefined();
    expect(assembleTerms(serialized, { ...made.index, parts: fewer })).toEqual({ pages: whole });
    // A piece of the postings missing: not a whole index, so no entry.
    const flats = pieces.findIndex((_, i) => i > 0 && i < serialized.head && assembleTermsHead(pieces.slice(0, serialized.head).filter((_, k) => k !== i)) === undefined);
    expect(flats).toBeGreaterThan(0);
  });

  it('keeps the pages in buckets, each named by its pages\' keys, and the buckets alone in the head\'s first piece', () => {
    const layout = termsLayout(terms);
    expect(layout.buckets.length).toBeGreaterThan(TERM_BUCKETS / 2);
    expect(layout.buckets.flatMap((b) => b.keys).sort()).toEqual([...pageKeys].sort());
    for (const b of layout.buckets) {
      expect(b.keys.every((k) => bucketOf(k) === bucketOf(b.keys[0]!))).toBe(true);
      expect(assembleBucket(b.pieces())).toEqual(new Map(b.keys.map((k) => [k, terms.pages.get(k)])));
    }
    expect(termsBuckets(layout.head[0]!)).toEqual(layout.buckets.map(({ name, keys }) => ({ name, keys })));
    // One page's key changed: only its old and new buckets are named differently.
    const changed = termsLayout({ pages: new Map([...pageKeys].map((k, i) => [i === 7 ? 'changed' : k, terms.pages.get(k)!])) });
    const before = new Set(layout.buckets.map((b) => b.name));
    const renamed = changed.buckets.filter((b) => !before.has(b.name)).length;
    expect(renamed).toBeGreaterThanOrEqual(1);
    expect(renamed).toBeLessThanOrEqual(2);
  });

  it('assembles the index files as they were', () => {
    const pieces = indexPieces(made.index);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.buffer.byteLength).toBeLessThan(MMAP_THRESHOLD);
    // The parts are not in the pieces: the cache keeps them apart, and gives them back by path.
    const names = [...made.index.parts.keys()].join('').length;
    expect(pieces.reduce((n, p) => n + p.byteLength, 0)).toBeLessThan(made.index.entry.json.length + names + 1024);
    expect(assembleIndexFiles(pieces, (file) => made.index.parts.get(file))).toEqual(made.index);
    const lost = [...made.index.parts.keys()][0]!;
    expect(assembleIndexFiles(pieces, (file) => (file === lost ? undefined : made.index.parts.get(file)))).toBeUndefined();
  });
});
