// `cheatsheet serve` (watch mode) on a temporary copy of the real site: every locale at the production
// URLs, live reload after an edit, an error that shows and then heals, added and deleted pages, paths that
// try to leave the site, content types, a busy port, and the overlay and reload in a real browser.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from './helpers/chromium.ts';
import { copySite, listen, rawGet, startServe, type EventStream, type Served } from './helpers/dev-server.ts';

const BASE = '/aws-cheatsheet/';
let root: string;
let served: Served;
let stream: EventStream;

const edit = (rel: string, fn: (s: string) => string) => writeFileSync(join(root, rel), fn(readFileSync(join(root, rel), 'utf8')));
const get = (path: string) => fetch(served.origin + path);
/** The page without the reload client's tag (it carries the server's change counter). */
const pageText = async (path: string) => (await (await get(path)).text()).replace(/<script src="\/__cheatsheet\/client\.js[^"]*"><\/script>/, '');
const reloadOf = (path: string) => (e: { event: string; data: unknown }) => {
  const paths = (e.data as { paths: string[] | 'all' }).paths;
  return e.event === 'reload' && (paths === 'all' || paths.includes(path));
};
type Problem = { file?: string; line?: number; message: string };
const problemsEvent = (e: { event: string }) => e.event === 'problems';

beforeAll(async () => {
  root = copySite();
  served = await startServe(['--root', root, '--port', '0']);
  stream = await listen(served.origin, () => served.output());
  await stream.waitFor((e) => e.event === 'hello');
});

afterAll(async () => {
  stream?.close();
  await served?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('cheatsheet serve', () => {
  it('serves all three locales at the production URLs, with no caching and the reload client', async () => {
    for (const [path, lang] of [
      [BASE, 'en'],
      [`${BASE}pt-BR/`, 'pt-BR'],
      [`${BASE}es/`, 'es'],
      [`${BASE}docs/compute/ec2`, 'en'],
      [`${BASE}pt-BR/docs/compute/ec2`, 'pt-BR'],
      [`${BASE}es/docs/compute/ec2`, 'es'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain('/__cheatsheet/client.js?s=');
    }
    expect(served.output()).toMatch(/built \d+ pages in [\d.]+ s; watching for changes/);
  });

  it('answers unknown paths with the locale’s not-found page and status 404, and redirects / to the base URL', async () => {
    const es = await get(`${BASE}es/docs/no-such-page`);
    expect(es.status).toBe(404);
    expect(await es.text()).toContain('<html lang="es"');
    const en = await get(`${BASE}docs/compute/ec2/`);
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('<html lang="en"');
    const top = await fetch(served.origin + '/', { redirect: 'manual' });
    expect(top.status).toBe(302);
    expect(top.headers.get('location')).toBe(BASE);
  });

  it('serves each kind of file with its content type', async () => {
    const html = await (await get(`${BASE}docs/compute/ec2`)).text();
    const js = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    const expectations: [string | undefined, string][] = [
      [js, 'text/javascript; charset=utf-8'],
      [css, 'text/css; charset=utf-8'],
      [`${BASE}assets/routes/en.json`, 'application/json; charset=utf-8'],
      [`${BASE}sitemap.xml`, 'application/xml; charset=utf-8'],
      [`${BASE}robots.txt`, 'text/plain; charset=utf-8'],
      [`${BASE}img/favicon.svg`, 'image/svg+xml'],
      [`${BASE}img/social-card.png`, 'image/png'],
      ['/__cheatsheet/client.js', 'text/javascript; charset=utf-8'],
    ];
    for (const [path, type] of expectations) {
      expect(path, type).toBeTruthy();
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const manifest = (await (await get(`${BASE}assets/routes/en.json`)).json()) as Record<string, string>;
    const chunk = await get(manifest[`${BASE}docs/compute/ec2`]!);
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await chunk.text()).toContain('export default');
  });

  it('never serves a file outside the site, whatever the path looks like', async () => {
    const attempts = [
      `${BASE}../package.json`,
      `${BASE}../../../../etc/passwd`,
      `${BASE}%2e%2e/package.json`,
      `${BASE}%2e%2e%2f%2e%2e%2fpackage.json`,
      `${BASE}..%2f..%2fpackage.json`,
      `${BASE}img/..%2f..%2f..%2fsite.config.ts`,
      `${BASE}%2fetc%2fpasswd`,
      `${BASE}/etc/passwd`,
      `${BASE}//etc/passwd`,
      `${BASE}..\\..\\package.json`,
      `${BASE}img\\..\\..\\package.json`,
      `${BASE}..%5c..%5cpackage.json`,
      `${BASE}img/%00favicon.svg`,
      '/etc/passwd',
      '//etc/passwd',
      '/package.json',
      '/site.config.ts',
      `${BASE}%E0%A4%A`,
    ];
    for (const path of attempts) {
      const res = await rawGet(served.origin, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/root:x:0|"name": "cheatsheet"|defineConfig/);
    }
  });

  it('reloads an edited page with its new content', async () => {
    const from = stream.events.length;
    edit('content/pt-BR/compute/ec2.md', (s) => s.replace('## Casos de uso', 'Texto novo: marcador-edicao-1.\n\n## Casos de uso'));
    await stream.waitFor(reloadOf(`${BASE}pt-BR/docs/compute/ec2`), from);
    expect(await (await get(`${BASE}pt-BR/docs/compute/ec2`)).text()).toContain('marcador-edicao-1');
    expect(served.output()).toMatch(/content\/pt-BR\/compute\/ec2\.md → 1 page in \d+ ms/);
  });

  it('re-renders the whole locale when a title changes (the sidebar and the categories list show it)', async () => {
    const from = stream.events.length;
    edit('content/en/compute/ec2.md', (s) => s.replace(/^title: .*$/m, 'title: Amazon EC2 Renamed'));
    await stream.waitFor(reloadOf(`${BASE}docs`), from);
    await stream.waitFor(reloadOf(`${BASE}docs/compute/lambda`), from);
    expect(await (await get(`${BASE}docs`)).text()).toContain('Amazon EC2 Renamed');
    // Every page of the locale fetches its site data (the sidebar), as built pages do.
    const lambda = await (await get(`${BASE}docs/compute/lambda`)).text();
    expect(lambda).toContain(`${BASE}assets/site/en.json`);
    expect(await (await get(`${BASE}assets/site/en.json`)).text()).toContain('Amazon EC2 Renamed');
    expect(await (await get(`${BASE}assets/site/es.json`)).text()).not.toContain('Amazon EC2 Renamed');
    expect(await (await get(`${BASE}es/docs`)).text()).not.toContain('Amazon EC2 Renamed');
  });

  it('shows a broken file as a problem with file and line, keeps serving the last good page, and recovers', async () => {
    const path = `${BASE}docs/compute/lambda`;
    const before = await pageText(path);
    const from = stream.events.length;
    // A blank title fails the page (an unknown key would only warn).
    edit('content/en/compute/lambda.md', (s) => s.replace(/^title: /m, 'title: "   "\nold_title: '));
    const broken = await stream.waitFor((e) => problemsEvent(e) && (e.data as Problem[]).some((p) => p.file === 'content/en/compute/lambda.md'), from);
    const problem = (broken.data as Problem[]).find((p) => p.file === 'content/en/compute/lambda.md')!;
    expect(problem.line).toBeGreaterThan(1);
    expect(problem.message).toContain('Invalid front-matter field "title"');
    expect(served.output()).toMatch(/error content\/en\/compute\/lambda\.md:\d+: Invalid front-matter field "title"/);
    expect(await pageText(path)).toBe(before);
    const hello = await listen(served.origin);
    const greeting = await hello.waitFor((e) => e.event === 'hello');
    expect(JSON.stringify(greeting.data)).toContain('content/en/compute/lambda.md');
    hello.close();

    const fixedFrom = stream.events.length;
    edit('content/en/compute/lambda.md', (s) => s.replace('title: "   "\nold_title: ', 'title: ').replace('## Use cases', 'Fixed: marcador-fix.\n\n## Use cases'));
    await stream.waitFor((e) => problemsEvent(e) && !(e.data as Problem[]).some((p) => p.file === 'content/en/compute/lambda.md'), fixedFrom);
    await stream.waitFor(reloadOf(path), fixedFrom);
    expect(await (await get(path)).text()).toContain('marcador-fix');
  });

  it('re-checks the links of an edited page and reports a broken one with its file and line', async () => {
    const from = served.output().length;
    edit('content/en/compute/ec2.md', (s) => s.replace('## Use cases', 'See [the missing page](./zz-missing-page.md).\n\n## Use cases'));
    await expect.poll(() => served.output().slice(from), { timeout: 20_000 }).toMatch(/content\/en\/compute\/ec2\.md:\d+(: Broken link to| →) \/aws-cheatsheet\/docs\/compute\/zz-missing-page/);
    const fixFrom = stream.events.length;
    edit('content/en/compute/ec2.md', (s) => s.replace('See [the missing page](./zz-missing-page.md).\n\n', ''));
    await stream.waitFor(reloadOf(`${BASE}docs/compute/ec2`), fixFrom);
  });

  it('picks up added and deleted pages', async () => {
    const path = `${BASE}docs/compute/zz-added-page`;
    expect((await get(path)).status).toBe(404);
    let from = stream.events.length;
    writeFileSync(join(root, 'content/en/compute/zz-added-page.md'), '---\ntitle: Added Page\n---\n\n## What it is\n\nAn added page.\n');
    await stream.waitFor(reloadOf(path), from);
    const added = await get(path);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('An added page.');
    from = stream.events.length;
    rmSync(join(root, 'content/en/compute/zz-added-page.md'));
    await stream.waitFor(reloadOf(`${BASE}docs/compute/ec2`), from);
    expect((await get(path)).status).toBe(404);
  });

  it('says clearly when the port is taken', async () => {
    const port = new URL(served.origin).port;
    const second = await startServe(['--root', root, '--port', port]).then(
      (s) => s.stop().then(() => 'started'),
      (err: Error) => err.message,
    );
    expect(second).toContain(`Port ${port} is already in use on 127.0.0.1.`);
    expect(second).toContain('--port 0');
    expect(second).not.toMatch(/^\s+at /m);
  });
});

describe('cheatsheet serve in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads in place after an edit, shows the overlay for a broken file and hides it once fixed', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    await page.goto(`${served.origin}${BASE}es/docs/compute/ec2`);
    await page.waitForFunction(() => document.documentElement.scrollHeight > 1500);
    await page.evaluate(() => window.scrollTo(0, 700));

    edit('content/es/compute/ec2.md', (s) => s.replace('## Casos de uso', 'Texto nuevo: marcador-navegador.\n\n## Casos de uso'));
    // The edit reloads the page: the check also runs in the new document while it is parsed, before it has a body.
    await page.waitForFunction(() => document.body?.textContent?.includes('marcador-navegador'), undefined, { timeout: 45_000 });
    await page.waitForFunction(() => Math.abs(window.scrollY - 700) < 50);

    edit('content/es/compute/ec2.md', (s) => s.replace(/^---\n/, '---\nhide_table_of_contents: "yes"\n'));
    const overlay = page.locator('cheatsheet-dev-overlay');
    await overlay.locator('.where', { hasText: 'content/es/compute/ec2.md:2' }).waitFor({ timeout: 45_000 });
    expect(await overlay.locator('.box').textContent()).toContain('hide_table_of_contents');

    edit('content/es/compute/ec2.md', (s) => s.replace('hide_table_of_contents: "yes"\n', ''));
    await overlay.waitFor({ state: 'detached', timeout: 45_000 });
    // The fix reloads the page: its title is the browser's "Loading …" until the new document is in.
    await expect.poll(() => page.title().catch(() => ''), { timeout: 45_000 }).toContain('EC2');
    expect(problems).toEqual([]);
    await page.close();
  });
});
