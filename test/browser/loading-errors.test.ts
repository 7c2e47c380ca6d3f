// Issue 4, item 7: loading and error states — the spinner of a lazy chunk (after 200 ms, 1.5 s and 3 s
// animation cycles), the red 50 %-wide box with the error text and a Retry that retries, the "This page
// crashed" boundary with causes and "Try again", the not-found page, and a navbar item that throws.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptJson } from '../../renderer/render/document.ts';
import { loadTemplates } from '../../renderer/render/templates.ts';
import { payloadOf } from '../helpers/payload.ts';
import { BASE, serveDir, startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, SCHEMES, addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';
import { buildVisitorSite } from '../helpers/visitor-site.ts';

let h: Harness;
let fixture: string;
let real: Awaited<ReturnType<typeof serveDir>>;
/** URL path of the fixture home page's own module chunk. */
let homeChunk: string;

const preloads = (html: string) => new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));

beforeAll(async () => {
  fixture = await buildVisitorSite();
  h = await startHarness(fixture);
  real = await serveDir((await import('vitest')).inject('siteBuild'));
  const docs = preloads(readFileSync(join(fixture, 'docs', 'start.html'), 'utf8'));
  const home = [...preloads(readFileSync(join(fixture, 'index.html'), 'utf8'))].filter((u) => !docs.has(u));
  expect(home).toHaveLength(1);
  homeChunk = home[0]!;
});

afterAll(async () => {
  await h?.close();
  await new Promise((ok) => real?.server.close(ok));
});

/** Console noise the browser itself prints for a request a test made fail on purpose. */
const withoutFailedRequests = (problems: string[]) => problems.filter((p) => !p.includes('Failed to load resource'));
const goHome = (page: Page) => page.locator('.navbar__brand').first().click();
/** Any request for the home page's chunk, whatever its query (a retry asks for the same file afresh). */
const isHomeChunk = (url: URL) => url.pathname === homeChunk;

describe.each(SCHEMES)('loading a lazy chunk (%s mode)', (colorScheme) => {
  it('shows nothing for 200 ms, then a spinner turning on 1.5 s and 3 s cycles, then the page', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    await page.route(`**${homeChunk}`, async (route) => {
      await released;
      await route.continue();
    });
    await open(page, h.origin, 'docs/start');
    await markDocument(page);
    // Timed in the page, from the click to the first time a loading element is in the document: a busy
    // test machine can take longer than 200 ms to look, so a count taken from here would prove nothing.
    await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; loadingAt?: number };
      document.addEventListener('click', () => (w.clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (w.loadingAt === undefined && document.querySelector('.loading')) w.loadingAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await goHome(page);
    await page.waitForURL(`${h.origin}${BASE}`);
    const spinner = page.locator('.loading[role="status"]');
    await spinner.waitFor();
    const [clickAt, loadingAt] = await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; loadingAt?: number };
      return [w.clickAt, w.loadingAt];
    });
    expect(clickAt).toBeTypeOf('number');
    expect(loadingAt! - clickAt!).toBeGreaterThanOrEqual(195);
    expect(await spinner.textContent()).toBe('Loading…');
    const durations = await spinner.evaluate((el) => [getComputedStyle(el.querySelector('.loading__spinner')!).animationDuration, getComputedStyle(el.querySelector('.loading__arc')!).animationDuration]);
    expect(durations).toEqual(['1.5s', '3s']);
    release();
    await page.getByRole('heading', { name: 'Fixture home' }).waitFor();
    expect(await spinner.count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('shows a red box half the width with the error and a Retry that loads again', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    // The chunk's requests fail until the visitor sees the error, then the network is back.
    let fail = true;
    let requests = 0;
    const failed = new Set<string>();
    let succeeded = '';
    await page.route(isHomeChunk, (route) => {
      requests++;
      if (fail) failed.add(route.request().url());
      else succeeded = route.request().url();
      return fail ? route.abort() : route.continue();
    });
    await open(page, h.origin, 'pt-BR/docs/start');
    await markDocument(page);
    await goHome(page);
    const box = page.locator('.loading--failed');
    await box.waitFor();
    expect(await box.getAttribute('role')).toBe('alert');
    expect(await box.textContent()).toContain('Não foi possível carregar esta página:');
    expect(await box.textContent()).toContain(homeChunk.split('/').pop());
    const [width, parentWidth, background, border] = await box.evaluate((el) => {
      const s = getComputedStyle(el);
      const p = el.parentElement!;
      const ps = getComputedStyle(p);
      return [el.getBoundingClientRect().width, p.clientWidth - parseFloat(ps.paddingLeft) - parseFloat(ps.paddingRight), s.backgroundColor, s.borderTopColor];
    });
    expect(Math.abs(width - parentWidth / 2)).toBeLessThan(1);
    // Red: the red channel dominates both the fill and the border.
    for (const colour of [background, border]) {
      const [r, g, b] = colour.match(/\d+/g)!.map(Number);
      expect(r).toBeGreaterThan(g! + 20);
      expect(r).toBeGreaterThan(b! + 20);
    }
    fail = false;
    const before = requests;
    await box.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByRole('heading', { name: 'Fixture home' }).waitFor();
    expect(await box.count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    // Retry went to the network again, for a URL no failed import used: browsers that keep a failed
    // import in their module map (Chromium 150) would otherwise reject it without asking.
    expect(requests).toBeGreaterThan(before);
    expect(failed.has(succeeded)).toBe(false);
    expect(withoutFailedRequests(problems)).toEqual([]);
  });

  it('keeps the red box, with the error, when the chunk fails again on Retry', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme });
    let requests = 0;
    await page.route(isHomeChunk, (route) => {
      requests++;
      return route.abort();
    });
    await open(page, h.origin, 'docs/start');
    await goHome(page);
    const box = page.locator('.loading--failed');
    await box.waitFor();
    const before = requests;
    await box.getByRole('button', { name: 'Retry' }).click();
    // The retry is a real request that fails too; the box comes back with the error and its button.
    await expect.poll(() => requests).toBeGreaterThan(before);
    await box.waitFor();
    expect(await box.textContent()).toContain(homeChunk.split('/').pop());
    expect(await box.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Fixture home' }).count()).toBe(0);
    expect(withoutFailedRequests(problems)).toEqual([]);
  });
});

describe.each(SCHEMES)('a page that crashes (%s mode)', (colorScheme) => {
  it('shows "This page crashed" with the causes; "Try again" renders the page again', async () => {
    for (const [viewport, locale, texts] of [
      [DESKTOP, '', { heading: 'This page crashed', title: 'This page crashed.', cause: 'Cause', again: 'Try again' }],
      [MOBILE, 'pt-BR/', { heading: 'Esta página travou', title: 'Esta página travou.', cause: 'Causa', again: 'Tentar novamente' }],
    ] as const) {
      const { page, problems } = await h.newPage({ ...viewport, colorScheme });
      await open(page, h.origin, locale);
      const before = await page.title();
      await page.getByRole('button', { name: 'Crash this page' }).click();
      await page.getByRole('heading', { name: texts.heading }).waitFor();
      expect(await page.title()).toBe(texts.title);
      const alert = page.locator('.error-page');
      expect(await alert.locator('.error-page__message').textContent()).toBe('The widget failed to render');
      expect(await alert.locator('.error-page__cause').textContent()).toBe(`${texts.cause}: widget.json is missing`);
      // The layout around the page still works.
      expect(await page.locator('nav.navbar').isVisible()).toBe(true);
      expect(await page.locator('footer').isVisible()).toBe(true);
      await alert.getByRole('button', { name: texts.again }).click();
      await page.getByRole('heading', { name: 'Fixture home' }).waitFor();
      expect(await page.title()).toBe(before);
      // The crash itself is reported once on the console, nothing else.
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('The widget failed to render');
    }
  });
});

describe('not-found page', () => {
  it.each([
    ['', 'Page Not Found', 'broken'],
    ['pt-BR/', 'Página não encontrada', 'quebrado'],
    ['es/', 'Página no encontrada', 'roto'],
  ])('answers an unknown path in /%s with the theme text, and a client link to one loads it', async (prefix, title, broken) => {
    const { page, problems } = await h.newPage(DESKTOP);
    const response = await page.goto(`${real.origin}${BASE}${prefix}no/such/page`);
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.not-found').textContent()).toContain(broken);
    // From a real page, a link to a missing one ends on the same not-found page.
    await open(page, real.origin, `${prefix}docs/compute/ec2`);
    await markDocument(page);
    await (await addContentLink(page, `${BASE}${prefix}docs/compute/missing`)).click();
    await page.waitForURL(`**${prefix}docs/compute/missing`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await isSameDocument(page)).toBe(false);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(withoutFailedRequests(problems)).toEqual([]);
  });
});

describe('a navbar item that throws', () => {
  it('is reported with its config and the rest of the navbar renders (server and browser)', async () => {
    // The docs root page, rendered again by the real templates with one item whose kind no component
    // knows: what a site would get from an item that throws while rendering.
    const built = readFileSync(join(fixture, 'docs.html'), 'utf8');
    const payloadJson = /<script id="__CHEATSHEET_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(built)![1]!;
    // Inline the site data (as the dev server does) so the modified navbar is what the page hydrates with.
    const payload = payloadOf(built, (path) => readFileSync(join(fixture, path.slice(BASE.length)), 'utf8'));
    const broken = { type: 'bogus', label: 'Broken item', position: 'left' };
    payload.site.navbar.items.splice(1, 0, broken as unknown as (typeof payload.site.navbar.items)[number]);
    const templates = await loadTemplates(join(process.cwd(), 'templates'), dirname(fixture));
    const appHtml = templates.renderApp(payload.site, payload.route);
    expect(appHtml).toContain('Long page');
    const html = built
      .replace(/<div id="__cheatsheet">[\s\S]*<\/div>\n<script id="__CHEATSHEET_DATA__"/, () => `<div id="__cheatsheet">${appHtml}</div>\n<script id="__CHEATSHEET_DATA__"`)
      .replace(payloadJson, () => scriptJson(payload));

    const { page, problems } = await h.newPage(DESKTOP);
    await page.route(`${h.origin}${BASE}docs`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await open(page, h.origin, 'docs');
    const navbar = page.locator('nav.navbar');
    for (const name of ['Docs', 'Long page', 'Amazon EC2']) expect(await navbar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await navbar.getByRole('button', { name: 'More' }).isVisible()).toBe(true);
    expect(await navbar.locator('.locale-dropdown').isVisible()).toBe(true);
    expect(await navbar.textContent()).not.toContain('Broken item');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`Failed to render the navbar item ${JSON.stringify(broken)}`);
    expect(problems[0]).toContain('No NavbarItem component found for type "bogus"');
  });
});
