// Issue 14: client-side navigation on a site whose URLs end with a slash (trailingSlash: true, as many
// Docusaurus sites are) — a sidebar link navigates without a full page load, the address keeps its slash,
// and back/forward move between the pages in the same document.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;

beforeAll(async () => {
  const root = makeSite(
    { ...minimalContent, 'content/en/compute/lambda.md': mdPage('AWS Lambda', '## What it is\n\nFunctions. Back to [EC2](./ec2.md).') },
    { config: { trailingSlash: true } },
  );
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
});

const h1 = (p: import('playwright-core').Page) => p.locator('article h1, h1').first().textContent();

describe('client-side navigation with trailingSlash: true', () => {
  it('follows sidebar and Markdown links in the same document, keeps the slash, and goes back and forward', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/ec2/');
    await markDocument(page);
    await page.locator('.menu a[href="/aws-cheatsheet/docs/compute/lambda/"]').click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/lambda/');
    await expect.poll(() => h1(page)).toBe('AWS Lambda');
    expect(await isSameDocument(page)).toBe(true);
    // A link inside the rendered Markdown.
    await page.locator('[data-doc-content] a[href="/aws-cheatsheet/docs/compute/ec2/"]').click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/ec2/');
    await expect.poll(() => h1(page)).toBe('Amazon EC2');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/lambda/');
    await expect.poll(() => h1(page)).toBe('AWS Lambda');
    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/ec2/');
    await expect.poll(() => h1(page)).toBe('Amazon EC2');
    expect(await isSameDocument(page)).toBe(true);
    // A link written without the slash leads to the same route, at the address the site gives it.
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute/lambda#what-it-is')).click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/lambda/' && u.hash === '#what-it-is');
    await expect.poll(() => h1(page)).toBe('AWS Lambda');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
