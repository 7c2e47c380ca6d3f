// Issue 4, item 9: accessibility — axe-core finds no serious or critical violation on the home page, a
// docs page, the docs root and the not-found page, in both colour modes and at both widths; everything
// works by keyboard with a visible focus; landmarks and labels are right.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, SCHEMES, VIEWPORTS, open } from '../helpers/visitor.ts';

const AXE = join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`).join('; ')}`);
}

const PAGES = [
  ['home page', 'pt-BR/'],
  ['docs page', 'pt-BR/docs/compute/ec2'],
  ['docs page with code', 'docs/serverless/lambda'],
  ['docs root', 'es/docs'],
  ['kitchen-sink page (every Markdown feature)', 'pt-BR/docs/test'],
  ['not-found page', 'pt-BR/this/page/does/not/exist'],
] as const;

describe.each(SCHEMES)('axe-core (%s mode)', (colorScheme) => {
  it.each(VIEWPORTS)('finds no serious or critical violation (%s)', async (_n, viewport) => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme });
    for (const [, path] of PAGES) {
      await page.goto(h.origin + BASE + path);
      await page.waitForSelector('html[data-hydrated]');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The open mobile menu and an open dropdown are part of the page too.
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    if (viewport === MOBILE) await page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' }).click();
    else await page.getByRole('button', { name: 'Idioma: Português (Brasil)' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    // The browser reports the not-found page's own 404 status; nothing else may appear.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });
});

describe('keyboard and landmarks', () => {
  it('starts with a skip link to the main content, and every focused control shows a focus ring', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLAnchorElement;
      const r = el.getBoundingClientRect();
      return { text: el.textContent, href: el.getAttribute('href'), inView: r.top >= 0 && r.bottom <= innerHeight && r.width > 0 };
    });
    expect(skip).toEqual({ text: 'Pular para o conteúdo principal', href: '#__main', inView: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__main');
    // Walk the first controls of the page (announcement, navbar, sidebar, content): each shows a ring.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Tab');
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        return { what: `${el.tagName} ${el.className} ${el.textContent?.slice(0, 30)}`, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2, visible: el.getBoundingClientRect().width > 0 };
      });
      expect(focus.ring, focus.what).toBe(true);
      expect(focus.visible, focus.what).toBe(true);
      seen.add(focus.what.split(' ')[0]!);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['A', 'BUTTON']));
    expect(problems).toEqual([]);
  });

  it('has one main, a labelled navbar, footer and docs navigation, and controls that say what they do', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, 'pt-BR/docs/compute/ec2');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getAttribute('aria-label')).toBe('Rodapé');
    const navs = await page.getByRole('navigation').evaluateAll((ns) => ns.map((n) => n.getAttribute('aria-label')));
    expect(navs).toEqual(expect.arrayContaining(['Principal', 'Barra lateral da documentação', 'Trilha de navegação', 'Nesta página', 'Páginas da documentação']));
    expect(navs.every(Boolean)).toBe(true);
    // The colour switch names the current mode; the locale menu the current language.
    expect(await page.locator('.navbar .color-mode-toggle').getAttribute('aria-label')).toBe('Alternar entre o modo escuro e claro (atual: modo do sistema)');
    const locale = page.getByRole('button', { name: 'Idioma: Português (Brasil)' });
    expect(await locale.getAttribute('aria-expanded')).toBe('false');
    expect(await locale.getAttribute('aria-haspopup')).toBe('true');
    // Collapsible categories say whether they are open.
    const categories = page.locator('.theme-doc-sidebar-container [aria-expanded]');
    expect(await categories.count()).toBeGreaterThanOrEqual(19);
    expect(await page.locator('.theme-doc-sidebar-container [aria-current="page"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('names the mobile menu controls', async () => {
    const { page, problems } = await h.newPage(MOBILE);
    await open(page, h.origin, 'docs/compute/ec2');
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Main' });
    expect(await dialog.getByRole('button', { name: 'Close navigation bar' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: '← Back to main menu' }).isVisible()).toBe(true);
    // Keyboard only: back to the main menu, open the locale menu, pick a language.
    await dialog.getByRole('button', { name: '← Back to main menu' }).press('Enter');
    const locale = dialog.getByRole('button', { name: 'Language: English' });
    await locale.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Português (Brasil)');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/aws-cheatsheet/pt-BR/docs/compute/ec2');
    expect(problems).toEqual([]);
  });
});
