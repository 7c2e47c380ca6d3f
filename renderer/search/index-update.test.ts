// An index updated after some pages changed is the index assembled from every page, byte for byte: entry,
// shards and chunks (small parts here, so that an edit moves shard boundaries); and what an update cannot
// do exactly, it declines.
import { describe, expect, it } from 'vitest';
import { emptyHierarchy } from '../shared/search-hit.ts';
import { changedTerms, updateIndex, type AssembledIndex } from './index-update.ts';
import { assembleIndex, type BuiltIndex, type IndexPage } from './local-index.ts';
import { PageAnalyser, termsOf, wordsOf, type PageTerms } from './page-terms.ts';
import type { SearchRecord } from './records.ts';
import { searchLanguageOf } from '../shared/search-lang.ts';

const SITE = 'https://example.org';
const PARTS = { shard: 400, chunk: 600 };
const VOCABULARY = 'amazon aws lambda queue bucket instance scale storage network function event stream table cache cluster node region zone policy role key secret log metric alarm topic'.split(' ');

/** A deterministic generator (mulberry32): the same pages on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PageSpec {
  title: string;
  keywords: string[];
  sections: { heading: string; text: string }[];
}

function words(next: () => number, n: number): string {
  return Array.from({ length: n }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!).join(' ');
}

function specs(count: number, seed: number): PageSpec[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => ({
    title: `Amazon ${words(next, 2)} ${i}`,
    keywords: [words(next, 1)],
    sections: Array.from({ length: 1 + Math.floor(next() * 3) }, (_, s) => ({ heading: `${words(next, 2)} ${s}`, text: words(next, 8 + Math.floor(next() * 12)) })),
  }));
}

function recordsOf(i: number, spec: PageSpec): SearchRecord[] {
  const url = `${SITE}/docs/page-${i}`;
  const base = { ...emptyHierarchy(), lvl0: 'Compute', lvl1: spec.title };
  const make = (position: number, type: SearchRecord['type'], content: string | null, hierarchy = base): SearchRecord => ({
    objectID: `page-${i}-${position}`,
    url: position === 0 ? url : `${url}#s${position}`,
    url_without_anchor: url,
    anchor: position === 0 ? null : `s${position}`,
    type,
    content,
    hierarchy,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { pageRank: 0, level: position === 0 ? 100 : 80, position },
  });
  const page = make(0, 'lvl1', null);
  page.keywords = spec.keywords;
  return [page, ...spec.sections.map((s, k) => make(k + 1, 'lvl2', s.text, { ...base, lvl2: s.heading }))];
}

const analyser = () => new PageAnalyser(searchLanguageOf('en'));
/** A page's key: its records' JSON (as the build keys them, by what they are made of). */
const keyOf = (records: SearchRecord[]) => JSON.stringify(records);

interface Built {
  index: BuiltIndex;
  pages: IndexPage[];
  keys: string[];
  known: Map<string, PageTerms>;
}

function assemble(all: PageSpec[]): Built {
  const a = analyser();
  const pages = all.map((spec, i) => {
    const records = recordsOf(i, spec);
    return { records, terms: a.analyse(records) };
  });
  const keys = pages.map((p) => keyOf(p.records));
  return { index: assembleIndex(pages, SITE, 'en', PARTS, keys), pages, keys, known: new Map(keys.map((k, i) => [k, pages[i]!.terms])) };
}

const kept = (index: BuiltIndex): AssembledIndex => ({ entry: index.entry, assembly: index.assembly!, parts: index.parts });
const bytes = (index: BuiltIndex) => ({ entry: JSON.stringify(index.entry), parts: [...index.parts] });

/**
 * The update of `before`'s index to `after`'s pages, and the index assembled from them; `asked`: the pages
 * whose records and terms the update asked for.
 */
function update(before: Built, after: PageSpec[]): { updated: BuiltIndex | undefined; assembled: BuiltIndex; asked: number[] } {
  const now = assemble(after);
  const asked: number[] = [];
  const updated = updateIndex(kept(before.index), now.keys, (i) => (asked.push(i), now.pages[i]!), before.known, SITE, 'en', PARTS);
  return { updated, assembled: now.index, asked };
}

describe('updateIndex', () => {
  const site = specs(40, 7);
  const before = assemble(site);

  it('makes the assembled index when one page gets more text (new words, new terms)', () => {
    const after = structuredClone(site);
    after[5]!.sections[0]!.text += ' zebra quokka lambda lambda';
    const { updated, assembled, asked } = update(before, after);
    expect(updated).toBeDefined();
    expect(bytes(updated!)).toEqual(bytes(assembled));
    // Most shards are those of the last index (small parts: 400 bytes), and the chunks before the page's.
    const kept = updated!.entry.shards.filter(([, name]) => before.index.parts.has(name)).length;
    expect(kept).toBeGreaterThan(updated!.entry.shards.length / 2);
    const keptChunks = updated!.entry.chunks.filter(([, name]) => before.index.parts.has(name)).length;
    expect(keptChunks).toBeGreaterThan(0);
    // Only the changed page's records were needed: the other pages' chunk rows come from the last index.
    expect(asked).toEqual([5]);
  });

  it("walks only the terms whose postings in the changed pages changed, not every term of the page", () => {
    const page: PageSpec = { title: 'Amazon alpha', keywords: [], sections: [{ heading: 'bravo', text: 'bucket queue charlie' }, { heading: 'delta', text: 'lambda stream echo' }] };
    const before = analyser().analyse(recordsOf(3, page));
    const edited = structuredClone(page);
    edited.sections[1]!.text += ' zebra';
    const after = analyser().analyse(recordsOf(3, edited));
    const { added, affected } = changedTerms([{ start: 10, before, after }], new Set());
    // Only the new word's term: the page's other terms have the postings they had (its other records', and in
    // the edited record the same codes), though each of them is a term of the page.
    expect([...affected]).toEqual(['zebra']);
    expect([...added.keys()]).toEqual(expect.arrayContaining(['alpha', 'bravo', 'bucket', 'queue', 'lambda', 'stream', 'zebra']));
    // Nothing changed: nothing to walk.
    expect(changedTerms([{ start: 10, before, after: before }], new Set()).affected.size).toBe(0);
  });

  it('makes the assembled index when the first or the last page changes (rows at the ends of chunks)', () => {
    for (const page of [0, site.length - 1]) {
      const after = structuredClone(site);
      after[page]!.sections[0]!.text += ' zebra';
      const { updated, assembled, asked } = update(before, after);
      expect(updated).toBeDefined();
      expect(bytes(updated!)).toEqual(bytes(assembled));
      expect(asked).toEqual([page]);
    }
  });

  it('makes the assembled index when words and terms go away, and when a title or keyword changes', () => {
    const after = structuredClone(site);
    after[3]!.sections.forEach((s) => (s.text = 'queue'));
    after[3]!.keywords = ['ferret'];
    after[8]!.title = 'Amazon zebra 8';
    const { updated, assembled } = update(before, after);
    expect(updated).toBeDefined();
    expect(bytes(updated!)).toEqual(bytes(assembled));
  });

  it('makes the assembled index after random edits of a few pages, one update after another', () => {
    const next = random(99);
    let current = before;
    let specsNow = site;
    for (let round = 0; round < 25; round++) {
      const after = structuredClone(specsNow);
      for (let e = 0; e < 1 + Math.floor(next() * 3); e++) {
        const page = after[Math.floor(next() * after.length)]!;
        const section = page.sections[Math.floor(next() * page.sections.length)]!;
        if (next() < 0.5) section.text += ` ${words(next, 3)} word${Math.floor(next() * 50)}`;
        else section.text = words(next, 1 + Math.floor(next() * 5));
        if (next() < 0.2) section.heading = words(next, 2);
      }
      const { updated, assembled } = update(current, after);
      expect(updated, `round ${round}`).toBeDefined();
      expect(bytes(updated!), `round ${round}`).toEqual(bytes(assembled));
      // The next round starts from the update, as the next build would.
      current = { ...assemble(after), index: updated! };
      specsNow = after;
    }
  });

  it('declines what it cannot do exactly: a page with another number of records, pages added, the common title words changing', () => {
    const moreSections = structuredClone(site);
    moreSections[2]!.sections.push({ heading: 'extra', text: 'lambda' });
    expect(update(before, moreSections).updated).toBeUndefined();
    expect(update(before, [...structuredClone(site), ...specs(1, 3)]).updated).toBeUndefined();
    // A word put in 9 of 40 titles (over a fifth) becomes a common title word: every element length may change.
    const common = structuredClone(site);
    for (const page of common.slice(0, 9)) page.title += ' zebra';
    expect(update(before, common).updated).toBeUndefined();
    // More than a quarter of the pages changed: assembling is as quick.
    const many = structuredClone(site);
    for (const page of many.slice(0, 12)) page.sections[0]!.text += ' more';
    expect(update(before, many).updated).toBeUndefined();
  });
});

describe('assembleIndex', () => {
  const site = specs(40, 11);
  const records = site.map((spec, i) => recordsOf(i, spec));
  const assembled = (pages: IndexPage[]) => {
    const index = assembleIndex(pages, SITE, 'en', PARTS, []);
    return { ...bytes(index), assembly: index.assembly };
  };

  it("numbers a page's terms and words as the analyser's vocabulary names them", () => {
    const a = analyser();
    for (const r of records) {
      const { terms, ids } = a.analyseWithIds(r);
      expect(Array.from(ids.terms, (t) => ids.vocabulary.termNames[t])).toEqual(termsOf(terms));
      expect(Array.from(ids.words, (w) => ids.vocabulary.wordNames[w])).toEqual(wordsOf(terms));
    }
  });

  it("makes the same index from one analyser's numbers as from the terms' names, or from two analysers' pages", () => {
    const a = analyser();
    const byIds = records.map((r) => ({ records: r, ...a.analyseWithIds(r) }));
    const byNames = byIds.map(({ records, terms }) => ({ records, terms }));
    const other = analyser();
    // Half the pages analysed by another analyser (as if kept from an earlier build): its numbers are not the first's.
    const mixed = byIds.map((p, i) => (i % 2 === 0 ? p : { records: p.records, ...other.analyseWithIds(p.records) }));
    const expected = assembled(byNames);
    expect(assembled(byIds)).toEqual(expected);
    expect(assembled(mixed)).toEqual(expected);
  });
});
