// SVGs taken as modules (SVGR) in a real browser: a site component that imports SVGs hydrates with no console
// error or hydration warning, responds to clicks, and the SVG its browser code draws is the server's markup.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent } from '../helpers/fixture-site.ts';
import { svgSiteFiles } from '../helpers/svg-site.ts';
import { open } from '../helpers/visitor.ts';

let h: Harness;

beforeAll(async () => {
  const root = makeSite({ ...minimalContent, ...svgSiteFiles });
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
});

describe('SVG components in the browser', () => {
  it('an island with imported SVGs hydrates without a warning and draws the same SVG as the server', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/logos');
    const button = page.getByRole('button', { name: /Fired \d+ times/ });
    const serverLogo = await page.locator('.heat-logo').innerHTML();
    // Clicks until hydration has attached the handler (a click before it is lost).
    await expect.poll(async () => (await button.click(), await button.textContent()), { timeout: 20_000 }).toMatch(/Fired [1-9]\d* times/);
    await page.locator('.fresh-logo').waitFor();
    expect(await page.locator('.fresh-logo').innerHTML()).toBe(serverLogo);
    expect(await page.locator('.fresh-logo title').textContent()).toBe('Heat');
    // The page's own SVG components are server markup, untouched by the browser.
    expect(await page.locator('svg.site-logo title').textContent()).toBe('Our kiln');
    expect(problems).toEqual([]);
  });
});
