// Issue 4, item 5: below 996 px a toggle opens a sidebar with the main menu (the navbar items), the
// secondary menu (the docs sidebar) and a back-to-main-menu button; it traps focus and closes on
// Escape, on a backdrop click and on navigation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { MOBILE, SCHEMES, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const panel = (page: Page) => page.locator('.navbar-sidebar');
const toggleOf = (page: Page) => page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' });
const focusInPanel = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.navbar-sidebar')));

describe.each(SCHEMES)('mobile menu (%s mode)', (colorScheme) => {
  it('opens on the docs sidebar, goes back to the main menu, and holds the navbar items', async () => {
    const { page, problems } = await h.newPage({ ...MOBILE, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    expect(await panel(page).count()).toBe(0);
    await toggleOf(page).click();
    expect(await toggleOf(page).getAttribute('aria-expanded')).toBe('true');
    const dialog = page.getByRole('dialog');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // Secondary menu: the docs sidebar with the page marked.
    expect(await dialog.locator('.menu--secondary [aria-current="page"]').textContent()).toBe('Amazon EC2');
    await dialog.getByRole('button', { name: '← Voltar para o menu principal' }).click();
    expect(await focusInPanel(page)).toBe(true);
    const primary = dialog.locator('.menu--primary');
    expect(await primary.getByRole('link', { name: 'Guia rápido' }).isVisible()).toBe(true);
    expect(await primary.getByRole('link', { name: 'Categorias' }).isVisible()).toBe(true);
    expect(await primary.getByRole('button', { name: 'Idioma: Português (Brasil)' }).isVisible()).toBe(true);
    expect(await primary.getByRole('button', { name: 'Versão da documentação: Next' }).isVisible()).toBe(true);
    expect(await primary.getByRole('link', { name: 'Repositório no GitHub' }).getAttribute('target')).toBe('_blank');
    expect(await primary.locator('.DocSearch-Button').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Fechar o menu de navegação' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('keeps focus inside and closes on Escape, giving focus back to the toggle', async () => {
    const { page, problems } = await h.newPage({ ...MOBILE, colorScheme });
    await open(page, h.origin, 'pt-BR/');
    await toggleOf(page).click();
    expect(await focusInPanel(page)).toBe(true);
    const count = await panel(page).locator('a[href], button').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInPanel(page)).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInPanel(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await panel(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar__toggle'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(problems).toEqual([]);
  });

  it('closes on a backdrop click and on navigation', async () => {
    const { page, problems } = await h.newPage({ ...MOBILE, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await toggleOf(page).click();
    expect(await panel(page).isVisible()).toBe(true);
    await page.mouse.click(MOBILE.width - 40, 400);
    expect(await panel(page).count()).toBe(0);
    await toggleOf(page).click();
    await panel(page).getByRole('link', { name: 'AWS Batch' }).click();
    await page.waitForURL('**/pt-BR/docs/compute/batch');
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('AWS Batch');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
