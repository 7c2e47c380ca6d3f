// `cheatsheet serve` with a page whose own component runs in the browser: the island script is served under a
// stable name and works in a real browser; editing the component or its CSS module rebuilds both the page and
// the script (the process keeps no stale bundle) and reloads the page.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from './helpers/chromium.ts';
import { listen, startServe, type EventStream, type Served } from './helpers/dev-server.ts';
import { makeSite, minimalContent } from './helpers/fixture-site.ts';
import { counterSource, islandSiteFiles, PIXEL, pictureSiteFiles } from './helpers/island-site.ts';

const PAGE = '/aws-cheatsheet/docs/compute/widgets';
const SCRIPT = '/aws-cheatsheet/assets/islands/en-content-en-compute-widgets.js';
let root: string;
let served: Served;
let stream: EventStream;

const get = async (path: string) => (await fetch(served.origin + path)).text();
const reloadOfPage = (e: { event: string; data: unknown }) => {
  const paths = (e.data as { paths: string[] | 'all' }).paths;
  return e.event === 'reload' && (paths === 'all' || paths.includes(PAGE));
};

beforeAll(async () => {
  root = makeSite({ ...minimalContent, ...islandSiteFiles, ...pictureSiteFiles });
  served = await startServe(['--root', root, '--port', '0']);
  stream = await listen(served.origin, () => served.output());
  await stream.waitFor((e) => e.event === 'hello');
});

afterAll(async () => {
  stream?.close();
  await served?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('serve: MDX islands', () => {
  it('serves the hashed copies of images an island requires and imports, under the URLs its script uses too', async () => {
    const html = await get('/aws-cheatsheet/docs/compute/pictures');
    const logo = /<img class="own-logo" src="([^"]+)"/.exec(html)?.[1];
    const chart = /<img class="server-chart" src="([^"]+)"/.exec(html)?.[1];
    expect(logo).toMatch(/^\/aws-cheatsheet\/assets\/images\/logo-[0-9a-f]{8}\.png$/);
    expect(chart).toMatch(/^\/aws-cheatsheet\/assets\/images\/chart-[0-9a-f]{8}\.png$/);
    expect(Buffer.from(await (await fetch(served.origin + logo!)).arrayBuffer())).toEqual(PIXEL);
    expect((await fetch(served.origin + chart!)).status).toBe(200);
    const script = /<link rel="modulepreload" href="([^"]*assets\/islands\/en-content-en-compute-pictures[^"]*)"/.exec(html)?.[1];
    const code = await get(script!);
    expect(code).toContain(JSON.stringify(logo));
    expect(code).toContain(JSON.stringify(chart));
  });

  it('serves the page with its island script under a stable name, and the component works in the browser', async () => {
    const html = await get(PAGE);
    expect(html).toContain(`<link rel="modulepreload" href="${SCRIPT}"`);
    expect(await get(SCRIPT)).toContain('Clicked');
    const browser: Browser = await chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || /hydrat/i.test(m.text())) && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(served.origin + PAGE);
      await page.locator('.drawn-in-browser').waitFor();
      const button = page.getByRole('button', { name: /Clicked \d+ times/ });
      await button.click();
      await expect.poll(() => button.textContent()).toBe('Clicked 3 times');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('serves the stylesheet of CSS only the browser code imports under a stable name, linked from its page alone', async () => {
    const html = await get('/aws-cheatsheet/docs/compute/atlas');
    const href = '/aws-cheatsheet/assets/islands/en-content-en-compute-atlas.css';
    expect(html).toContain(`<link rel="stylesheet" href="${href}" data-island-styles>`);
    const css = await get(href);
    expect(css).toContain('.tilemap-pane');
    expect(css).toMatch(/\.Atlas_[0-9a-f]{6}_atlas \{/);
    expect(await get(PAGE)).not.toContain('data-island-styles');
  });

  it('an edited page rebuilds its own island script only, and a plain page none', async () => {
    const updateLine = async (file: string) => {
      let line: string | undefined;
      // As long as the event waits elsewhere: the default 1 s of expect.poll is a timing assertion on a loaded machine.
      await expect.poll(() => (line = served.output().split('\n').find((l) => l.includes(`↻ ${file} →`))), { timeout: 20_000 }).toBeDefined();
      return line!;
    };
    const ec2 = join(root, 'content/en/compute/ec2.md');
    writeFileSync(ec2, readFileSync(ec2, 'utf8') + '\nOne more line.\n');
    expect(await updateLine('content/en/compute/ec2.md')).not.toContain('island script');
    const widgets = join(root, 'content/en/compute/widgets.mdx');
    writeFileSync(widgets, readFileSync(widgets, 'utf8') + '\nAn added line.\n');
    expect(await updateLine('content/en/compute/widgets.mdx')).toMatch(/ 1 island script in /);
    // The other pages' scripts are still served, and the edited page's still works.
    expect(await get('/aws-cheatsheet/assets/islands/en-content-en-compute-atlas.js')).toContain('Atlas');
    expect(await get(SCRIPT)).toContain('Clicked');
    expect(await get(PAGE)).toContain('An added line.');
  });

  it('an edited component rebuilds the page and its script, and reloads the page', async () => {
    const from = stream.events.length;
    writeFileSync(join(root, 'src/components/Counter.tsx'), counterSource('Pressed'));
    await stream.waitFor(reloadOfPage, from);
    // A component may be in any page: every island script is made again (widgets, atlas, tally, pictures).
    await expect.poll(() => served.output()).toMatch(/↻ src\/components\/Counter\.tsx → .*, 4 island scripts in /);
    expect((await get(PAGE)).replaceAll('<!-- -->', '')).toContain('Pressed 2 times');
    const script = await get(SCRIPT);
    expect(script).toContain('Pressed');
    expect(script).not.toContain('Clicked');
  });

  it('an edited CSS module of the component is in the page after the reload', async () => {
    const from = stream.events.length;
    const css = join(root, 'src/components/Counter.module.css');
    writeFileSync(css, readFileSync(css, 'utf8').replace('font-weight: 700', 'font-weight: 300'));
    await stream.waitFor(reloadOfPage, from);
    const html = await get(PAGE);
    expect(html).toMatch(/\.Counter_[0-9a-f]{6}_counter \{\s*font-weight: 300;/);
    expect(html).not.toContain('font-weight: 700');
  });
});
