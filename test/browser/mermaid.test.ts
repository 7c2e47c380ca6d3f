// Issue 14: `mermaid` code blocks are drawn as diagrams in the browser, as Docusaurus's mermaid theme
// draws them — mermaid is downloaded only by pages that have a diagram, diagrams follow the colour mode,
// and a diagram with an error keeps its source and says what is wrong.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

const FLOW = '```mermaid\nflowchart LR\n  Client --> ALB[Load balancer]\n  ALB --> EC2\n```';
const BROKEN = '```mermaid\nflowchart LR\n  A --> --> B ((\n```';

let h: Harness;

beforeAll(async () => {
  const root = makeSite({
    ...minimalContent,
    'content/en/compute/ec2.md': mdPage('Amazon EC2', `## What it is\n\n${FLOW}\n\nText after the diagram.`),
    'content/en/compute/broken.md': mdPage('Broken diagram', `## What it is\n\n${BROKEN}\n`),
  }, { config: { themeConfig: { mermaid: { theme: { light: 'neutral', dark: 'forest' } } } } });
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
});

/** Every URL the page requested. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

const diagram = (page: Page) => page.locator('.theme-mermaid').first();

describe('mermaid diagrams', () => {
  it("a page with a diagram draws it as SVG, in the light mode's mermaid theme, then the dark one's when the mode changes", async () => {
    const { page, problems } = await h.newPage();
    const urls = requests(page);
    await open(page, h.origin, 'docs/compute/ec2');
    await expect.poll(() => diagram(page).locator('svg').count()).toBe(1);
    expect(await diagram(page).locator('svg').textContent()).toContain('Load balancer');
    expect(await diagram(page).locator('pre.mermaid-source').count()).toBe(0);
    // themeConfig.mermaid.theme, as in Docusaurus.
    expect(await diagram(page).getAttribute('data-drawn')).toBe('neutral');
    expect(urls.some((u) => u.endsWith('/assets/mermaid/mermaid.esm.min.mjs'))).toBe(true);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(() => diagram(page).getAttribute('data-drawn')).toBe('forest');
    expect(await diagram(page).locator('svg').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a page without a diagram downloads nothing of mermaid; navigating to one draws it', async () => {
    const { page, problems } = await h.newPage();
    const urls = requests(page);
    await open(page, h.origin, 'docs/start');
    expect(await page.locator('.theme-mermaid').count()).toBe(0);
    expect(urls.filter((u) => u.includes('/assets/mermaid/'))).toEqual([]);
    const scripts = urls.filter((u) => u.endsWith('.js'));
    await markDocument(page);
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/ec2')).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Amazon EC2');
    expect(await isSameDocument(page)).toBe(true);
    await expect.poll(() => diagram(page).locator('svg').count()).toBe(1);
    // Only then were mermaid and the code that draws it fetched.
    expect(urls.some((u) => u.includes('/assets/mermaid/'))).toBe(true);
    expect(urls.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(scripts.length);
    expect(problems).toEqual([]);
  });

  it('a diagram with a syntax error keeps its source and shows the error', async () => {
    const { page } = await h.newPage();
    await open(page, h.origin, 'docs/compute/broken');
    await expect.poll(() => diagram(page).locator('.mermaid-error').count()).toBe(1);
    expect(await diagram(page).locator('pre.mermaid-source').textContent()).toContain('A --> --> B');
    expect(await diagram(page).locator('.mermaid-error').textContent()).toMatch(/\S/);
    expect(await page.locator('body > [id^="dmermaid-svg"]').count()).toBe(0);
  });
});
