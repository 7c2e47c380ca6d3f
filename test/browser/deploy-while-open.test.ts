// A visitor who has a page open while a new build is deployed (issue 18: the one-page cascade). The route
// manifest and the search index's entry keep their names across builds while their contents change (an edit
// renames only the edited page's chunk and the index parts it touches, and the old files are gone), so the
// browser must ask the server for them again rather than reuse what it holds: the host here lets browsers
// cache every file for 10 minutes, as GitHub Pages does, so only the client's revalidation gets the new ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { CACHE_DIR } from '../../renderer/cache/build-cache.ts';
import { BASE, serveFromDir, startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { addContentLink, isSameDocument, markDocument } from '../helpers/visitor.ts';

let h: Harness;
let server: Server;
let origin: string;
let root: string;
let outDir: string;

const deploy = () => build({ root, outDir, cacheDir: CACHE_DIR });

function editEc2(from: string, to: string): void {
  const file = join(root, 'content/en/compute/ec2.md');
  const before = readFileSync(file, 'utf8');
  expect(before).toContain(from);
  writeFileSync(file, before.replace(from, to));
}

beforeAll(async () => {
  root = makeSite({ ...minimalContent, 'content/en/compute/s3.md': mdPage('Amazon S3', 'Objects in buckets.') });
  outDir = join(root, 'build');
  await deploy();
  const serve = serveFromDir(outDir);
  server = createServer((req, res) => {
    // Every answer cacheable for 10 minutes, whatever the file (GitHub Pages' `max-age=600`).
    const writeHead = res.writeHead.bind(res) as (status: number, headers: Record<string, string>) => typeof res;
    res.writeHead = ((status: number, headers: Record<string, string>) => writeHead(status, { ...headers, 'cache-control': 'max-age=600' })) as typeof res.writeHead;
    serve(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
  await new Promise((ok) => server?.close(ok));
});

/**
 * Opens a page and waits until it is hydrated and has fetched its locale's route manifest (to prefetch the
 * links in view).
 */
async function openWithManifest(page: Page, path: string): Promise<void> {
  const manifest = page.waitForResponse((r) => new URL(r.url()).pathname === `${BASE}assets/routes/en.json`);
  await page.goto(origin + BASE + path);
  await page.waitForSelector('html[data-hydrated]');
  await manifest;
}

/** The pages the search modal's hits for `query` lead to. */
async function searchFor(page: Page, query: string): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Modal').waitFor();
  await page.locator('.DocSearch-Input').fill(query);
  await page.locator(`.DocSearch-Dropdown[data-results-for="${query}"]`).waitFor();
  const hrefs = await page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return [...new Set(hrefs)];
}

describe('a page opened before a deploy', () => {
  it('navigates client-side to the new content of a page edited since, with no error', async () => {
    const { page, problems } = await h.newPage();
    await openWithManifest(page, 'docs/start');
    await markDocument(page);
    editEc2('Virtual machines.', 'Virtual machines, rebuilt while you read.');
    await deploy();
    await (await addContentLink(page, `${BASE}docs/compute/ec2`)).click();
    await page.getByText('rebuilt while you read').waitFor();
    expect(await isSameDocument(page)).toBe(true);
    // Its search (not used before the deploy) reads the new index.
    expect(await searchFor(page, 'rebuilt')).toContain(`${BASE}docs/compute/ec2`);
    expect(problems).toEqual([]);
  });

  it('searches the new index, also when the browser holds the entry a search read before the deploy', async () => {
    const { page, problems } = await h.newPage();
    await openWithManifest(page, 'docs/start');
    expect(await searchFor(page, 'buckets')).toContain(`${BASE}docs/compute/s3`);
    editEc2('Virtual machines', 'Virtual machines, reindexed');
    await deploy();
    // A new document of the same visitor: the HTTP cache holds the entry as it was before the deploy.
    await openWithManifest(page, 'docs/start');
    expect(await searchFor(page, 'reindexed')).toContain(`${BASE}docs/compute/ec2`);
    expect(problems).toEqual([]);
  });
});
