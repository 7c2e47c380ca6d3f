// Issue 2's browser check: pages of the built real site load and hydrate in Chromium with no console
// error and no hydration warning, in every locale and for every kind of route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const PAGES = ['/aws-cheatsheet/pt-BR/docs/compute/ec2', '/aws-cheatsheet/docs/compute/ec2', '/aws-cheatsheet/es/docs/test', '/aws-cheatsheet/pt-BR/', '/aws-cheatsheet/pt-BR/docs', '/aws-cheatsheet/pt-BR/search'];

describe('hydration', () => {
  it.each(PAGES)('%s hydrates without errors', async (path) => {
    const { page, problems } = await h.newPage();
    const response = await page.goto(h.origin + path);
    expect(response!.status()).toBe(200);
    // Hydration is done when React has attached its props to the DOM nodes it owns.
    await page.waitForFunction(() => {
      const main = document.querySelector('main');
      return Boolean(main && Object.keys(main).some((k) => k.startsWith('__reactProps')));
    });
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('serves the not-found page with status 404 for unknown paths', async () => {
    const { page, problems } = await h.newPage();
    const response = await page.goto(`${h.origin}/aws-cheatsheet/pt-BR/docs/nope`);
    expect(response!.status()).toBe(404);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Página não encontrada');
    await page.waitForLoadState('networkidle');
    // Chromium reports the 404 status of the document itself; nothing else may fail.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    expect(problems.filter((p) => /status of 404/.test(p))).toHaveLength(1);
  });
});
