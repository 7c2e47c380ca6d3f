// Issue 4, items 3 and 4: the announcement bar (closeable, dismissal kept until its id changes, no shift
// when dismissed before hydration), the docs sidebar (categories that stay as left, the active page
// marked, scroll position kept), breadcrumbs, the TOC (h2–h3, heading in view highlighted, collapsible on
// mobile), prev/next links and the code blocks' copy button.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, SCHEMES, VIEWPORTS, isSameDocument, layoutShift, layoutShiftSources, settled, markDocument, open, trackLayoutShift } from '../helpers/visitor.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const bar = (page: Page) => page.locator('.theme-announcement-bar');

describe.each(SCHEMES)('announcement bar (%s mode)', (colorScheme) => {
  it.each(VIEWPORTS)('closes, stays closed across pages and loads, with no layout shift (%s)', async (_name, viewport) => {
    const { page, context, problems } = await h.newPage({ ...viewport, colorScheme });
    await trackLayoutShift(context);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    expect(await bar(page).isVisible()).toBe(true);
    expect(await bar(page).textContent()).toContain('Este guia ajudou você?');
    const navbarTop = await page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().top);
    expect(navbarTop).toBeGreaterThan(20);
    await bar(page).getByRole('button', { name: 'Fechar' }).click();
    expect(await bar(page).count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.dismiss'), localStorage.getItem('docusaurus.announcement.id')])).toEqual(['true', 'star-2025-06']);
    // Client-side navigation keeps it closed.
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/compute/ec2-auto-scaling');
    expect(await bar(page).count()).toBe(0);
    // A full load of another page: hidden before first paint, then not rendered; nothing moves.
    await open(page, h.origin, 'pt-BR/docs/storage/s3');
    expect(await page.evaluate(() => document.documentElement.dataset.announcementBarInitiallyDismissed)).toBe('true');
    expect(await bar(page).count()).toBe(0);
    expect(await page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await settled(page);
    expect(await layoutShift(page), (await layoutShiftSources(page)).join("\n")).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('announcement bar id', () => {
  it('shows again when its id changes', async () => {
    const { page, context, problems } = await h.newPage(DESKTOP);
    await context.addInitScript(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    });
    await open(page, h.origin, 'docs/compute/ec2');
    expect(await bar(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.announcementBarInitiallyDismissed)).toBeUndefined();
    expect(problems).toEqual([]);
  });
});

describe.each(SCHEMES)('docs sidebar (%s mode)', (colorScheme) => {
  it('marks the active page, opens its category and keeps categories as the visitor left them', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    const sidebar = page.locator('.theme-doc-sidebar-container');
    const current = sidebar.locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toBe('Amazon EC2');
    const compute = sidebar.getByRole('button', { name: 'Computação' });
    const database = sidebar.getByRole('button', { name: 'Bancos de dados' });
    const storage = sidebar.getByRole('button', { name: 'Armazenamento' });
    expect(await compute.getAttribute('aria-expanded')).toBe('true');
    expect(await database.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Amazon DynamoDB' }).isVisible()).toBe(false);
    // Open one category, close the active page's own.
    await database.click();
    await compute.click();
    expect(await compute.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Amazon EC2', exact: true }).isVisible()).toBe(false);
    await sidebar.getByRole('link', { name: 'Amazon DynamoDB' }).click();
    await page.waitForURL('**/database/dynamodb');
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Amazon DynamoDB');
    // Nothing auto-collapsed, nothing reopened behind the visitor's back.
    expect(await compute.getAttribute('aria-expanded')).toBe('false');
    expect(await database.getAttribute('aria-expanded')).toBe('true');
    await storage.click();
    await sidebar.getByRole('link', { name: 'Amazon S3 Storage Lens' }).click();
    await page.waitForURL('**/storage/aws-s3-storage-lens');
    expect(await database.getAttribute('aria-expanded')).toBe('true');
    expect(await storage.getAttribute('aria-expanded')).toBe('true');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('keeps its scroll position across navigation', async () => {
    const { page, problems } = await h.newPage({ width: 1280, height: 600, colorScheme });
    await open(page, h.origin, 'docs/machine-learning/comprehend');
    const nav = page.locator('.theme-doc-sidebar-container nav');
    await nav.evaluate((el) => el.scrollTo(0, 400));
    const before = await nav.evaluate((el) => el.scrollTop);
    expect(before).toBeGreaterThan(100);
    const target = page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Amazon Polly' });
    await target.click();
    await page.waitForURL('**/machine-learning/polly');
    expect(await page.locator('.theme-doc-sidebar-container [aria-current="page"]').textContent()).toBe('Amazon Polly');
    expect(await nav.evaluate((el) => el.scrollTop)).toBe(before);
    expect(problems).toEqual([]);
  });
});

describe.each(SCHEMES)('breadcrumbs, TOC and prev/next (%s mode)', (colorScheme) => {
  it('shows breadcrumbs and prev/next links that navigate in place', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    const crumbs = page.locator('.theme-doc-breadcrumbs');
    expect(await crumbs.getAttribute('aria-label')).toBe('Trilha de navegação');
    expect(await crumbs.getByRole('link', { name: 'Página inicial' }).getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/');
    expect(await crumbs.getByRole('link', { name: 'Computação' }).getAttribute('href')).toBe('/aws-cheatsheet/pt-BR/docs#compute');
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Amazon EC2');
    const prev = page.locator('.pagination-nav__link--prev');
    const next = page.locator('.pagination-nav__link--next');
    expect(await prev.innerText()).toBe('Anterior\nAWS Batch');
    expect(await next.innerText()).toBe('Próxima\nAmazon EC2 Auto Scaling');
    await prev.click();
    await page.waitForURL('**/compute/batch');
    expect(await page.locator('h1').textContent()).toBe('AWS Batch');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('lists the h2 and h3 headings and highlights the one in view', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/test');
    const toc = page.locator('.theme-doc-toc-desktop');
    const tocIds = (await toc.locator('a').evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1))))).sort();
    const headingIds = (await page.locator('.theme-doc-markdown').locator('h2[id], h3[id]').evaluateAll((hs) => hs.filter((h) => !h.closest('.footnotes')).map((h) => h.id))).sort();
    expect(tocIds).toEqual(headingIds);
    expect(await page.locator('.theme-doc-markdown h4').count()).toBeGreaterThan(0);
    expect(await toc.locator('ul ul a').count()).toBeGreaterThan(0);
    const active = () => toc.locator('.table-of-contents__link--active').textContent();
    expect(await active()).toBe('Títulos');
    await page.locator('#tabela-com-alinhamento').evaluate((el) => el.scrollIntoView());
    await expect.poll(active).toBe('Tabela com alinhamento');
    await page.locator('#avisos').evaluate((el) => el.scrollIntoView());
    await expect.poll(active).toBe('Avisos');
    expect(await toc.locator('.table-of-contents__link--active').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('collapses "On this page" on mobile and jumps to the picked heading', async () => {
    const { page, problems } = await h.newPage({ ...MOBILE, colorScheme });
    await open(page, h.origin, 'docs/compute/ec2');
    expect(await page.locator('.theme-doc-toc-desktop').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'On this page' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const list = page.locator('.theme-doc-toc-mobile .toc-collapsible__content');
    expect(await list.isVisible()).toBe(false);
    await toggle.click();
    expect(await list.isVisible()).toBe(true);
    const link = list.locator('a').nth(4);
    const id = decodeURIComponent((await link.getAttribute('href'))!.slice(1));
    await link.click();
    expect(await list.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id)).toBeLessThan(120);
    expect(problems).toEqual([]);
  });
});

describe('code blocks', () => {
  it('copies the code and says "Copied"', async () => {
    const { page, context, problems } = await h.newPage(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.origin });
    await open(page, h.origin, 'docs/test');
    const block = page.locator('.theme-code-block').first();
    const button = block.locator('button[data-copy]');
    await block.hover();
    expect(await button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await button.getAttribute('aria-label')).toBe('Copied');
    const code = await block.locator('pre').evaluate((pre) => pre.textContent);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(code).toContain('aws sts get-caller-identity');
    expect(problems).toEqual([]);
  });

  it('switches the highlighting colours with the theme', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await open(page, h.origin, 'docs/test');
    const pre = page.locator('.theme-code-block pre').first();
    const dark = await pre.evaluate((el) => [getComputedStyle(el).backgroundColor, el.style.getPropertyValue('--shiki-dark-bg')]);
    expect(dark[0]).toBe('rgb(13, 17, 23)');
    expect(dark[1]).toBe('#0d1117');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pre.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(problems).toEqual([]);
  });
});
