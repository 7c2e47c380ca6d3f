// Issue 5, item 2: the search modal on the real site with the local index — loading on intent, the ways
// to open and close it, its screens, keyboard navigation, selecting hits, saved searches, limits,
// status, errors, safety, translations and accessibility.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const BUTTON = '.DocSearch-Button';
const INPUT = '.DocSearch-Input';
const MODAL = '.DocSearch-Modal';
const INDEX = /\/assets\/search\/index\.pt-BR\.json$/;
const RECENT = '__DOCSEARCH_RECENT_SEARCHES__local-pt-BR';
const FAVORITE = '__DOCSEARCH_FAVORITE_SEARCHES__local-pt-BR';

async function openModal(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.locator(MODAL).waitFor();
}

/** Types a query and waits until the shown screen answers it. */
async function search(page: Page, query: string): Promise<void> {
  await page.locator(INPUT).fill(query);
  await page.locator(`.DocSearch-Dropdown[data-results-for="${query.replace(/"/g, '\\"')}"]`).waitFor();
}

const options = (page: Page) => page.locator('.DocSearch-Hits [role="option"]');
const titles = (page: Page) => page.locator('.DocSearch-Hits .DocSearch-Hit-title').allTextContents();

function fakeHit(i: number) {
  return {
    objectID: `/aws-cheatsheet/pt-BR/docs/compute/page-${i}`,
    url: `/aws-cheatsheet/pt-BR/docs/compute/ec2#h${i}`,
    type: 'lvl2',
    content: `Text ${i}`,
    hierarchy: { lvl0: 'Computação', lvl1: 'Amazon EC2', lvl2: `Saved ${i}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  };
}

async function seed(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k, typeof v === 'string' ? v : JSON.stringify(v)), [key, value] as const);
}

describe('loading on intent', () => {
  it('nothing of search loads with the page; hovering the button fetches the index', async () => {
    const { page, problems } = await h.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => INDEX.test(p))).toEqual([]);
    const scriptsOnLoad = requested.filter((p) => p.endsWith('.js')).length;
    await Promise.all([page.waitForRequest(INDEX), page.hover(BUTTON)]);
    // The modal's code came with it.
    expect(requested.filter((p) => p.endsWith('.js')).length).toBeGreaterThan(scriptsOnLoad);
    expect(await page.locator(MODAL).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('focusing the button fetches the index too', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await Promise.all([page.waitForRequest(INDEX), page.focus(BUTTON)]);
    expect(problems).toEqual([]);
  });
});

describe('opening and closing', () => {
  it('a click opens it; Escape closes it and gives the focus back to the button', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.click(BUTTON);
    await page.locator(MODAL).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('DocSearch-Input');
    expect(await page.locator(MODAL).getAttribute('role')).toBe('dialog');
    await page.keyboard.press('Escape');
    await page.locator(MODAL).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('DocSearch-Button'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('Ctrl+K toggles it, Cmd+K too; a click on the backdrop closes it', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await page.keyboard.press('Control+k');
    await page.locator(MODAL).waitFor({ state: 'detached' });
    await page.keyboard.press('Meta+k');
    await page.locator(MODAL).waitFor();
    await page.keyboard.press('Meta+k');
    await page.locator(MODAL).waitFor({ state: 'detached' });
    await openModal(page);
    await page.mouse.click(5, 400);
    await page.locator(MODAL).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('on a small screen it fills the screen and its Cancel button closes it', async () => {
    const { page, problems } = await h.newPage({ width: 390, height: 800 });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.click(BUTTON);
    await page.locator(MODAL).waitFor();
    const box = (await page.locator(MODAL).boundingBox())!;
    // The whole layout viewport (the theme keeps a stable scrollbar gutter beside it).
    const container = (await page.locator('.DocSearch-Container').boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, container.width, 800]);
    expect(container.width).toBeGreaterThan(370);
    expect(await page.locator('.DocSearch-Footer').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Fechar a pesquisa' }).click();
    await page.locator(MODAL).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it("'/' opens it outside input fields and types a slash inside one", async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/search');
    await page.locator('.search-page__input').focus();
    await page.keyboard.type('a/b');
    expect(await page.locator('.search-page__input').inputValue()).toBe('a/b');
    expect(await page.locator(MODAL).count()).toBe(0);
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await page.locator(MODAL).waitFor();
    expect(await page.locator(INPUT).inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  it('letters typed on the focused button open it with those letters as the query', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.focus(BUTTON);
    await page.keyboard.type('lambda');
    await page.locator('.DocSearch-Dropdown[data-results-for="lambda"]').waitFor();
    expect(await page.locator(INPUT).inputValue()).toBe('lambda');
    expect(problems).toEqual([]);
  });

  it('the start screen says there are no recent searches, in each language', async () => {
    for (const [path, text] of [
      ['pt-BR/docs/compute/ec2', 'Nenhuma pesquisa recente'],
      ['docs/compute/ec2', 'No recent searches'],
      ['es/docs/compute/ec2', 'No hay búsquedas recientes'],
    ] as const) {
      const { page, problems } = await h.newPage();
      await open(page, h.origin, path);
      await openModal(page);
      await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
      expect(await page.locator('.DocSearch-StartScreen').textContent()).toBe(text);
      expect(problems).toEqual([]);
    }
  });
});

describe('results', () => {
  it('grouped by top-level section (neighbouring hits only), at most 5 each; "lambda" finds the Lambda pages first', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'lambda');
    const groups = await page.locator('.DocSearch-Hit-source').allTextContents();
    expect(groups.slice(0, 2)).toEqual(['Computação', 'Sem servidor (serverless)']);
    // Only neighbours are grouped, so the engine's order is kept: no two groups in a row share a title.
    expect(groups.every((g, i) => i === 0 || g !== groups[i - 1])).toBe(true);
    for (const list of await page.locator('.DocSearch-Hits ul').all()) expect(await list.locator('[role="option"]').count()).toBeLessThanOrEqual(5);
    expect((await titles(page))[0]).toBe('AWS Lambda');
    expect(await page.locator('.DocSearch-Hit-title mark').first().textContent()).toBe('Lambda');
    expect(await options(page).first().getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/docs/compute/lambda');
    expect(problems).toEqual([]);
  });

  it('lists hits in the search page\'s order', async () => {
    const { page, problems } = await h.newPage();
    for (const query of ['fila de mensagens', 'banco de dados']) {
      await page.goto(`${h.origin}/aws-cheatsheet/pt-BR/search?q=${encodeURIComponent(query)}`);
      await page.locator(`.search-page__results[data-results-for="${query}"]`).waitFor();
      const onPage = await page.locator('.search-result h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      await open(page, h.origin, 'pt-BR/docs/compute/ec2');
      await openModal(page);
      await search(page, query);
      const inModal = await options(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(inModal.length).toBeGreaterThan(3);
      // The modal keeps at most 5 hits of a group: its hits are the page's, in the same order.
      expect(onPage.filter((href) => inModal.includes(href))).toEqual(inModal);
    }
    expect(problems).toEqual([]);
  });

  it('folds accents and forgives typos: "configuracao", "dynamdb"', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'configuracao');
    expect(await page.locator('.DocSearch-Hits mark').allTextContents()).toContain('Configuração');
    await search(page, 'dynamdb');
    expect((await titles(page))[0]).toBe('Amazon DynamoDB');
    expect(problems).toEqual([]);
  });

  it('arrow keys move the active item; Enter opens it in-site and closes the modal', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await openModal(page);
    await search(page, 'dynamodb');
    const first = options(page).nth(0);
    const second = options(page).nth(1);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await first.getAttribute('aria-selected')).toBe('false');
    expect(await page.locator(INPUT).getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const target = (await second.getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname + u.hash === target);
    await page.locator(MODAL).waitFor({ state: 'detached' });
    expect(await isSameDocument(page)).toBe(true);
    expect(await page.locator('h1').first().textContent()).toBe('Amazon DynamoDB');
    expect(problems).toEqual([]);
  });

  it('Ctrl+Enter opens the active hit in a new tab, Shift+Enter in a new window', async () => {
    const { page, context, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.evaluate(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __opened: unknown[][] }).__opened = calls;
      const original = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        calls.push(args);
        return original(...args);
      };
    });
    await openModal(page);
    await search(page, 'dynamodb');
    const href = (await options(page).first().getAttribute('href'))!;
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForURL((u) => u.pathname === href);
    const [win] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Shift+Enter')]);
    await win.waitForURL((u) => u.pathname === href);
    expect(await page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened)).toEqual([
      [href, '_blank', 'noopener'],
      [href, '_blank', 'noopener,popup'],
    ]);
    // The modal stays open on this page.
    expect(await page.locator(MODAL).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a click on a hit navigates in-site and saves it as a recent search, without highlight or snippet', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await openModal(page);
    await search(page, 'dynamodb');
    const href = (await options(page).first().getAttribute('href'))!;
    await options(page).first().click();
    await page.waitForURL((u) => u.pathname + u.hash === href);
    expect(await isSameDocument(page)).toBe(true);
    const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), RECENT))!) as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!).sort()).toEqual(['content', 'hierarchy', 'objectID', 'type', 'url']);
    expect(stored[0]!.url).toBe(href);
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await page.locator('.DocSearch-Hit-source').allTextContents()).toEqual(['Recentes']);
    expect(await titles(page)).toEqual(['Amazon DynamoDB']);
    expect(problems).toEqual([]);
  });

  it('recent searches: at most 7, or 4 beside favorites; promoted to favorite or removed; at most 10 favorites', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await seed(page, RECENT, Array.from({ length: 9 }, (_, i) => fakeHit(i)));
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await titles(page)).toEqual(['Saved 0', 'Saved 1', 'Saved 2', 'Saved 3', 'Saved 4', 'Saved 5', 'Saved 6']);
    // Promote the second recent search.
    await page.locator('.DocSearch-Hit').nth(1).locator('.DocSearch-Hit-action-button').first().click();
    await expect.poll(() => page.locator('.DocSearch-Hit-source').allTextContents()).toEqual(['Recentes', 'Favoritas']);
    expect(await page.locator('.DocSearch-Hits').nth(0).locator('.DocSearch-Hit-title').allTextContents()).toEqual(['Saved 0', 'Saved 2', 'Saved 3', 'Saved 4']);
    expect(await page.locator('.DocSearch-Hits').nth(1).locator('.DocSearch-Hit-title').allTextContents()).toEqual(['Saved 1']);
    // Remove a recent search, then the favorite.
    await page.locator('.DocSearch-Hits').nth(0).locator('.DocSearch-Hit').nth(0).locator('.DocSearch-Hit-action-button').last().click();
    await expect.poll(() => page.locator('.DocSearch-Hits').nth(0).locator('.DocSearch-Hit-title').allTextContents()).toEqual(['Saved 2', 'Saved 3', 'Saved 4', 'Saved 5']);
    await page.locator('.DocSearch-Hits').nth(1).locator('.DocSearch-Hit-action-button').click();
    await expect.poll(() => page.locator('.DocSearch-Hit-source').allTextContents()).toEqual(['Recentes']);
    await page.keyboard.press('Escape');
    await seed(page, FAVORITE, Array.from({ length: 12 }, (_, i) => fakeHit(100 + i)));
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await page.locator('.DocSearch-Hits').nth(1).locator('[role="option"]').count()).toBe(10);
    expect(problems).toEqual([]);
  });

  it('selecting a favorite does not add it to the recent searches', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'dynamodb');
    const first = await page.evaluate(() => document.querySelector('.DocSearch-Hits [role="option"]')?.getAttribute('href'));
    await page.keyboard.press('Escape');
    // Make the first hit a favorite (its objectID is its url in the local index).
    await seed(page, FAVORITE, [{ ...fakeHit(0), objectID: first, url: first }]);
    await openModal(page);
    await search(page, 'dynamodb');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname + u.hash === first);
    expect(await page.evaluate((k) => localStorage.getItem(k), RECENT)).toBeNull();
    expect(problems).toEqual([]);
  });

  it('corrupt stored searches are ignored', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await seed(page, RECENT, '{not json');
    await seed(page, FAVORITE, '"a string"');
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await page.locator('.DocSearch-StartScreen').textContent()).toBe('Nenhuma pesquisa recente');
    await page.keyboard.press('Escape');
    await seed(page, RECENT, [{ foo: 1 }, null, fakeHit(3), { ...fakeHit(4), hierarchy: 'x' }]);
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    expect(await titles(page)).toEqual(['Saved 3']);
    expect(problems).toEqual([]);
  });
});

describe('other screens', () => {
  it('no results: the query, up to 3 suggestions and the report link', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'lambda');
    await search(page, 'xqzwvu');
    expect(await page.locator('.DocSearch-NoResults .DocSearch-Title').textContent()).toBe('Nenhum resultado para "xqzwvu"');
    expect(await page.locator('.DocSearch-NoResults').textContent()).toContain('Tente pesquisar por');
    const suggestions = await page.locator('.DocSearch-Prefill').allTextContents();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(suggestions[0]).toBe('Computação');
    const report = page.locator('.DocSearch-NoResults a');
    expect(await page.locator('.DocSearch-NoResults').textContent()).toContain('Acha que esta pesquisa deveria trazer resultados? Avise-nos.');
    const href = new URL((await report.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://github.com/example/aws-cheatsheet/issues/new');
    expect(href.searchParams.get('title')).toBe('Pesquisa sem resultados: "xqzwvu"');
    await page.locator('.DocSearch-Prefill').first().click();
    await page.locator('.DocSearch-Dropdown[data-results-for="Computação"]').waitFor();
    expect(await options(page).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('"See all {count} results" goes to the search page', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await search(page, 'lambda');
    const link = page.locator('.DocSearch-HitsFooter a');
    expect(await link.textContent()).toMatch(/^Ver todos os \d+ resultados$/);
    expect(await link.getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/search?q=lambda');
    await link.click();
    await page.waitForURL('**/pt-BR/search?q=lambda');
    await page.locator('.search-result').first().waitFor();
    expect(problems).toEqual([]);
  });

  it('the query holds at most 64 characters', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    await page.locator(INPUT).pressSequentially('a'.repeat(70));
    expect(await page.locator(INPUT).inputValue()).toHaveLength(64);
    expect(await page.locator(INPUT).getAttribute('maxlength')).toBe('64');
    expect(problems).toEqual([]);
  });

  it('snippets have 10 words, 5 on screens up to 768 px', async () => {
    const words = async (width: number) => {
      const { page, problems } = await h.newPage({ width, height: 800 });
      await open(page, h.origin, 'pt-BR/docs/compute/ec2');
      await openModal(page);
      await search(page, 'concorrência');
      const texts = await page.locator('.DocSearch-Hit-text').allTextContents();
      expect(problems).toEqual([]);
      return Math.max(...texts.map((t) => t.replace(/…/g, ' ').trim().split(/\s+/).length));
    };
    expect(await words(1280)).toBe(10);
    expect(await words(700)).toBe(5);
  });

  it('stalled after 300 ms while the index loads, then the results', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    // The index is held back until the stalled screen has been seen: the modal may ask for it as it opens,
    // and a busy machine can take long enough to type that a fixed delay would be over by then.
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    await page.route(INDEX, async (route) => {
      await released;
      await route.continue();
    });
    await openModal(page);
    await page.evaluate(() => {
      const container = document.querySelector('.DocSearch-Container')!;
      const w = window as unknown as { __stalledAfter?: number; __typedAt?: number };
      new MutationObserver(() => {
        if (w.__stalledAfter === undefined && container.classList.contains('DocSearch-Container--Stalled')) w.__stalledAfter = performance.now() - w.__typedAt!;
      }).observe(container, { attributes: true });
      document.querySelector('.DocSearch-Input')!.addEventListener('input', () => (w.__typedAt ??= performance.now()));
    });
    await page.locator(INPUT).fill('lambda');
    await page.locator('.DocSearch-Container--Stalled').waitFor();
    const after = await page.evaluate(() => (window as unknown as { __stalledAfter: number }).__stalledAfter);
    expect(after).toBeGreaterThanOrEqual(290);
    expect(after).toBeLessThan(1200);
    expect(await page.locator('.DocSearch-LoadingIndicator').isVisible()).toBe(true);
    release();
    await page.locator('.DocSearch-Dropdown[data-results-for="lambda"]').waitFor();
    expect(await page.locator('.DocSearch-Container--Stalled').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('the error screen when the index cannot be fetched; the next query tries again', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.route(INDEX, (route) => route.abort('internetdisconnected'));
    await openModal(page);
    await search(page, 'lambda');
    expect(await page.locator('.DocSearch-ErrorScreen').textContent()).toBe('Não foi possível obter os resultadosTalvez seja bom verificar sua conexão de rede.');
    expect(await page.locator('.DocSearch-Container--Errored').count()).toBe(1);
    await page.unroute(INDEX);
    await search(page, 'lambdas');
    expect(await options(page).count()).toBeGreaterThan(0);
    expect(problems.filter((p) => !p.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('markup in a query stays text', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await openModal(page);
    // Words no page has, so the no-results screen shows the query back.
    const query = '"><svg onload="qzxw()"><u onmouseover=qzxv>';
    await search(page, query);
    expect(await page.locator('.DocSearch-Container svg[onload], .DocSearch-Container u').count()).toBe(0);
    expect(await page.locator('.DocSearch-NoResults .DocSearch-Title').textContent()).toBe(`Nenhum resultado para "${query}"`);
    expect(await page.locator(INPUT).inputValue()).toBe(query);
    expect(problems).toEqual([]);
  });
});

describe('languages and accessibility', () => {
  it('speaks each locale', async () => {
    for (const [path, placeholder, select] of [
      ['docs/compute/ec2', 'Search the cheat sheet', 'to select'],
      ['es/docs/compute/ec2', 'Buscar en la guía', 'para seleccionar'],
    ] as const) {
      const { page, problems } = await h.newPage();
      await open(page, h.origin, path);
      await openModal(page);
      expect(await page.locator(INPUT).getAttribute('placeholder')).toBe(placeholder);
      expect(await page.locator('.DocSearch-Footer').textContent()).toContain(select);
      await search(page, 'lambda');
      expect((await titles(page))[0]).toBe('AWS Lambda');
      expect(problems).toEqual([]);
    }
  });

  it.each(['light', 'dark'] as const)('axe finds no serious or critical violation in the open modal (%s)', async (colorScheme) => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await seed(page, RECENT, [fakeHit(1)]);
    await openModal(page);
    await page.locator('.DocSearch-Dropdown[data-results-for=""]').waitFor();
    const show = async () => JSON.stringify(await axeViolations(page, '.DocSearch-Container'), null, 1);
    expect(await show()).toBe('[]');
    await search(page, 'lambda');
    expect(await show()).toBe('[]');
    await search(page, 'xqzwvu');
    expect(await show()).toBe('[]');
    expect(problems).toEqual([]);
  });
});
