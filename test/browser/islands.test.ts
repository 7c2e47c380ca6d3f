// MDX pages whose own components run in the browser (islands): a stateful component imported from the site's
// src/ responds to clicks on the first load and after client-side navigation to its page, <BrowserOnly> shows
// its children once hydrated, nothing is logged; a page without components loads no island script. CSS that
// only the browser's code imports (a package's stylesheet, a CSS module) styles the page that needs it. A
// component inside a partial the page imports is hydrated like one of the page's own.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';
import { islandSiteFiles, pictureSiteFiles } from '../helpers/island-site.ts';

let h: Harness;

beforeAll(async () => {
  const root = makeSite({ ...minimalContent, ...islandSiteFiles, ...pictureSiteFiles, 'content/en/compute/plain.mdx': mdPage('Plain MDX', 'A page in MDX with no component: {1 + 1}.'),
    // A `.md` page that uses MDX syntax is MDX, as in Docusaurus 3: in the browser's compile too.
    'content/en/compute/gauge.md': mdPage('Gauge', ["import Counter from '@site/src/components/Counter';", '', '## Reading', '', '<Counter start={40} />'].join('\n')),
  });
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
});

/** Island scripts the page requested. */
function islandRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/islands/')) seen.push(r.url());
  });
  return seen;
}

async function clickCounter(page: Page) {
  const button = page.getByRole('button', { name: /Clicked \d+ times/ });
  await expect.poll(() => button.textContent()).toBe('Clicked 2 times');
  // Hydration has happened once BrowserOnly's child is there (both come from the same island script).
  await page.locator('.drawn-in-browser').waitFor();
  await button.click();
  await expect.poll(() => button.textContent()).toBe('Clicked 3 times');
  await button.click();
  await expect.poll(() => button.textContent()).toBe('Clicked 4 times');
}

describe('MDX islands in the browser', () => {
  it('a site component responds to clicks on the first load; BrowserOnly shows its children, not its fallback', async () => {
    const { page, problems } = await h.newPage();
    const requests = islandRequests(page);
    await open(page, h.origin, 'docs/compute/widgets');
    await clickCounter(page);
    expect(await page.locator('.drawn-in-browser').textContent()).toBe('Drawn in the browser at /aws-cheatsheet/docs/compute/widgets');
    expect(await page.getByText('Loading the map').count()).toBe(0);
    // The CSS module's class is the same in the server's HTML and the browser's render.
    expect(await page.locator('button').filter({ hasText: 'Clicked' }).getAttribute('class')).toMatch(/counter/);
    expect(requests.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('works again after client-side navigation from a page without components, which loads no island script', async () => {
    const { page, problems } = await h.newPage();
    const requests = islandRequests(page);
    await open(page, h.origin, 'docs/compute/plain');
    expect(await page.locator('[data-doc-content]').textContent()).toContain('no component: 2.');
    expect(requests).toEqual([]);
    await markDocument(page);
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/widgets')).click();
    await page.waitForURL(/compute\/widgets$/);
    await clickCounter(page);
    expect(await isSameDocument(page)).toBe(true);
    // Away and back: the old roots go, the new page's islands are hydrated afresh.
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/ec2')).click();
    await page.waitForURL(/compute\/ec2$/);
    await page.goBack();
    await page.waitForURL(/compute\/widgets$/);
    await clickCounter(page);
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the server HTML has the fallback, the counter at its start and no island script on plain pages', async () => {
    const { page, problems } = await h.newPage();
    await page.route('**/assets/islands/**', (route) => route.abort());
    await page.goto(`${h.origin}/aws-cheatsheet/docs/compute/widgets`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByText('Loading the map').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Clicked 2 times' }).count()).toBe(1);
    const plain = await (await fetch(`${h.origin}/aws-cheatsheet/docs/compute/ec2`)).text();
    expect(plain).not.toContain('/assets/islands/');
    const widgets = await (await fetch(`${h.origin}/aws-cheatsheet/docs/compute/widgets`)).text();
    expect(widgets).toMatch(/<link rel="modulepreload" href="\/aws-cheatsheet\/assets\/islands\/en-content-en-compute-widgets\.[\w-]+\.js"/);
    expect(problems.filter((p) => !p.includes('ERR_FAILED'))).toEqual([]);
  });

  it('CSS imported only by browser code (a package stylesheet, a CSS module) styles its page, after navigation too, and no other page', async () => {
    const { page, problems } = await h.newPage();
    const atlasStyle = async () => {
      const pane = page.locator('.tilemap-pane');
      await pane.waitFor();
      expect(await pane.textContent()).toBe('Atlas of us-east-1');
      await expect.poll(() => pane.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('7px');
      return pane.evaluate((el) => ({ top: getComputedStyle(el).borderTopColor, left: getComputedStyle(el).borderLeftWidth, leftStyle: getComputedStyle(el).borderLeftStyle, className: el.className }));
    };
    await open(page, h.origin, 'docs/compute/atlas');
    const first = await atlasStyle();
    expect(first).toMatchObject({ top: 'rgb(10, 120, 40)', left: '5px', leftStyle: 'dashed' });
    // The class the browser's code uses is the one the stylesheet defines (the server's name for it).
    expect(first.className).toMatch(/^tilemap-pane Atlas_[0-9a-f]{6}_atlas$/);

    // Client-side navigation away drops the page's stylesheet; coming back brings it again.
    await markDocument(page);
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/plain')).click();
    await page.waitForURL(/compute\/plain$/);
    await expect.poll(() => page.locator('link[data-island-styles]').count()).toBe(0);
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/atlas')).click();
    await page.waitForURL(/compute\/atlas$/);
    expect(await atlasStyle()).toMatchObject({ top: 'rgb(10, 120, 40)', left: '5px' });
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);

    const atlas = await (await fetch(`${h.origin}/aws-cheatsheet/docs/compute/atlas`)).text();
    const href = /<link rel="stylesheet" href="(\/aws-cheatsheet\/assets\/islands\/en-content-en-compute-atlas\.[0-9a-f]{10}\.css)" data-island-styles>/.exec(atlas)?.[1];
    expect(href).toBeDefined();
    // A page whose components the server renders carries their CSS in its HTML: no second copy in a stylesheet.
    const widgets = await (await fetch(`${h.origin}/aws-cheatsheet/docs/compute/widgets`)).text();
    expect(widgets).not.toContain('data-island-styles');
    expect(widgets).toMatch(/<style>[^<]*_counter/);
  });

  it('a component inside a partial the page shows responds to clicks, beside one of the page itself', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/tally');
    // Hydrated once the page's own counter responds (both come from the same island script).
    const own = page.getByRole('button', { name: /Clicked 2\d times/ });
    const partial = page.getByRole('button', { name: /Clicked [5-9] times/ });
    await expect.poll(async () => {
      await own.click();
      return own.textContent();
    }).not.toBe('Clicked 20 times');
    await partial.click();
    await expect.poll(() => partial.textContent()).toBe('Clicked 6 times');
    await partial.click();
    await expect.poll(() => partial.textContent()).toBe('Clicked 7 times');
    // The partial's static parts stay as the server made them.
    expect(await page.locator('[data-doc-content]').textContent()).toContain('Every visitor counts');
    expect(await page.locator('[data-doc-content] pre').first().textContent()).toContain('echo "tallied"');
    expect(problems).toEqual([]);
  });

  it('a .md page written in MDX hydrates its component like an .mdx page', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/gauge');
    const button = page.getByRole('button', { name: /Clicked \d+ times/ });
    await expect.poll(async () => {
      await button.click();
      return button.textContent();
    }).not.toBe('Clicked 40 times');
    expect(problems).toEqual([]);
  });

  it('images required or imported inside an island have the same hashed URL in the browser as on the server', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/pictures');
    const serverChart = await page.locator('img.server-chart').getAttribute('src');
    const serverLogo = await page.locator('img.own-logo').getAttribute('src');
    expect(serverChart).toMatch(/^\/aws-cheatsheet\/assets\/images\/chart-[0-9a-f]{8}\.png$/);
    expect(serverLogo).toMatch(/^\/aws-cheatsheet\/assets\/images\/logo-[0-9a-f]{8}\.png$/);
    // A click before hydration does nothing: repeat until the browser's render shows the images.
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Reveal' }).click();
      return page.locator('img.shown-chart').count();
    }).toBe(1);
    expect(await page.locator('img.shown-chart').getAttribute('src')).toBe(serverChart);
    expect(await page.locator('img.shown-logo').getAttribute('src')).toBe(serverLogo);
    // The copies are served: the browser decoded both images.
    const widths = () => page.evaluate(() => [...document.querySelectorAll('img.shown-chart, img.shown-logo')].map((i) => (i as HTMLImageElement).naturalWidth));
    await expect.poll(widths).toEqual([1, 1]);
    expect(problems).toEqual([]);
  });
});
