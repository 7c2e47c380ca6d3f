// Ranking on the real site's local indexes, as the build wrote them (global setup builds the site):
// the same unpack → MiniSearch → query path the browser runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type MiniSearch from 'minisearch';
import { createIndex, queryIndex, unpackIndex, type IndexDoc } from '../shared/search-index.ts';
import { fold, plainText } from '../shared/search-text.ts';

const indexes = new Map<string, MiniSearch<IndexDoc>>();

beforeAll(() => {
  const dir = join(inject('siteBuild'), 'assets', 'search');
  for (const locale of ['pt-BR', 'en', 'es']) {
    const file = readdirSync(dir).find((f) => f.startsWith(`index.${locale}.`) && f.endsWith('.json'));
    expect(file, `index of ${locale}`).toBeDefined();
    indexes.set(locale, createIndex(unpackIndex(JSON.parse(readFileSync(join(dir, file!), 'utf8')))));
  }
});

const search = (locale: string, q: string) => queryIndex(indexes.get(locale)!, q, { hitsPerPage: 20, snippetWords: 10 });
const pageOf = (url: string) => url.split('#')[0]!;

describe('local search ranking', () => {
  it.each(['pt-BR', 'en', 'es'])('"lambda" ranks the Lambda pages first (%s)', (locale) => {
    const { hits } = search(locale, 'lambda');
    const pages = [...new Set(hits.map((h) => pageOf(h.url)))];
    expect(pages.slice(0, 2).map((p) => p.replace(/^.*\/docs\//, '')).sort()).toEqual(['compute/lambda', 'serverless/lambda']);
    expect(hits[0]!.type).toBe('lvl1');
    expect(hits[0]!._highlightResult.hierarchy.lvl1?.find((s) => s.mark)?.text).toBe('Lambda');
  });

  it('"configuracao" finds the accented text and marks it', () => {
    const { hits, nbHits } = search('pt-BR', 'configuracao');
    expect(nbHits).toBeGreaterThan(5);
    const marked = hits.flatMap((h) => [...(h._snippetResult.content ?? []), ...Object.values(h._highlightResult.hierarchy).flat()]).filter((s) => s!.mark);
    expect(marked.length).toBeGreaterThan(0);
    // The accented word itself is marked; typo tolerance may add close words ('configurado').
    expect(marked.map((s) => s!.text)).toContain('Configuração');
    expect(marked.every((s) => fold(s!.text).startsWith('configura'))).toBe(true);
    const first = hits[0]!;
    expect([first.hierarchy.lvl2, first.hierarchy.lvl3, first.content].join(' ')).toMatch(/configuração/i);
  });

  it('accents in the query are folded too: "configuração" and "CONFIGURACAO" find the same hits', () => {
    const a = search('pt-BR', 'configuração').hits.map((h) => h.url);
    expect(search('pt-BR', 'CONFIGURACAO').hits.map((h) => h.url)).toEqual(a);
    expect(search('pt-BR', 'configuracao').hits.map((h) => h.url)).toEqual(a);
  });

  it.each(['pt-BR', 'en', 'es'])('"dynamdb" (a typo) finds DynamoDB first (%s)', (locale) => {
    const { hits } = search(locale, 'dynamdb');
    expect(pageOf(hits[0]!.url)).toMatch(/\/docs\/database\/dynamodb$/);
    expect(plainText(hits[0]!._highlightResult.hierarchy.lvl1!)).toMatch(/DynamoDB/);
  });

  it('the word being typed is a prefix: "dynam" already finds DynamoDB', () => {
    expect(pageOf(search('en', 'dynam').hits[0]!.url)).toMatch(/\/docs\/database\/dynamodb$/);
  });

  it('a trailing one-letter word waits for its next letter; one letter alone matches titles and headings', () => {
    expect(search('en', 'kinesis d').hits.map((h) => h.url)).toEqual(search('en', 'kinesis').hits.map((h) => h.url));
    const { hits } = search('en', 'l');
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect([h.hierarchy.lvl0, h.hierarchy.lvl1, h.hierarchy.lvl2].join(' ')).toMatch(/\bl/i);
  });

  it('every word must match when some hit has them all', () => {
    const { hits } = search('en', 'lambda pricing');
    expect(hits.length).toBeGreaterThan(0);
    expect(pageOf(hits[0]!.url)).toMatch(/lambda$/);
  });

  it('20 hits per page, the rest on the next pages, with the total', () => {
    const first = queryIndex(indexes.get('en')!, 'aws', { hitsPerPage: 20, snippetWords: 10 });
    const second = queryIndex(indexes.get('en')!, 'aws', { hitsPerPage: 20, page: 1, snippetWords: 10 });
    expect(first.hits).toHaveLength(20);
    expect(first.nbHits).toBeGreaterThan(40);
    expect(second.hits[0]!.url).not.toBe(first.hits[0]!.url);
  });

  it('snippets have the asked number of words', () => {
    const hit = search('en', 'concurrency').hits.find((h) => h._snippetResult.content)!;
    const words = (n: number) => plainText(queryIndex(indexes.get('en')!, 'concurrency', { hitsPerPage: 20, snippetWords: n }).hits.find((h) => h.url === hit.url)!._snippetResult.content!).replace(/…/g, ' ').trim().split(/\s+/).length;
    expect(words(10)).toBeLessThanOrEqual(10);
    expect(words(5)).toBeLessThanOrEqual(5);
    expect(words(10)).toBeGreaterThan(words(5));
  });
});
