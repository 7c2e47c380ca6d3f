// Issue 4, item 1: the navbar — fixed at the top, all nine item kinds, dropdowns by mouse and keyboard,
// the locale dropdown to the same page in another language, the version dropdown's stored choice, and
// hideOnScroll. The fixture site configures every kind; the real site checks locale and version.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { serveDir, startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, SCHEMES, isSameDocument, markDocument, open } from '../helpers/visitor.ts';
import { buildVisitorSite } from '../helpers/visitor-site.ts';

let h: Harness;
let real: { server: Server; origin: string };

beforeAll(async () => {
  h = await startHarness(await buildVisitorSite());
  real = await serveDir(inject('siteBuild'));
});

afterAll(async () => {
  await h?.close();
  await new Promise((ok) => real?.server.close(ok));
});

describe.each(SCHEMES)('navbar (%s mode)', (colorScheme) => {
  it('renders the nine item kinds on the configured side, fixed at the top', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'docs/long');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
    const left = page.locator('.navbar__items:not(.navbar__items--right)');
    const right = page.locator('.navbar__items--right');
    // default link, doc sidebar (first doc of the sidebar), single doc (its title), dropdown
    await expect.poll(() => left.locator('a.navbar__link', { hasText: 'Long page' }).getAttribute('href')).toBe('/aws-cheatsheet/docs/long');
    expect(await left.locator('a.navbar__link', { hasText: 'Docs' }).getAttribute('href')).toBe('/aws-cheatsheet/docs/start');
    expect(await left.locator('a.navbar__link', { hasText: 'Amazon EC2' }).getAttribute('href')).toBe('/aws-cheatsheet/docs/compute/ec2');
    expect(await left.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('false');
    // raw html, docs version, version dropdown, locale dropdown, search
    expect(await right.locator('.navbar__html .fixture-html').innerHTML()).toBe('Raw <b>HTML</b>');
    expect(await right.locator('a.navbar__link', { hasText: 'Next' }).getAttribute('href')).toBe('/aws-cheatsheet/docs/start');
    await expect.poll(() => right.locator('.version-dropdown button').getAttribute('aria-label')).toContain('Next');
    expect(await right.locator('.locale-dropdown button').getAttribute('aria-label')).toBe('Language: English');
    expect(await right.locator('.DocSearch-Button').isVisible()).toBe(true);
    // Active link marked; the navbar stays at the top when the page scrolls.
    expect(await left.locator('a.navbar__link', { hasText: 'Long page' }).getAttribute('class')).toContain('navbar__link--active');
    await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => window.scrollY > 400);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => page.locator('.navbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('opens a dropdown by click and closes it on an outside click and on Escape', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'docs/start');
    const toggle = page.getByRole('button', { name: 'More' });
    const menu = page.locator('.dropdown', { has: toggle }).locator('.dropdown__menu');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Example' }).getAttribute('rel')).toBe('noopener noreferrer');
    await page.locator('h1').click();
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('More');
    expect(problems).toEqual([]);
  });

  it('works by keyboard: Enter opens, arrows move, Tab out closes', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'docs/start');
    const toggle = page.getByRole('button', { name: 'More' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('EC2 page');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Example');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('EC2 page');
    // Enter on an item follows it (client-side: same document).
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/compute/ec2');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Tab past the last item closes the menu.
    await toggle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Example');
    await page.keyboard.press('Tab');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('hides on scroll down and comes back on scroll up (hideOnScroll)', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'docs/long');
    const navbar = page.locator('nav.navbar');
    await page.mouse.wheel(0, 800);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await expect.poll(() => navbar.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await expect.poll(() => navbar.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('navbar on the real site', () => {
  it('switches to the same page in the other language (desktop and mobile)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, problems } = await h.newPage(viewport);
      await open(page, real.origin, 'pt-BR/docs/compute/ec2');
      if (viewport === MOBILE) {
        // On a docs page the mobile menu opens on the docs sidebar; the locale menu is in the main menu.
        await page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' }).click();
        await page.getByRole('button', { name: '← Voltar para o menu principal' }).click();
      }
      const scope = viewport === MOBILE ? page.locator('.navbar-sidebar') : page.locator('.navbar__items--right');
      const toggle = scope.getByRole('button', { name: 'Idioma: Português (Brasil)' });
      await toggle.click();
      const english = scope.getByRole('link', { name: 'English' });
      expect(await english.getAttribute('hreflang')).toBe('en');
      await english.click();
      await page.waitForURL(`${real.origin}/aws-cheatsheet/docs/compute/ec2`);
      await page.waitForSelector('html[data-hydrated]');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.locator('h1').first().textContent()).toBe('Amazon EC2');
      await page.goto(`${real.origin}/aws-cheatsheet/docs/compute/ec2`);
      await page.waitForSelector('html[data-hydrated]');
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
        await page.getByRole('button', { name: '← Back to main menu' }).click();
      }
      await scope.getByRole('button', { name: 'Language: English' }).click();
      await scope.getByRole('link', { name: 'Español' }).click();
      await page.waitForURL(`${real.origin}/aws-cheatsheet/es/docs/compute/ec2`);
      await page.waitForSelector('html[data-hydrated]');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(problems).toEqual([]);
    }
  });

  it('the version dropdown shows "Next" and stores the choice under docs-preferred-version-default', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, real.origin, 'pt-BR/docs/compute/ec2');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    const toggle = page.getByRole('button', { name: 'Versão da documentação: Next' });
    await toggle.click();
    const items = page.locator('.version-dropdown .dropdown__link');
    expect(await items.allTextContents()).toEqual(['Next']);
    await items.first().click();
    await page.waitForURL('**/pt-BR/docs/getting-started');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    // Choosing the version of the page on screen scrolls to its top, without a reload.
    await markDocument(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await toggle.click();
    await items.first().click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the docs version item links to the first doc and stores the version too', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'docs/long');
    await page.locator('.navbar__items--right a.navbar__link', { hasText: 'Next' }).click();
    await page.waitForURL('**/aws-cheatsheet/docs/start');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    expect(problems).toEqual([]);
  });

  it('keeps only the toggle, brand, search and colour switch in the bar below 996 px', async () => {
    for (const [width, toggleVisible] of [
      [996, true],
      [997, false],
    ] as const) {
      const { page, problems } = await h.newPage({ width, height: 700 });
      await open(page, real.origin, 'pt-BR/docs/compute/ec2');
      expect(await page.locator('.navbar__toggle').isVisible()).toBe(toggleVisible);
      expect(await page.locator('.navbar__items--right .locale-dropdown').isVisible()).toBe(!toggleVisible);
      expect(await page.locator('.navbar__items--right .DocSearch-Button').isVisible()).toBe(true);
      expect(await page.locator('.navbar__items--right .color-mode-toggle').isVisible()).toBe(true);
      expect(await page.locator('.navbar__brand').first().isVisible()).toBe(true);
      expect(problems).toEqual([]);
    }
  });
});
