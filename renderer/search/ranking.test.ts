// Ranking on the real site's local indexes, as the build wrote them (global setup builds the site):
// the same engine the browser runs, reading the index files as it fetches them.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LocalSearch, QueryOptions } from '../shared/search-engine.ts';
import { fold } from '../shared/search-lang.ts';
import { plainText } from '../shared/search-text.ts';
import { siteSearch } from '../../test/helpers/search-index.ts';

const engines = new Map<string, LocalSearch>();

beforeAll(async () => {
  for (const locale of ['pt-BR', 'en', 'es']) engines.set(locale, siteSearch(inject('siteBuild'), locale));
});

const queryIndex = (locale: string, q: string, options: QueryOptions) => engines.get(locale)!.search(q, options);
const search = (locale: string, q: string) => queryIndex(locale, q, { hitsPerPage: 20, snippetWords: 10 });
const pageOf = (url: string) => url.split('#')[0]!;
const urls = async (locale: string, q: string) => (await search(locale, q)).hits.map((h) => h.url);

describe('local search ranking', () => {
  it.each(['pt-BR', 'en', 'es'])('"lambda" ranks the Lambda pages first (%s)', async (locale) => {
    const { hits } = await search(locale, 'lambda');
    const pages = [...new Set(hits.map((h) => pageOf(h.url)))];
    expect(pages.slice(0, 2).map((p) => p.replace(/^.*\/docs\//, '')).sort()).toEqual(['compute/lambda', 'serverless/lambda']);
    expect(hits[0]!.type).toBe('lvl1');
    expect(hits[0]!._highlightResult.hierarchy.lvl1?.find((s) => s.mark)?.text).toBe('Lambda');
  });

  it('"configuracao" finds the accented text and marks it', async () => {
    const { hits, nbHits } = await search('pt-BR', 'configuracao');
    expect(nbHits).toBeGreaterThan(5);
    const marked = hits.flatMap((h) => [...(h._snippetResult.content ?? []), ...Object.values(h._highlightResult.hierarchy).flat()]).filter((s) => s!.mark);
    expect(marked.length).toBeGreaterThan(0);
    // The accented word itself is marked, and other words of the same stem ('configurar', 'configurações').
    expect(marked.map((s) => s!.text)).toContain('Configuração');
    expect(marked.every((s) => fold(s!.text).startsWith('configur'))).toBe(true);
  });

  it('accents in the query are folded too: "configuração" and "CONFIGURACAO" find the same hits', async () => {
    const a = await urls('pt-BR', 'configuração');
    expect(await urls('pt-BR', 'CONFIGURACAO')).toEqual(a);
    expect(await urls('pt-BR', 'configuracao')).toEqual(a);
  });

  it.each(['pt-BR', 'en', 'es'])('"dynamdb" (a typo) finds DynamoDB first (%s)', async (locale) => {
    const { hits } = await search(locale, 'dynamdb');
    expect(pageOf(hits[0]!.url)).toMatch(/\/docs\/database\/dynamodb$/);
    expect(plainText(hits[0]!._highlightResult.hierarchy.lvl1!)).toMatch(/DynamoDB/);
  });

  it('the word being typed is a prefix: "dynam" already finds DynamoDB', async () => {
    expect(pageOf((await search('en', 'dynam')).hits[0]!.url)).toMatch(/\/docs\/database\/dynamodb$/);
  });

  it('a trailing one-letter word waits for its next letter; one letter alone expands to words of titles, keywords and headings', async () => {
    expect(await urls('en', 'kinesis d')).toEqual(await urls('en', 'kinesis'));
    const { hits } = await search('en', 'l');
    expect(hits.length).toBeGreaterThan(0);
    expect([hits[0]!.hierarchy.lvl1, hits[0]!.hierarchy.lvl2].join(' ')).toMatch(/\bl/i);
    // Body text alone does not make a hit for one letter: a word of the page's own fields or headings does.
    for (const h of hits) expect(h._highlightResult.hierarchy.lvl1?.some((s) => s.mark) || h.type !== 'content').toBe(true);
  });

  it('pages matching every word come first, at the section that has them', async () => {
    const { hits } = await search('en', 'lambda pricing');
    expect(pageOf(hits[0]!.url)).toMatch(/lambda$/);
    expect(hits[0]!.hierarchy.lvl2).toMatch(/pricing/i);
  });

  it('two words the text writes as one: "dynamo db", "cloud front"', async () => {
    expect(pageOf((await search('en', 'dynamo db')).hits[0]!.url)).toMatch(/\/database\/dynamodb$/);
    expect(pageOf((await search('es', 'cloud front')).hits[0]!.url)).toMatch(/\/networking\/cloudfront$/);
  });

  it('an exact service name or acronym outranks pages that mention it: "s3", "kms"', async () => {
    expect(pageOf((await search('en', 's3')).hits[0]!.url)).toMatch(/\/storage\/s3$/);
    expect(pageOf((await search('pt-BR', 'kms')).hits[0]!.url)).toMatch(/\/security\/kms$/);
  });

  it('the test page and other `search: false` pages are not found', async () => {
    for (const locale of ['pt-BR', 'en', 'es']) expect((await urls(locale, 'markdown')).some((u) => /\/docs\/test(#|$)/.test(u))).toBe(false);
  });

  it('20 hits per page, the rest on the next pages, with the total', async () => {
    const first = await queryIndex('en', 'aws', { hitsPerPage: 20, snippetWords: 10 });
    const second = await queryIndex('en', 'aws', { hitsPerPage: 20, page: 1, snippetWords: 10 });
    expect(first.hits).toHaveLength(20);
    expect(first.nbHits).toBeGreaterThan(40);
    expect(second.hits[0]!.url).not.toBe(first.hits[0]!.url);
  });

  it('snippets have the asked number of words', async () => {
    const hit = (await search('en', 'concurrency')).hits.find((h) => h._snippetResult.content)!;
    const words = async (n: number) => plainText((await queryIndex('en', 'concurrency', { hitsPerPage: 20, snippetWords: n })).hits.find((h) => h.url === hit.url)!._snippetResult.content!).replace(/…/g, ' ').trim().split(/\s+/).length;
    expect(await words(10)).toBeLessThanOrEqual(10);
    expect(await words(5)).toBeLessThanOrEqual(5);
    expect(await words(10)).toBeGreaterThan(await words(5));
  });
});
