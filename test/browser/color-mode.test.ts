// Issue 4, item 2: colour mode — light by default, following prefers-color-scheme (live) when nothing is
// stored, the switch cycling light → dark → system (or toggling when the system preference is not
// respected), the choice kept under `theme`, and the stored mode applied before first paint.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDir, startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, VIEWPORTS, layoutShift, layoutShiftSources, settled, open, trackLayoutShift } from '../helpers/visitor.ts';
import { buildVisitorSite } from '../helpers/visitor-site.ts';

let h: Harness;
let noSystem: Awaited<ReturnType<typeof serveDir>>;

beforeAll(async () => {
  h = await startHarness();
  noSystem = await serveDir(await buildVisitorSite({ colorMode: { defaultMode: 'light', respectPrefersColorScheme: false } }));
});

afterAll(async () => {
  await h?.close();
  await new Promise((ok) => noSystem?.server.close(ok));
});

const theme = (page: Page) => page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.themeChoice, localStorage.getItem('theme')]);
const switchOf = (page: Page) => page.locator('.navbar__items--right .color-mode-toggle');

/** Records, before any page script runs, the theme <html> carries when <body> is first parsed. */
async function recordThemeAtFirstBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __themeAtBody?: string | null };
    new MutationObserver((_, observer) => {
      if (document.body && w.__themeAtBody === undefined) {
        w.__themeAtBody = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe.each(VIEWPORTS)('colour mode (%s)', (_name, viewport) => {
  it('is light by default and follows the system preference live while nothing is stored', async () => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme: 'light' });
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    expect(await theme(page)).toEqual(['light', 'system', null]);
    expect(await switchOf(page).getAttribute('aria-label')).toBe('Alternar entre o modo escuro e claro (atual: modo do sistema)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toEqual(['dark', 'system', null]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(27, 27, 29)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toEqual(['light', 'system', null]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(problems).toEqual([]);
  });

  it('starts dark for a visitor whose system is dark', async () => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme: 'dark' });
    await recordThemeAtFirstBody(page);
    await open(page, h.origin, 'docs/compute/ec2');
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe('dark');
    expect(await theme(page)).toEqual(['dark', 'system', null]);
    expect(problems).toEqual([]);
  });

  it('cycles light → dark → system, stores the choice under `theme`, and keeps it across pages', async () => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme: 'dark' });
    await open(page, h.origin, 'docs/compute/ec2');
    const toggle = switchOf(page);
    await toggle.click();
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    expect(await toggle.getAttribute('aria-label')).toBe('Switch between dark and light mode (currently light mode)');
    await toggle.click();
    expect(await theme(page)).toEqual(['dark', 'dark', 'dark']);
    expect(await toggle.getAttribute('aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
    await toggle.click();
    expect(await theme(page)).toEqual(['dark', 'system', null]);
    // A stored choice wins over the system preference, on this page and after a full load of another.
    await toggle.click();
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    await recordThemeAtFirstBody(page);
    await open(page, h.origin, 'docs/storage/s3');
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe('light');
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    expect(problems).toEqual([]);
  });

  it('applies a stored dark choice before first paint, with no layout shift', async () => {
    const { page, context, problems } = await h.newPage({ ...viewport, colorScheme: 'light' });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await trackLayoutShift(context);
    await recordThemeAtFirstBody(page);
    await open(page, h.origin, 'es/docs/database/dynamodb');
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe('dark');
    expect(await theme(page)).toEqual(['dark', 'dark', 'dark']);
    expect(await switchOf(page).getAttribute('aria-label')).toBe('Cambiar entre modo oscuro y claro (actual: modo oscuro)');
    expect(await switchOf(page).getAttribute('data-choice')).toBe('dark');
    await settled(page);
    expect(await layoutShift(page), (await layoutShiftSources(page)).join('\n')).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('colour mode details', () => {
  it('ignores a corrupt stored value', async () => {
    const { page, context, problems } = await h.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('theme', '{"not":"a mode"}'));
    await open(page, h.origin, 'docs/compute/ec2');
    expect((await theme(page)).slice(0, 2)).toEqual(['dark', 'system']);
    expect(problems).toEqual([]);
  });

  it('keeps the switches of the navbar and of the mobile menu in step', async () => {
    const { page, problems } = await h.newPage({ width: 390, height: 800, colorScheme: 'light' });
    await open(page, h.origin, '');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar .color-mode-toggle').click();
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    expect(await switchOf(page).getAttribute('data-choice')).toBe('light');
    expect(problems).toEqual([]);
  });

  it('toggles between dark and light only when the system preference is not respected', async () => {
    const { page, problems } = await h.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await open(page, noSystem.origin, 'docs/start');
    // Default light, whatever the system says.
    expect(await theme(page)).toEqual(['light', 'system', null]);
    const toggle = switchOf(page);
    expect(await toggle.getAttribute('data-choice')).toBe('light');
    await toggle.click();
    expect(await theme(page)).toEqual(['dark', 'dark', 'dark']);
    await toggle.click();
    expect(await theme(page)).toEqual(['light', 'light', 'light']);
    await toggle.click();
    expect(await theme(page)).toEqual(['dark', 'dark', 'dark']);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await theme(page)).toEqual(['dark', 'dark', 'dark']);
    expect(problems).toEqual([]);
  });
});
