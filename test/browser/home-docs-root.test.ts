// Issue 4, item 8: the home page (hero with title and tagline, what the cheat sheet is, buttons to start
// and to contribute, the free e-book box) and the docs root (every category with its services, each a
// link), fully translated in each locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { DESKTOP, MOBILE, open, payloadOf } from '../helpers/visitor.ts';

const LOCALES = [
  ['pt-BR', 'pt-BR/'],
  ['en', ''],
  ['es', 'es/'],
] as const;
const strings = Object.fromEntries(LOCALES.map(([code]) => [code, JSON.parse(readFileSync(join(process.cwd(), 'i18n', `${code}.json`), 'utf8')) as Record<string, string>]));

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Interface strings of the other locales that this locale says differently, found in the page's text. */
async function foreignStrings(page: Page, locale: string): Promise<string[]> {
  const own = new Set(Object.values(strings[locale]!));
  const text = await page.locator('#__cheatsheet').innerText();
  const foreign = LOCALES.filter(([c]) => c !== locale).flatMap(([c]) => Object.values(strings[c]!));
  return foreign.filter((s) => !own.has(s) && s.length > 8 && !s.includes('{') && text.includes(s));
}

describe.each(LOCALES)('home page and docs root in %s', (locale, prefix) => {
  const t = strings[locale]!;

  it.each([
    ['desktop, light', DESKTOP, 'light'],
    ['mobile, dark', MOBILE, 'dark'],
  ] as const)('home page (%s)', async (_n, viewport, colorScheme) => {
    const { page, problems } = await h.newPage({ ...viewport, colorScheme });
    await open(page, h.origin, prefix);
    const { site } = await payloadOf(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    const hero = page.locator('.hero');
    expect(await hero.locator('h1').textContent()).toBe('AWS Cheat Sheet');
    expect(await hero.locator('.hero__subtitle').textContent()).toBe(site.tagline);
    const start = hero.getByRole('link', { name: t['home.hero.start'] });
    expect(await start.getAttribute('href')).toBe(`/aws-cheatsheet/${prefix}docs/getting-started`);
    const contribute = hero.getByRole('link', { name: t['home.hero.contribute'] });
    expect(await contribute.getAttribute('href')).toBe(`/aws-cheatsheet/${prefix}docs/getting-started/contributing`);
    for (const key of ['home.about.title', 'home.about.body', 'home.features.search.title', 'home.features.exam.body', 'home.features.languages.title', 'home.categories.title']) {
      expect(await page.locator('.home').getByText(t[key]!, { exact: true }).count(), key).toBe(1);
    }
    const ebook = page.locator('.home__ebook');
    expect(await ebook.getByRole('heading').textContent()).toBe(t['home.ebook.title']);
    expect(await ebook.textContent()).toContain(t['home.ebook.body']);
    const pdf = ebook.getByRole('link', { name: t['home.ebook.cta'] });
    expect(await pdf.getAttribute('href')).toMatch(/\.pdf$/);
    expect(await pdf.getAttribute('target')).toBe('_blank');
    // One card per category of the sidebar, in this language, leading to the category's own page or to
    // its section of the docs root.
    const categories = (site.sidebar as { type: string; key: string; label: string; href?: string; docsRootAnchor?: string }[]).filter((i) => i.type === 'category');
    expect(categories.length).toBeGreaterThanOrEqual(19);
    const cards = page.locator('.home__category');
    expect(await cards.count()).toBe(categories.length);
    const anchors: string[] = [];
    for (const [i, cat] of categories.entries()) {
      expect(await cards.nth(i).locator('strong').textContent()).toBe(cat.label);
      const href = (await cards.nth(i).getAttribute('href'))!;
      if (href.includes('#')) {
        expect(href).toMatch(new RegExp(`^/aws-cheatsheet/${prefix}docs#`));
        anchors.push(href.split('#')[1]!);
      } else expect(href).toBe(cat.href);
    }
    expect(anchors.length).toBeGreaterThan(15);
    expect(await foreignStrings(page, locale)).toEqual([]);
    const last = cards.nth(categories.length - 1);
    const target = (await last.getAttribute('href'))!;
    await last.click();
    await page.waitForURL(`**${target}`);
    expect(await page.locator('section.docs-root__category').evaluateAll((s) => s.map((e) => e.id))).toEqual(expect.arrayContaining(anchors));
    expect(await page.locator(`section#${target.split('#')[1]} h2`).textContent()).toBe(categories[categories.length - 1]!.label);
    expect(problems).toEqual([]);
  });

  it('docs root lists every category with its services as links to pages of this locale', async () => {
    const { page, problems } = await h.newPage(DESKTOP);
    await open(page, h.origin, `${prefix}docs`);
    expect(await page.locator('h1').textContent()).toBe(t['theme.docs.docsRoot.title']);
    const { site, route } = await payloadOf(page);
    const manifest = (await page.evaluate((url) => fetch(url).then((r) => r.json()), site.routesManifestUrl as string)) as Record<string, string>;
    const categories = route.docsRoot as { key: string; label: string; items: { label: string; href: string }[] }[];
    expect(categories.length).toBe(20);
    let services = 0;
    for (const cat of categories) {
      const section = page.locator(`section#${cat.key}`);
      expect(await section.locator('h2').textContent()).toBe(cat.label);
      const count = cat.items.length === 1 ? t['theme.docs.docsRoot.pages.one']! : t['theme.docs.docsRoot.pages']!;
      expect(await section.locator('.docs-root__count').textContent()).toBe(count.replace('{count}', String(cat.items.length)));
      const links = await section.locator('li a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual(cat.items.map((i) => [i.label, i.href]));
      for (const [, href] of links) expect(manifest[href!], href!).toBeDefined();
      services += links.length;
    }
    expect(services).toBeGreaterThanOrEqual(145);
    expect(await foreignStrings(page, locale)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
