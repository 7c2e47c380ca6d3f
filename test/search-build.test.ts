// What the build writes for search, on the real site and on fixture sites: the local index and its
// settings, OpenSearch descriptions linked from every page, Algolia mode's settings and config errors,
// and `cheatsheet search push` against a stand-in Algolia server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { indexDigest } from '../renderer/search/build-search.ts';
import { payloadOf as resolvePayload } from './helpers/payload.ts';
import { startAlgoliaMock, type AlgoliaMock } from './helpers/algolia-mock.ts';
import { REPO, makeSite, minimalContent, runCli } from './helpers/fixture-site.ts';

const site = () => inject('siteBuild');
const read = (rel: string) => readFileSync(join(site(), rel), 'utf8');
// Assertions on whole pages print only a short excerpt when they fail.
const has = (html: string, text: string) => expect(html.includes(text), `page should contain ${text}`).toBe(true);
const hasNot = (html: string, text: string) => expect(html.includes(text), `page should not contain ${text}`).toBe(false);
const payloadOf = (html: string, readPublic: (path: string) => string = (path) => read(path.slice('/aws-cheatsheet/'.length))) => resolvePayload(html, readPublic);

const algolia = { appId: 'APPID', apiKey: 'search-only-key', indexName: 'cheatsheet' };

describe('search in the built site (local engine)', () => {
  it.each([
    ['pt-BR', 'pt-BR/docs/compute/ec2.html', '/aws-cheatsheet/pt-BR/'],
    ['en', 'docs/compute/ec2.html', '/aws-cheatsheet/'],
    ['es', 'es/docs/compute/ec2.html', '/aws-cheatsheet/es/'],
  ])('%s: the index entry in the payload under the locale\'s one name, an OpenSearch link in the head', (locale, page, base) => {
    const html = read(page);
    const { site: data } = payloadOf(html);
    expect(data.search.engine).toBe('local');
    expect(data.search.storageIndexName).toBe(`local-${locale}`);
    const indexUrl = data.search.indexUrl!;
    // One name whatever it holds (the browser revalidates it): an edit does not rename it, nor the site data
    // naming it, nor every page naming the site data (render/names.ts).
    expect(indexUrl).toBe(`/aws-cheatsheet/assets/search/index.${locale}.json`);
    const file = join(site(), indexUrl.slice('/aws-cheatsheet/'.length));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ v: 2, dir: `${locale}/` });
    // Loaded on intent only: no preload or script of the page asks for it.
    hasNot(html, `href="${indexUrl}"`);
    hasNot(html, `src="${indexUrl}"`);
    has(html, `<link rel="search" type="application/opensearchdescription+xml" title="AWS Cheat Sheet (`);
    has(html, `href="${base}opensearch.xml"`);
  });

  it('each locale has an OpenSearch description pointing at its search page', () => {
    const xml = read('pt-BR/opensearch.xml');
    expect(xml).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/"');
    expect(xml).toMatch(/<Url type="text\/html" method="get" template="https:\/\/[^"]+\/aws-cheatsheet\/pt-BR\/search\?q=\{searchTerms\}"\/>/);
    expect(xml).toContain('<Language>pt-BR</Language>');
    expect(read('opensearch.xml')).toMatch(/template="https:\/\/[^"]+\/aws-cheatsheet\/search\?q=\{searchTerms\}"/);
    expect(read('es/opensearch.xml')).toMatch(/template="https:\/\/[^"]+\/aws-cheatsheet\/es\/search\?q=\{searchTerms\}"/);
  });

  it('the search page is noindex and renders no results on the server', () => {
    for (const page of ['search.html', 'pt-BR/search.html', 'es/search.html']) {
      const html = read(page);
      has(html, '<meta name="robots" content="noindex, follow">');
      has(html, 'class="search-page__input"');
      hasNot(html, 'class="search-result');
    }
  });

  it('every locale has its own index entry and a folder of its parts, each part listed by its entry', () => {
    const folder = join(site(), 'assets', 'search');
    const files = readdirSync(folder).sort();
    expect(files.map((f) => f.replace(/\.json$/, ''))).toEqual(['en', 'es', 'index.en', 'index.es', 'index.pt-BR', 'pt-BR']);
    for (const locale of ['en', 'es', 'pt-BR']) {
      const entry = JSON.parse(read(`assets/search/${files.find((f) => f.startsWith(`index.${locale}.`))}`));
      expect(entry.dir).toBe(`${locale}/`);
      const listed = [...entry.shards, ...entry.chunks].map(([, file]: [number, string]) => file).sort();
      expect(readdirSync(join(folder, locale)).sort()).toEqual(listed);
      // Each part is named by its content's hash, so it can be cached for good.
      for (const file of listed) expect(file).toBe(`${createHash('sha256').update(read(`assets/search/${locale}/${file}`)).digest('hex').slice(0, 12)}.json`);
    }
  });
});

describe('the local index entry', () => {
  const entries = async (root: string) => {
    const result = await build({ root, write: false, bundle: false });
    return new Map([...result.files].filter(([f]) => /^assets\/search\/index\./.test(f)).map(([f, body]) => [f, String(body)]));
  };
  it('keeps its name per locale while its content follows the records', async () => {
    const root = makeSite(minimalContent);
    const first = await entries(root);
    expect([...first.keys()].sort()).toEqual(['assets/search/index.en.json', 'assets/search/index.pt-BR.json']);
    expect(await entries(root)).toEqual(first);
    writeFileSync(join(root, 'content/en/compute/ec2.md'), readFileSync(join(root, 'content/en/compute/ec2.md'), 'utf8').replace('Virtual machines.', 'Virtual machines, by the second.'));
    const edited = await entries(root);
    // Same names; the English entry lists new parts, the Portuguese one, whose records did not change, is as it was.
    expect([...edited.keys()].sort()).toEqual([...first.keys()].sort());
    expect(edited.get('assets/search/index.en.json')).not.toBe(first.get('assets/search/index.en.json'));
    expect(edited.get('assets/search/index.pt-BR.json')).toBe(first.get('assets/search/index.pt-BR.json'));
  });
  it('is cached under a key that changes with the code that makes the index (the pipeline key), not only with the records', () => {
    const key = (code: string, locale: string) => indexDigest(code, locale, 'u', '/', ['page-1', 'page-2']);
    expect(key('code-a', 'en')).not.toBe(key('code-b', 'en'));
    expect(key('code-a', 'en')).not.toBe(key('code-a', 'es'));
  });
});

describe('Algolia mode', () => {
  it('a block without appId or apiKey fails the build with the spec message', () => {
    const noApp = runCli(['build', '--root', makeSite(minimalContent, { config: { themeConfig: { algolia: { apiKey: 'k', indexName: 'i' } } } })]);
    expect(noApp.status).toBe(1);
    expect(noApp.stderr).toContain('`appId` is missing.');
    const noKey = runCli(['build', '--root', makeSite(minimalContent, { config: { themeConfig: { algolia: { appId: 'A', indexName: 'i' } } } })]);
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toContain('`apiKey` is missing.');
    expect(noKey.stderr).not.toMatch(/^\s+at /m);
  });

  it('settings carry the contextual facet filters, the hosts and no local index', async () => {
    const root = makeSite(minimalContent, {
      config: { themeConfig: { algolia: { ...algolia, insights: true, hosts: ['http://127.0.0.1:9', 'https://search.example.com'], searchParameters: { facetFilters: ['type:lvl1'] }, externalUrlRegex: 'external\\.com' } } },
    });
    const result = await build({ root, write: false, bundle: false });
    expect([...result.files.keys()].some((f) => f.startsWith('assets/search/'))).toBe(false);
    const html = String(result.files.get('pt-BR/docs/compute/ec2.html'));
    const { search } = payloadOf(html, (path) => String(result.files.get(path.slice('/aws-cheatsheet/'.length)))).site;
    expect(search).toMatchObject({ engine: 'algolia', storageIndexName: 'cheatsheet', searchPagePath: 'search' });
    expect(search.algolia).toMatchObject({
      appId: 'APPID',
      apiKey: 'search-only-key',
      indexName: 'cheatsheet',
      insights: true,
      externalUrlRegex: 'external\\.com',
      hosts: [
        { url: '127.0.0.1:9', protocol: 'http' },
        { url: 'search.example.com', protocol: 'https' },
      ],
    });
    expect(search.algolia!.searchParameters.facetFilters).toEqual(['language:pt-BR', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'type:lvl1']);
  });

  it('searchPagePath: false leaves out the OpenSearch description and its link', async () => {
    const root = makeSite(minimalContent, { config: { themeConfig: { algolia: { ...algolia, searchPagePath: false, contextualSearch: false } } } });
    const result = await build({ root, write: false, bundle: false });
    expect([...result.files.keys()].some((f) => f.endsWith('opensearch.xml'))).toBe(false);
    const html = String(result.files.get('pt-BR/docs/compute/ec2.html'));
    hasNot(html, 'rel="search"');
    const { search } = payloadOf(html, (path) => String(result.files.get(path.slice('/aws-cheatsheet/'.length)))).site;
    expect(search.searchPagePath).toBe(false);
    // Without contextual search, no facet filters are added.
    expect(search.algolia!.searchParameters).toEqual({});
  });
});

describe('cheatsheet search push', () => {
  let mock: AlgoliaMock;
  let root: string;

  beforeAll(async () => {
    mock = await startAlgoliaMock();
    root = makeSite(minimalContent, { config: { themeConfig: { algolia: { ...algolia, hosts: [mock.origin] } } } });
  });
  afterAll(() => mock.close());

  it('--dry-run counts the records and sends nothing, without a key', async () => {
    const r = await runCliAsync(['search', 'push', '--dry-run', '--root', root], { ALGOLIA_ADMIN_API_KEY: '' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\d+ records \(pt-BR \d+, en \d+\)/);
    expect(r.stdout).toContain('Dry run: would replace every record of index "cheatsheet" of app APPID');
    expect(r.stdout).toContain('facets: language, docusaurus_tag');
    expect(mock.requests).toHaveLength(0);
  });

  it('without the admin key in the environment it stops with a clear message', async () => {
    const r = await runCliAsync(['search', 'push', '--root', root], { ALGOLIA_ADMIN_API_KEY: '' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('set ALGOLIA_ADMIN_API_KEY in the environment');
    expect(mock.requests).toHaveLength(0);
  });

  it('replaces the records through a temporary index and sets the settings, with the admin key from the environment', async () => {
    const r = await runCliAsync(['search', 'push', '--root', root], { ALGOLIA_ADMIN_API_KEY: 'admin-key-from-env' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('batch 1/1 uploaded');
    expect(r.stdout).toContain('Records replaced.');
    expect(r.stdout).toContain('Settings applied.');
    const calls = mock.requests.map((q) => `${q.method} ${q.path.replace(/_tmp_\d+/, '_tmp')}`);
    expect(calls).toContain('POST /1/indexes/cheatsheet/operation');
    expect(calls).toContain('POST /1/indexes/cheatsheet_tmp/batch');
    expect(calls).toContain('POST /1/indexes/cheatsheet_tmp/operation');
    expect(calls[calls.length - 2]).toBe('PUT /1/indexes/cheatsheet/settings');
    for (const q of mock.requests) expect(q.headers['x-algolia-api-key']).toBe('admin-key-from-env');
    const batch = mock.requests.find((q) => q.path.endsWith('/batch'))!.body as { requests: { action: string; body: Record<string, unknown> }[] };
    expect(batch.requests.every((b) => b.action === 'addObject')).toBe(true);
    const record = batch.requests.map((b) => b.body).find((b) => b.objectID === '/aws-cheatsheet/pt-BR/docs/compute/ec2#o-que-é');
    expect(record).toMatchObject({ type: 'lvl2', language: 'pt-BR', docusaurus_tag: 'docs-default-current', hierarchy: { lvl0: 'Computação', lvl1: 'Amazon EC2', lvl2: 'O que é' } });
    expect(record!.url).toBe('https://example.github.io/aws-cheatsheet/pt-BR/docs/compute/ec2#o-que-%C3%A9');
    const settings = mock.requests.find((q) => q.path.endsWith('/settings'))!.body as Record<string, string[]>;
    expect(settings.attributesForFaceting).toEqual(expect.arrayContaining(['language', 'docusaurus_tag']));
    expect(settings.searchableAttributes!.slice(0, 2)).toEqual(['unordered(hierarchy.lvl0)', 'unordered(hierarchy.lvl1)']);
  });
});

/** The CLI in a child process, asynchronously: the stand-in server answers from this process meanwhile. */
function runCliAsync(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
