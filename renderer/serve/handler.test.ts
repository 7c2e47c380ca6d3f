// The request handler of `serve` and `serve --no-watch`, over both file sources: the same answers from the
// output in memory and from a built folder.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOutput } from '../write.ts';
import { folderSource, handleRequest, memorySource, type FileSource, type SiteServing } from './handler.ts';

const BASE = '/site/';
const FILES: Record<string, string> = {
  'index.html': '<html><body>home en</body></html>',
  'docs/start.html': '<html><body>start en</body></html>',
  'pt-BR/index.html': '<html><body>home pt</body></html>',
  '404.html': '<html><body>not found en</body></html>',
  'pt-BR/404.html': '<html><body>not found pt</body></html>',
  'es/404.html': '<html><body>not found es</body></html>',
  'assets/main.abc123.js': 'console.log(1)',
  'assets/routes/en.json': '{}',
  'assets/search/index.en.json': '{}',
  'assets/search/en/0123456789ab.json': '{}',
  'sitemap.xml': '<urlset/>',
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the path sent exactly as given (fetch would normalise `..` away). */
function raw(origin: string, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function folderWithSecretBeside(): { dir: string; source: FileSource } {
  const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-handler-'));
  const dir = join(parent, 'build');
  for (const [rel, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), body);
  }
  writeFileSync(join(parent, 'secret.txt'), 'SECRET');
  symlinkSync(join(parent, 'secret.txt'), join(dir, 'link.txt'));
  return { dir, source: folderSource(dir) };
}

function memory(): FileSource {
  const out = new MemoryOutput();
  for (const [rel, body] of Object.entries(FILES)) out.write(rel, body);
  return memorySource(out.files);
}

const sources: [string, () => FileSource][] = [
  ['memory', memory],
  ['folder', () => folderWithSecretBeside().source],
];

describe.each(sources)('request handler over a %s source', (_, makeSource) => {
  let server: Server;
  let origin: string;
  const options = (source: FileSource): SiteServing => ({ baseUrl: BASE, localePrefixes: ['pt-BR', 'es'], source, cache: 'host' });

  beforeAll(async () => {
    const source = makeSource();
    server = createServer((req, res) => handleRequest(req, res, options(source)));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((ok) => server.close(ok)));

  it('serves pages without .html, homes with and without a slash, and files with their type', async () => {
    expect((await raw(origin, '/site/docs/start')).body).toBe(FILES['docs/start.html']);
    expect((await raw(origin, '/site/')).body).toBe(FILES['index.html']);
    expect((await raw(origin, '/site/pt-BR')).body).toBe(FILES['pt-BR/index.html']);
    expect((await raw(origin, '/site/pt-BR/')).body).toBe(FILES['pt-BR/index.html']);
    const js = await raw(origin, '/site/assets/main.abc123.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw(origin, '/site/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('has browsers revalidate the assets whose name stays while their content changes (route manifests, search entries)', async () => {
    for (const path of ['/site/assets/routes/en.json', '/site/assets/search/index.en.json']) expect((await raw(origin, path)).headers['cache-control'], path).toBe('no-cache');
    expect((await raw(origin, '/site/assets/search/en/0123456789ab.json')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a revalidation of an unchanged file with 304 and no body, as static hosts do', async () => {
    for (const path of ['/site/assets/routes/en.json', '/site/docs/start']) {
      const first = await raw(origin, path);
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^"[\w-]{22}"$/);
      const again = await raw(origin, path, 'GET', { 'if-none-match': etag });
      expect([again.status, again.body], path).toEqual([304, '']);
      expect(again.headers.etag).toBe(etag);
      const other = await raw(origin, path, 'GET', { 'if-none-match': '"something-else"' });
      expect([other.status, other.body], path).toEqual([200, first.body]);
    }
  });

  it('answers HEAD without a body and anything else with 405', async () => {
    const head = await raw(origin, '/site/docs/start', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(FILES['docs/start.html']!.length));
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await raw(origin, '/site/docs/start', method);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    }
  });

  it('redirects the bare origin to the base URL', async () => {
    const r = await raw(origin, '/');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(BASE);
  });

  it("answers a missing page with its locale's not-found page and status 404", async () => {
    const cases: [string, string][] = [
      ['/site/docs/nowhere', FILES['404.html']!],
      ['/site/pt-BR/docs/nowhere', FILES['pt-BR/404.html']!],
      ['/site/pt-BR', FILES['pt-BR/index.html']!],
      ['/site/es/docs/x', FILES['es/404.html']!],
      ['/site/espanol', FILES['404.html']!],
      ['/elsewhere/x', FILES['404.html']!],
    ];
    for (const [path, body] of cases) {
      const r = await raw(origin, path);
      expect(r.status, path).toBe(body === FILES['pt-BR/index.html'] ? 200 : 404);
      expect(r.body, path).toBe(body);
    }
  });

  it('never serves anything outside the site', async () => {
    for (const path of ['/site/../secret.txt', '/site/%2e%2e/secret.txt', '/site/docs/..%2f..%2fsecret.txt', '/site/..%5csecret.txt', '/site//etc/passwd', '/site/%00', '/site/link.txt', '/site/%E0%A4%A']) {
      const r = await raw(origin, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain('SECRET');
    }
  });
});
