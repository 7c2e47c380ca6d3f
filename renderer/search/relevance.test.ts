// Relevance of the local search on the real site, with the project's own query set
// (test/search/relevance-set.json: what visitors type, each with the pages that are a right answer), read
// the way the browser reads the index. Fails when a locale's hit@1, hit@3 or MRR@5 drops below what the
// engine reaches today; also checks that the split index answers exactly as one unsplit file would, and
// that a first query downloads at most 250 KB (gzip).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { build } from '../build.ts';
import { LocalSearch } from '../shared/search-engine.ts';
import { buildLocalIndex, memorySource } from './local-index.ts';
import { buildRecords } from './records.ts';
import { entryFile, siteSearch } from '../../test/helpers/search-index.ts';
import { REPO } from '../../test/helpers/fixture-site.ts';

type QuerySet = Record<string, [string, string[]][]>;
const SET = JSON.parse(readFileSync(join(REPO, 'test', 'search', 'relevance-set.json'), 'utf8')) as QuerySet;
const LOCALES = ['pt-BR', 'en', 'es'];

/** What the engine reaches on the site's content (raise these when it gets better, never lower them to pass). */
const FLOOR: Record<string, { hit1: number; hit3: number; mrr5: number }> = {
  'pt-BR': { hit1: 0.982, hit3: 1, mrr5: 0.991 },
  en: { hit1: 0.981, hit3: 0.981, mrr5: 0.981 },
  es: { hit1: 0.982, hit3: 0.982, mrr5: 0.986 },
};

const OPTIONS = { hitsPerPage: 20, snippetWords: 10 };
const pagesOf = (urls: string[]) => [...new Set(urls.map((u) => u.split('#')[0]!.replace(/^.*\/docs\//, '')))];

/** Rank (1-based) of the first right page among the distinct pages of the results; 0 when absent. */
async function rankOf(engine: LocalSearch, query: string, right: string[]): Promise<number> {
  const pages = pagesOf((await engine.search(query, OPTIONS)).hits.map((h) => h.url));
  return pages.findIndex((p) => right.includes(p)) + 1;
}

describe('search relevance on the project query set', () => {
  it('has at least 40 queries per locale, each with right pages', () => {
    for (const locale of LOCALES) {
      expect(SET[locale]!.length).toBeGreaterThanOrEqual(40);
      for (const [q, right] of SET[locale]!) expect(q.trim() && right.length, q).toBeTruthy();
    }
  });

  it.each(LOCALES)('%s: hit@1, hit@3 and MRR@5 stay at or above their floor', async (locale) => {
    const engine = siteSearch(inject('siteBuild'), locale);
    const misses: string[] = [];
    let hit1 = 0;
    let hit3 = 0;
    let mrr = 0;
    for (const [query, right] of SET[locale]!) {
      const rank = await rankOf(engine, query, right);
      if (rank === 1) hit1++;
      else misses.push(`${query} → ${rank || 'not found'}`);
      if (rank >= 1 && rank <= 3) hit3++;
      if (rank >= 1 && rank <= 5) mrr += 1 / rank;
    }
    const n = SET[locale]!.length;
    const got = { hit1: hit1 / n, hit3: hit3 / n, mrr5: mrr / n };
    const floor = FLOOR[locale]!;
    const report = `${locale} ${JSON.stringify(got)}; not first: ${misses.join('; ')}`;
    expect(got.hit1, report).toBeGreaterThanOrEqual(floor.hit1);
    expect(got.hit3, report).toBeGreaterThanOrEqual(floor.hit3);
    expect(got.mrr5, report).toBeGreaterThanOrEqual(floor.mrr5);
  });
});

describe('the split index', () => {
  let unsplit: Map<string, LocalSearch>;

  beforeAll(async () => {
    const result = await build({ root: REPO, write: false, bundle: false });
    unsplit = new Map(
      LOCALES.map((locale) => {
        const records = buildRecords(result.table, locale, { siteUrl: result.loaded.config.url, docsTag: 'docs-default-current' });
        // One shard with every term, one chunk with every page: the index as a single download.
        return [locale, new LocalSearch(memorySource(buildLocalIndex(records, result.loaded.config.url, locale, { shard: Infinity, chunk: Infinity })))];
      }),
    );
  });

  it.each(LOCALES)('%s: answers every query, keystroke by keystroke, as the unsplit index does', async (locale) => {
    const split = siteSearch(inject('siteBuild'), locale);
    for (const [query] of SET[locale]!) {
      for (let i = 1; i <= query.length; i++) {
        const q = query.slice(0, i);
        const a = await split.search(q, OPTIONS);
        const b = await unsplit.get(locale)!.search(q, OPTIONS);
        expect(a, q).toEqual(b);
      }
    }
  });

  it('warm() loads the rest of a small index, nothing of one over its limit, and changes no answer', async () => {
    const loaded: string[] = [];
    const engine = siteSearch(inject('siteBuild'), 'en', (file) => loaded.push(file));
    const before = await engine.search('message queue', OPTIONS);
    const entry = JSON.parse(readFileSync(entryFile(inject('siteBuild'), 'en'), 'utf8'));
    const parts = entry.shards.length + entry.chunks.length;
    const afterQuery = loaded.length;
    await engine.warm(parts - 1);
    expect(loaded).toHaveLength(afterQuery);
    await engine.warm(parts);
    // The entry, then every part once.
    expect(new Set(loaded).size).toBe(parts + 1);
    expect(loaded).toHaveLength(parts + 1);
    expect(await engine.search('message queue', OPTIONS)).toEqual(before);
  });

  it.each(LOCALES)('%s: a first query downloads at most 250 KB gzip, and only part of the index', async (locale) => {
    for (const [query] of SET[locale]!.slice(0, 12)) {
      let bytes = 0;
      const files: string[] = [];
      const engine = siteSearch(inject('siteBuild'), locale, (file, data) => {
        files.push(file);
        bytes += gzipSync(data, { level: 9 }).length;
      });
      await engine.search(query, OPTIONS);
      expect(bytes, `${query}: ${files.length} files`).toBeLessThanOrEqual(250 * 1024);
      const entry = JSON.parse(readFileSync(entryFile(inject('siteBuild'), locale), 'utf8'));
      expect(files.length - 1, query).toBeLessThan((entry.shards.length + entry.chunks.length) / 2);
    }
  });
});
