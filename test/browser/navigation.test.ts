// Issue 4, item 6: client-side navigation — no full page load for internal links (React links and links
// inside the Markdown), preload on hover/touch, prefetch when visible (not on 2g or Save-Data), the
// progress bar after 200 ms, scroll to top or anchor, back/forward scroll restoration, <head> and
// <html lang> following the route, a full page load when a chunk fails, external links in a new tab.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, SCHEMES, addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The URL of each route's chunk, from the locale's manifest the page links to. */
async function manifestOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const payload = JSON.parse(document.getElementById('__CHEATSHEET_DATA__')!.textContent!) as { siteUrl: string };
    const site = (await (await fetch(payload.siteUrl)).json()) as { routesManifestUrl: string };
    return (await fetch(site.routesManifestUrl)).json();
  });
}

const chunkRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/assets/pages/')) seen.push(new URL(r.url()).pathname);
  });
  return seen;
};
const prefetched = (page: Page) => page.locator('link[rel="prefetch"]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));

describe.each(SCHEMES)('client-side navigation (%s mode)', (colorScheme) => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('follows React links and Markdown links without a full page load (%s)', async (_n, viewport) => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/pt-BR/docs/compute/ec2-auto-scaling');
    expect(await page.locator('h1').textContent()).toBe('Amazon EC2 Auto Scaling');
    // A link inside the rendered Markdown.
    const contentLink = page.locator('[data-doc-content] a[href="/aws-cheatsheet/pt-BR/docs/compute/ec2"]').first();
    await contentLink.click();
    await page.waitForURL('**/pt-BR/docs/compute/ec2');
    expect(await page.locator('h1').textContent()).toBe('Amazon EC2');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('loading ahead', () => {
  it('preloads the page of a link on hover and on touch', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, height: 2000 });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    const manifest = await manifestOf(page);
    const next = page.locator('.pagination-nav__link--next');
    const nextChunk = manifest['/aws-cheatsheet/pt-BR/docs/compute/ec2-auto-scaling']!;
    const hovered = page.waitForRequest((r) => r.url().endsWith(nextChunk));
    await next.hover();
    await hovered;
    const prev = page.locator('.pagination-nav__link--prev');
    const prevChunk = manifest['/aws-cheatsheet/pt-BR/docs/compute/batch']!;
    // Loaded as a module (not only prefetched): the import runs on intent.
    const touched = page.waitForResponse((r) => r.url().endsWith(prevChunk) && r.request().resourceType() === 'script');
    await prev.dispatchEvent('touchstart');
    await touched;
    expect(problems).toEqual([]);
  });

  it('prefetches the pages of links once they scroll into view', async () => {
    const { page, problems } = await h.newPage({ width: 1280, height: 700 });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    const manifest = await manifestOf(page);
    const visibleSidebarLink = manifest['/aws-cheatsheet/pt-BR/docs/compute/batch']!;
    await expect.poll(() => prefetched(page)).toContain(visibleSidebarLink);
    const below = manifest['/aws-cheatsheet/pt-BR/docs/networking/vpc']!;
    // A Markdown link far down the page (to a page outside the sidebar): not yet prefetched.
    expect(await prefetched(page)).not.toContain(below);
    await page.locator('[data-doc-content] a[href="/aws-cheatsheet/pt-BR/docs/networking/vpc"]').scrollIntoViewIfNeeded();
    await expect.poll(() => prefetched(page)).toContain(below);
    // Every prefetch is for a page of this locale, and the current page is never fetched again.
    const all = await prefetched(page);
    expect(all.length).toBeGreaterThan(3);
    expect(all).not.toContain(manifest['/aws-cheatsheet/pt-BR/docs/compute/ec2']);
    expect(new Set(all).size).toBe(all.length);
    expect(problems).toEqual([]);
  });

  it.each([
    ['Save-Data', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
    ['slow-2g', { saveData: false, effectiveType: 'slow-2g' }],
  ])('does not prefetch on %s connections', async (_name, connection) => {
    const { page, context, problems } = await h.newPage({ width: 1280, height: 700 });
    await context.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
    const chunks = chunkRequests(page);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Intersections are worked out as a frame renders and reported in a task after it: two frames and a
    // task later, every link the scroll brought into view has been reported to the prefetcher.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    expect(await prefetched(page)).toEqual([]);
    expect(chunks).toEqual([]);
    // Hovering is a clear intent: it still preloads.
    await page.locator('.pagination-nav__link--next').hover();
    await expect.poll(() => chunks.length).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('progress bar', () => {
  it('appears only 200 ms after a route change and completes once the route has updated', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    const manifest = await manifestOf(page);
    const slowChunk = manifest['/aws-cheatsheet/pt-BR/docs/compute/lambda']!;
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    await page.route(`**${slowChunk}`, async (route) => {
      await released;
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { __bars: number };
      w.__bars = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if ((n as Element).classList?.contains('route-progress')) w.__bars++;
      }).observe(document.body, { childList: true });
    });
    // A fast change: no bar at all. The chunk is preloaded first (hover) so the change is fast whatever the
    // machine's load: the bar must then never appear.
    await page.locator('.pagination-nav__link--next').hover();
    await page.waitForLoadState('networkidle');
    await page.locator('.pagination-nav__link--next').click();
    // The address changes in the same layout effect that stops the bar's timer, so once it has changed no
    // bar can still come.
    await page.waitForURL('**/compute/ec2-auto-scaling');
    expect(await page.evaluate(() => (window as unknown as { __bars: number }).__bars)).toBe(0);
    // A slow one (the chunk held back): nothing for the first 200 ms, then the bar; the old page stays.
    const toLambda = await addContentLink(page, '/aws-cheatsheet/pt-BR/docs/compute/lambda');
    const started = Date.now();
    await toLambda.click();
    const barAt = await page.waitForSelector('.route-progress').then(() => Date.now() - started);
    expect(barAt).toBeGreaterThanOrEqual(190);
    expect(await page.locator('h1').textContent()).toBe('Amazon EC2 Auto Scaling');
    release();
    await page.waitForURL('**/compute/lambda');
    await page.waitForSelector('.route-progress--done');
    await page.waitForSelector('.route-progress', { state: 'detached' });
    expect(await page.locator('h1').textContent()).toBe('AWS Lambda');
    expect(problems).toEqual([]);
  });
});

describe('scrolling and history', () => {
  it('scrolls to the top, or to the anchor of the link', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/compute/ec2-auto-scaling');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.locator('.theme-doc-breadcrumbs').getByRole('link', { name: 'Computação' }).click();
    await page.waitForURL('**/pt-BR/docs#compute');
    const top = await page.locator('#compute').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('restores the scroll position on back and forward', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await markDocument(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    // Clicked from script: Playwright's click would first scroll the link into view.
    await page.locator('[data-doc-content] a[href="/aws-cheatsheet/pt-BR/docs/storage/ebs"]').first().evaluate((a: HTMLElement) => a.click());
    await page.waitForURL('**/storage/ebs');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    await page.goBack();
    await page.waitForURL('**/compute/ec2');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Amazon EC2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.goForward();
    await page.waitForURL('**/storage/ebs');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('makes title, meta and alternates follow the route, as the server writes them', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'es/docs/compute/ec2');
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/es/docs/compute/ec2-auto-scaling');
    const head = () =>
      page.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`).sort(),
      }));
    const afterNavigation = await head();
    expect(afterNavigation.lang).toBe('es');
    expect(afterNavigation.title).toBe('Amazon EC2 Auto Scaling | AWS Cheat Sheet');
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    expect(afterNavigation).toEqual(await head());
    expect(problems).toEqual([]);
  });
});

describe('failures and external links', () => {
  it('does a full page load of the target when its chunk cannot be loaded', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    const manifest = await manifestOf(page);
    await page.route(`**${manifest['/aws-cheatsheet/pt-BR/docs/compute/ec2-auto-scaling']!}`, (route) => route.abort());
    await markDocument(page);
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/compute/ec2-auto-scaling');
    await page.waitForSelector('html[data-hydrated]');
    expect(await isSameDocument(page)).toBe(false);
    expect(await page.locator('h1').textContent()).toBe('Amazon EC2 Auto Scaling');
    // The failed module request is the browser's own report; nothing else went wrong.
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('leaves other locales and files to the browser, and opens external links in a new tab', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'docs/compute/ec2');
    const external = await page.locator('a[href^="http"]').evaluateAll((as) => as.map((a) => [a.getAttribute('target'), a.getAttribute('rel')]));
    expect(external.length).toBeGreaterThan(3);
    for (const [target, rel] of external) {
      expect(target).toBe('_blank');
      expect(rel).toBe('noopener noreferrer');
    }
    // A link into another locale's folder from the default (root) locale is a full page load.
    await markDocument(page);
    await (await addContentLink(page, '/aws-cheatsheet/pt-BR/docs/compute/ec2')).click();
    await page.waitForURL('**/pt-BR/docs/compute/ec2');
    await page.waitForSelector('html[data-hydrated]');
    expect(await isSameDocument(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(problems).toEqual([]);
  });
});
