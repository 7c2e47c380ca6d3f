// Small helpers shared by the visitor-feature browser tests (test/browser/*).
import type { BrowserContext, Page } from 'playwright-core';
import { BASE } from './browser.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 800 };
export const SCHEMES = ['light', 'dark'] as const;
export const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

/** Opens a page of the site and waits until React has hydrated it. */
export async function open(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin + BASE + path.replace(/^\//, ''));
  await page.waitForSelector('html[data-hydrated]');
}

/** Sets a marker on window: it survives client-side navigation and disappears on a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** The JSON a page's hydration payload carries. */
export async function payloadOf(page: Page): Promise<{ site: Record<string, unknown>; route: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const payload = JSON.parse(document.getElementById('__CHEATSHEET_DATA__')!.textContent!) as { site?: Record<string, unknown>; siteUrl?: string; route: Record<string, unknown> };
    // Production pages point at their locale's site data instead of inlining it.
    return { site: payload.site ?? ((await (await fetch(payload.siteUrl!)).json()) as Record<string, unknown>), route: payload.route };
  });
}

/** Puts a plain link (as the Markdown would have it) at the top of the page's content; returns its locator. */
export async function addContentLink(page: Page, href: string) {
  const id = `test-link-${Math.random().toString(36).slice(2, 8)}`;
  await page.evaluate(
    ([h, i]) => {
      const a = document.createElement('a');
      a.href = h!;
      a.id = i!;
      a.textContent = h!;
      document.querySelector('[data-doc-content]')!.prepend(a);
    },
    [href, id],
  );
  return page.locator(`#${id}`);
}

/** Sums layout shifts from the first paint on (the CLS of a page load); read it with layoutShift(). */
export async function trackLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shiftSources: string[] };
    w.__shift = 0;
    w.__shiftSources = [];
    new PerformanceObserver((list) => {
      type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources?: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        for (const s of entry.sources ?? []) w.__shiftSources.push(`${Math.round(entry.startTime)} ms ${s.node?.nodeName ?? '?'}.${String((s.node as Element | undefined)?.className ?? '')} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Waits until the page has nothing left that could move it: loaded, fonts ready, hydrated, and two frames
 * painted since (layout-shift entries are reported once the frame that moved something is painted).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForSelector('html[data-hydrated]');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  });
}

export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/** What moved, for the message of a failed layout-shift assertion. */
export const layoutShiftSources = (page: Page) => page.evaluate(() => (window as unknown as { __shiftSources: string[] }).__shiftSources);
