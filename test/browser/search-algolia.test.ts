// Issue 5, item 4: Algolia mode against a stand-in Algolia server on 127.0.0.1 that answers in Algolia's
// REST shape and records every request: the exact search request, fail-over from a host that refuses
// connections, hit URLs (in-site or external), safe rendering, insights events, the search page, the
// stalled state, personalization turned off, and the error screen when every host is down.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { refusedOrigin, startAlgoliaMock, type AlgoliaMock, type MockHit, type RecordedRequest } from '../helpers/algolia-mock.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { baseConfig, makeSite, minimalContent } from '../helpers/fixture-site.ts';
import { isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
let mock: AlgoliaMock;
let dead: string;

const SITE = 'https://example.github.io/aws-cheatsheet';
const REFUSED = 'error: Failed to load resource: net::ERR_CONNECTION_REFUSED';

function hit(objectID: string, url: string, lvl0: string, lvl1: string, lvl2: string | null, extra: Partial<MockHit> = {}): MockHit {
  const hierarchy = { lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  return { objectID, url, type: lvl2 ? 'lvl2' : 'lvl1', content: `About ${lvl1}`, hierarchy, _highlightResult: { hierarchy: { lvl0: { value: lvl0 }, lvl1: { value: lvl1 }, ...(lvl2 ? { lvl2: { value: lvl2 } } : {}) } }, ...extra };
}

function answer(query: string, page: number): { hits: MockHit[]; nbHits?: number } {
  if (query === 'ec2') {
    return {
      hits: [
        hit('ec2', `${SITE}/pt-BR/docs/compute/ec2`, 'Computação', 'Amazon EC2', null, {
          _highlightResult: { hierarchy: { lvl1: { value: 'Amazon <mark>EC2</mark>' } } },
          _snippetResult: { content: { value: 'Máquinas virtuais <b>na</b> <mark>EC2</mark>…' } },
          content: 'Máquinas virtuais na EC2',
        }),
        hit('ec2-what', `${SITE}/pt-BR/docs/compute/ec2#o-que-é`, 'Computação', 'Amazon EC2', '<img src=x onerror="window.__xss=1"> O que é', {
          _highlightResult: { hierarchy: { lvl1: { value: 'Amazon <mark>EC2</mark>' }, lvl2: { value: '<img src=x onerror="window.__xss=1"> O que é <mark>EC2</mark>' } } },
        }),
        hit('start', `${SITE}/pt-BR/docs/start`, 'Início', 'Início', null),
      ],
    };
  }
  if (query === 'external') return { hits: [hit('ext', `${h.origin}/aws-cheatsheet/pt-BR/docs/start`, 'Elsewhere', 'A page outside', null)] };
  if (query === 'many') {
    return { hits: Array.from({ length: 25 }, (_, i) => hit(`many-${i}`, `${SITE}/pt-BR/docs/compute/ec2#m${i}`, `Group ${Math.floor(i / 5)}`, `Many ${i}`, null)) };
  }
  if (query === 'paged') return { hits: Array.from({ length: 20 }, (_, i) => hit(`p${page}-${i}`, `${SITE}/pt-BR/docs/compute/ec2#p${page}-${i}`, 'Computação', `Page ${page} hit ${i}`, null)), nbHits: 45 };
  return { hits: [] };
}

beforeAll(async () => {
  mock = await startAlgoliaMock();
  mock.hits = (r) => answer(r.query, r.page ?? 0);
  dead = await refusedOrigin();
  const root = makeSite(minimalContent, {
    config: {
      themeConfig: {
        navbar: { items: [...baseConfig.themeConfig.navbar.items, { type: 'search', position: 'right' }] },
        algolia: { appId: 'TESTAPP', apiKey: 'search-only-key', indexName: 'cheatsheet', insights: true, hosts: [dead, mock.origin], insightsHost: mock.origin, externalUrlRegex: '^http://127\\.0\\.0\\.1' },
        search: { disableUserPersonalization: true },
      },
    },
  });
  await build({ root, outDir: join(root, 'build') });
  h = await startHarness(join(root, 'build'));
});

afterAll(async () => {
  await h?.close();
  await mock?.close().catch(() => undefined);
});

const searches = () => mock.requests.filter((r) => r.path === '/1/indexes/*/queries');
const bodyOf = (r: RecordedRequest) => (r.body as { requests: Record<string, unknown>[] }).requests[0]!;
const expected = (problems: string[]) => problems.filter((p) => p !== REFUSED);

async function openModal(page: Page) {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Modal').waitFor();
}

async function search(page: Page, query: string) {
  await page.locator('.DocSearch-Input').fill(query);
  await page.locator(`.DocSearch-Dropdown[data-results-for="${query}"]`).waitFor();
}

describe('Algolia mode', () => {
  it('sends the search request to /1/indexes/*/queries with credentials in the query string, after the first host refused', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'ec2');
    expect(await page.locator('.DocSearch-Hit-source').allTextContents()).toEqual(['Computação', 'Início']);
    const sent = searches().filter((r) => bodyOf(r).query === 'ec2');
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.query['x-algolia-application-id']).toBe('TESTAPP');
    expect(request.query['x-algolia-api-key']).toBe('search-only-key');
    expect(request.query['x-algolia-agent']).toMatch(/Lite/);
    expect(bodyOf(request)).toEqual({
      query: 'ec2',
      indexName: 'cheatsheet',
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
      attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 20,
      page: 0,
      clickAnalytics: true,
      facetFilters: ['language:pt-BR', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
    // The refused host was tried first and is now remembered as down.
    expect(problems).toContain(REFUSED);
    const states = await page.evaluate(() => JSON.parse(localStorage.getItem('cheatsheet-search-hosts-TESTAPP') ?? '{}'));
    expect(states[dead]).toMatchObject({ status: 'down' });
    expect(states[mock.origin]).toBeUndefined();
    expect(expected(problems)).toEqual([]);
  });

  it('a host marked down is skipped, and tried again once it has been down for 2 minutes', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'ec2 one');
    expect(problems.filter((p) => p === REFUSED)).toHaveLength(1);
    await search(page, 'ec2 two');
    expect(problems.filter((p) => p === REFUSED)).toHaveLength(1);
    // Host states live in localStorage: make the refused host's state 121 s old.
    await page.evaluate(() => {
      const key = 'cheatsheet-search-hosts-TESTAPP';
      const states = JSON.parse(localStorage.getItem(key)!) as Record<string, { lastUpdate: number }>;
      for (const state of Object.values(states)) state.lastUpdate -= 121_000;
      localStorage.setItem(key, JSON.stringify(states));
    });
    await search(page, 'ec2 three');
    expect(problems.filter((p) => p === REFUSED)).toHaveLength(2);
    expect(expected(problems)).toEqual([]);
  });

  it('renders hit text as text: only the highlight tags become <mark>', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'ec2');
    expect(await page.locator('.DocSearch-Container img').count()).toBe(0);
    expect(await page.locator('.DocSearch-Hit-title').nth(1).textContent()).toBe('<img src=x onerror="window.__xss=1"> O que é EC2');
    expect(await page.locator('.DocSearch-Hit-title mark').allTextContents()).toEqual(['EC2', 'EC2']);
    expect(await page.locator('.DocSearch-Hit-text').first().textContent()).toBe('Máquinas virtuais <b>na</b> EC2…');
    expect(await page.locator('.DocSearch-Container b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(expected(problems)).toEqual([]);
  });

  it('a hit of this site opens in-site at its path; one matching externalUrlRegex with a full page load', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/start');
    await markDocument(page);
    await openModal(page);
    await search(page, 'ec2');
    expect(await page.locator('.DocSearch-Hits [role="option"]').first().getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/docs/compute/ec2');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/aws-cheatsheet/pt-BR/docs/compute/ec2');
    expect(await isSameDocument(page)).toBe(true);
    await openModal(page);
    await search(page, 'external');
    await page.locator('.DocSearch-Hits [role="option"]').first().click();
    await page.waitForURL(`${h.origin}/aws-cheatsheet/pt-BR/docs/start`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await isSameDocument(page)).toBe(false);
    expect(expected(problems)).toEqual([]);
  });

  it('insights: view events in batches of 20 object ids, and a click event for the selected hit', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/start');
    const before = mock.requests.length;
    await openModal(page);
    await search(page, 'many');
    const events = async () =>
      mock.requests
        .slice(before)
        .filter((r) => r.path === '/1/events')
        .flatMap((r) => (r.body as { events: Record<string, unknown>[] }).events.map((e): Record<string, unknown> => ({ ...e, query: r.query })));
    await expect.poll(async () => (await events()).filter((e) => e.eventType === 'view').length).toBe(2);
    const views = (await events()).filter((e) => e.eventType === 'view');
    expect(views.map((v) => (v.objectIDs as string[]).length)).toEqual([20, 5]);
    expect(views[0]).toMatchObject({ index: 'cheatsheet', eventName: 'Items Viewed' });
    expect((views[0]!.query as Record<string, string>)['X-Algolia-Application-Id']).toBe('TESTAPP');
    expect((views[0]!.query as Record<string, string>)['X-Algolia-API-Key']).toBe('search-only-key');
    await page.locator('.DocSearch-Hits [role="option"]').nth(1).click();
    await expect.poll(async () => (await events()).filter((e) => e.eventType === 'click').length).toBe(1);
    const click = (await events()).find((e) => e.eventType === 'click')!;
    expect(click).toMatchObject({ index: 'cheatsheet', objectIDs: ['many-1'], queryID: 'qid-many', positions: [2] });
    expect(expected(problems)).toEqual([]);
  });

  it('stalled after 300 ms when the search service is slow', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/start');
    await openModal(page);
    mock.delay = 1200;
    try {
      await page.locator('.DocSearch-Input').fill('slow ec2');
      await page.locator('.DocSearch-Container--Stalled').waitFor();
      await page.locator('.DocSearch-Dropdown[data-results-for="slow ec2"]').waitFor();
      expect(await page.locator('.DocSearch-Container--Stalled').count()).toBe(0);
    } finally {
      mock.delay = 0;
    }
    expect(expected(problems)).toEqual([]);
  });

  it('with personalization off, nothing is saved and the start screen shows no recent searches', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/start');
    await page.evaluate(() => localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__cheatsheet', JSON.stringify([{ objectID: 'x', url: '/x', type: 'lvl1', content: null, hierarchy: { lvl0: 'A', lvl1: 'B' } }])));
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await page.locator('.DocSearch-StartScreen').textContent()).toBe('Nenhuma pesquisa recente');
    await search(page, 'ec2');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pt-BR/docs/compute/ec2');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__cheatsheet')!).length)).toBe(1);
    expect(expected(problems)).toEqual([]);
  });

  it('the search page works with Algolia: 20 results, the next page on scroll', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/search?q=paged');
    await page.locator('.search-page__results[data-results-for="paged"]').waitFor();
    expect(await page.locator('.search-result').count()).toBe(20);
    expect(await page.locator('.search-page__count').textContent()).toBe('45 documentos encontrados');
    await page.locator('.search-page__more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.search-result').count()).toBe(40);
    expect(searches().filter((r) => bodyOf(r).query === 'paged').map((r) => bodyOf(r).page)).toEqual([0, 1]);
    expect(expected(problems)).toEqual([]);
  });

  it('every host down: the error screen', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/start');
    await mock.close();
    await openModal(page);
    await search(page, 'ec2 down');
    expect(await page.locator('.DocSearch-ErrorScreen').textContent()).toBe('Não foi possível obter os resultadosTalvez seja bom verificar sua conexão de rede.');
    expect(expected(problems)).toEqual([]);
  });
});
