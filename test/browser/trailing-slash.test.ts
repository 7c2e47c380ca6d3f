// Issue 14: client-side navigation on a site whose URLs end with a slash (trailingSlash: true, as many
// Docusaurus sites are) — a sidebar link navigates without a full page load, the address keeps its slash,
// and back/forward move between the pages in the same document. With trailingSlash unset, only the pages
// whose slug ends with a slash (category index pages) have one, and navigation reaches them the same way.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { addContentLink, isSameDocument, markDocument, open } from '../helpers/visitor.ts';

let h: Harness;
let unset: Harness;

beforeAll(async () => {
  const root = makeSite(
    { ...minimalContent, 'content/en/compute/lambda.md': mdPage('AWS Lambda', '## What it is\n\nFunctions. Back to [EC2](./ec2.md).') },
    { config: { trailingSlash: true } },
  );
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
  // trailingSlash unset: a category's index page keeps the slash of its slug (/docs/compute/), the others have none.
  const unsetRoot = makeSite({ ...minimalContent, 'content/en/compute/index.md': mdPage('Compute overview', '## Services\n\nSee [EC2](./ec2.md).') }, { config: { trailingSlash: undefined } });
  await build({ root: unsetRoot, outDir: join(unsetRoot, 'build') });
  unset = await startHarness(join(unsetRoot, 'build'));
});

afterAll(async () => {
  await h?.close();
  await unset?.close();
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

describe('client-side navigation with trailingSlash unset', () => {
  it('reaches a page whose URL keeps its slug\'s slash in the same document, by its link or one without the slash', async () => {
    const { page, problems } = await unset.newPage();
    await open(page, unset.origin, 'docs/compute/ec2');
    await markDocument(page);
    await page.locator('.menu a[href="/aws-cheatsheet/docs/compute/"]').click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/');
    await expect.poll(() => h1(page)).toBe('Compute overview');
    await page.locator('[data-doc-content] a[href="/aws-cheatsheet/docs/compute/ec2"]').click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute/ec2');
    await expect.poll(() => h1(page)).toBe('Amazon EC2');
    // Written without the slash, the link still finds the route (as the static host serves both).
    await (await addContentLink(page, '/aws-cheatsheet/docs/compute')).click();
    await page.waitForURL((u) => u.pathname === '/aws-cheatsheet/docs/compute');
    await expect.poll(() => h1(page)).toBe('Compute overview');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
