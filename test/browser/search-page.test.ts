// Issue 5, item 3: the search page {base}search?q=… with the local index — results after hydration
// (no mismatch), breadcrumbs and snippets, 20 at a time with more on scroll, q read and written, q never
// markup, in-site links, translations, the OpenSearch link, and accessibility.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const RESULTS = '.search-page__results';

async function resultsFor(page: Page, query: string): Promise<void> {
  await page.locator(`${RESULTS}[data-results-for="${query}"]`).waitFor();
}

describe('the search page', () => {
  it('renders the results for q after hydration, with breadcrumbs and snippets', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/search?q=lambda');
    await resultsFor(page, 'lambda');
    expect(await page.locator('h1').textContent()).toBe('Resultados da pesquisa por "lambda"');
    expect(await page.locator('.search-page__input').inputValue()).toBe('lambda');
    expect(await page.locator('.search-page__count').textContent()).toMatch(/^\d+ documentos encontrados$/);
    const first = page.locator('.search-result').first();
    expect(await first.locator('h2 a').textContent()).toBe('AWS Lambda');
    expect(await first.locator('h2 a').getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/docs/compute/lambda');
    expect(await first.locator('.search-result__path li').allTextContents()).toEqual(['Computação']);
    // A section of a page: its category, then the page it is on.
    const paths = await page.locator('.search-result__path').evaluateAll((navs) => navs.map((n) => [...n.querySelectorAll('li')].map((li) => li.textContent)));
    expect(paths).toContainEqual(['Computação', 'AWS Lambda']);
    expect(await page.locator('.search-result__snippet mark').first().textContent()).toBe('Lambda');
    // The snippet is 10 words at most.
    const snippet = (await page.locator('.search-result__snippet').first().textContent())!;
    expect(snippet.replace(/…/g, ' ').trim().split(/\s+/).length).toBeLessThanOrEqual(10);
    expect(problems).toEqual([]);
  });

  it('shows 20 results, and 20 more when the end of the list comes into view', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'search?q=aws');
    await resultsFor(page, 'aws');
    expect(await page.locator('.search-result').count()).toBe(20);
    await page.locator('.search-page__more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.search-result').count()).toBe(40);
    expect(problems).toEqual([]);
  });

  it('typing searches and writes q in the URL; an empty box removes it', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/search');
    expect(await page.locator('h1').textContent()).toBe('Pesquisar no guia');
    await page.locator('.search-page__input').fill('dynamdb');
    await resultsFor(page, 'dynamdb');
    expect(new URL(page.url()).searchParams.get('q')).toBe('dynamdb');
    expect(await page.locator('.search-result h2').first().textContent()).toBe('Amazon DynamoDB');
    await page.locator('.search-page__input').fill('xqzwvu');
    await resultsFor(page, 'xqzwvu');
    expect(await page.locator('.search-page__count').textContent()).toBe('Nenhum resultado encontrado');
    await page.locator('.search-page__input').fill('');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.locator(RESULTS).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('q is text, never markup', async () => {
    const { page, problems } = await h.newPage();
    const q = '<img src=x onerror="window.__xss=1">';
    await open(page, h.origin, `pt-BR/search?q=${encodeURIComponent(q)}`);
    await resultsFor(page, q.replace(/"/g, '\\"'));
    expect(await page.locator('h1').textContent()).toBe(`Resultados da pesquisa por "${q}"`);
    expect(await page.locator('.search-page img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('a result opens in-site', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/search?q=dynamodb');
    await resultsFor(page, 'dynamodb');
    await markDocument(page);
    await page.locator('.search-result h2 a').first().click();
    await page.waitForURL('**/pt-BR/docs/database/dynamodb');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('speaks each locale and links its OpenSearch description', async () => {
    for (const [path, title, count, opensearch] of [
      ['search?q=lambda', 'Search results for "lambda"', /^\d+ documents found$/, '/aws-cheatsheet/opensearch.xml'],
      ['es/search?q=lambda', 'Resultados de la búsqueda de "lambda"', /^\d+ documentos encontrados$/, '/aws-cheatsheet/es/opensearch.xml'],
    ] as const) {
      const { page, problems } = await h.newPage();
      await open(page, h.origin, path);
      await resultsFor(page, 'lambda');
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('.search-page__count').textContent()).toMatch(count);
      expect(await page.locator('head link[rel="search"]').getAttribute('href')).toBe(opensearch);
      const xml = await page.evaluate((href) => fetch(href).then((r) => r.text()), opensearch);
      expect(xml).toContain(`${path.startsWith('es') ? '/aws-cheatsheet/es/search' : '/aws-cheatsheet/search'}?q={searchTerms}`);
      expect(problems).toEqual([]);
    }
  });

  it('reached by client-side navigation from another page, it reads q too', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/aws-cheatsheet/pt-BR/search?q=lambda';
      a.textContent = 'go';
      document.querySelector('main')!.prepend(a);
      a.click();
    });
    await resultsFor(page, 'lambda');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('axe finds no serious or critical violation (%s)', async (colorScheme) => {
    const { page, problems } = await h.newPage({ colorScheme });
    await open(page, h.origin, 'pt-BR/search?q=lambda');
    await resultsFor(page, 'lambda');
    expect(JSON.stringify(await axeViolations(page), null, 1)).toBe('[]');
    expect(problems).toEqual([]);
  });
});
