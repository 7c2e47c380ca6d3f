// The one HTTP handler of `serve` and `serve --no-watch`: answers from a file source (the in-memory output
// of the dev build, or a built folder) exactly as a static host would — GET and HEAD only, the bare origin
// redirected to baseUrl, trailing slashes off and `.html` implied, each locale's not-found page with status
// 404, and nothing outside the site.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { REVALIDATED_FILES } from '../render/names.ts';
import { localePrefixOf } from '../shared/locale-urls.ts';
import type { OutputFiles } from '../write.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A file found in a source: its bytes (memory) or where it is on disk (folder). */
export type SourceFile = { rel: string; bytes: Uint8Array } | { rel: string; path: string };

/** Where the files of a site come from, by path relative to the output folder. */
export interface FileSource {
  get(rel: string): SourceFile | undefined;
}

/** An in-memory output; `before` runs first (serve renders a page waiting to be re-rendered). */
export function memorySource(files: OutputFiles, before?: (rel: string) => void): FileSource {
  return {
    get(rel) {
      before?.(rel);
      const data = files.get(rel);
      return data === undefined ? undefined : { rel, bytes: typeof data === 'string' ? Buffer.from(data) : data };
    },
  };
}

/** A folder on disk. Never leaves it: a symbolic link pointing outside answers as if nothing were there. */
export function folderSource(dir: string): FileSource {
  return {
    get(rel) {
      if (!existsSync(dir)) return undefined;
      const root = realpathSync(dir);
      const file = join(root, rel);
      if (!existsSync(file)) return undefined;
      const real = realpathSync(file);
      if (real !== root && !real.startsWith(root + sep)) return undefined;
      return statSync(real).isFile() ? { rel, path: real } : undefined;
    },
  };
}

/** The first source that has the file (serve: the output in memory, then the static folder). */
export function firstOf(...sources: FileSource[]): FileSource {
  return { get: (rel) => sources.reduce<SourceFile | undefined>((found, s) => found ?? s.get(rel), undefined) };
}

/**
 * The part of a request path under baseUrl, decoded and checked: undefined for anything that could name a
 * file outside the site (`..` or `.` segments, encoded or not, backslashes, NUL, empty segments) or that is
 * not under baseUrl at all.
 */
export function sitePath(baseUrl: string, rawPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  if (!path.startsWith(baseUrl) && path + '/' !== baseUrl) return undefined;
  const rel = path.slice(baseUrl.length);
  if (rel.startsWith('/') || rel.includes('//')) return undefined;
  if (rel.split('/').some((seg) => seg === '..' || seg === '.')) return undefined;
  return rel;
}

/** The output files that may answer a site path, in order: trailing slashes off, `.html` implied. */
export function fileCandidates(rel: string): string[] {
  return rel === '' || rel.endsWith('/') ? [`${rel}index.html`] : [rel, `${rel}.html`, `${rel}/index.html`];
}

export interface SiteServing {
  baseUrl: string;
  /** Locale prefixes (e.g. pt-BR, es) whose own 404 page answers under them. */
  localePrefixes: string[];
  source: FileSource;
  /**
   * `dev`: never cache. `host`: hashed assets are immutable, the rest revalidated (production preview): pages
   * and the assets named stably (render/names.ts).
   */
  cache: 'dev' | 'host';
  /** Rewrites every HTML page on its way out (serve adds its live-reload client). */
  html?: (html: string) => string;
}

/** Answers one request from the site. */
export function handleRequest(req: IncomingMessage, res: ServerResponse, site: SiteServing): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/' && site.baseUrl !== '/') {
    res.writeHead(302, { location: site.baseUrl, ...cacheHeaders(site, undefined) }).end();
    return;
  }
  const rel = sitePath(site.baseUrl, pathname);
  const found = rel === undefined ? undefined : fileCandidates(rel).reduce<SourceFile | undefined>((f, c) => f ?? site.source.get(c), undefined);
  if (found) return send(req, res, site, 200, found);
  const prefix = localePrefixOf(site.baseUrl, pathname, site.localePrefixes);
  const notFound = site.source.get(prefix ? `${prefix}/404.html` : '404.html');
  if (notFound) return send(req, res, site, 404, notFound);
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...cacheHeaders(site, undefined) }).end('Not found');
}

function cacheHeaders(site: SiteServing, rel: string | undefined): Record<string, string> {
  const cache = site.cache === 'dev' ? 'no-store' : rel?.startsWith('assets/') && !REVALIDATED_FILES.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return { 'cache-control': cache, 'x-content-type-options': 'nosniff' };
}

function send(req: IncomingMessage, res: ServerResponse, site: SiteServing, status: number, file: SourceFile): void {
  const headers = { 'content-type': contentType(file.rel), ...cacheHeaders(site, status === 200 ? file.rel : undefined) };
  const answer = (bytes: Uint8Array) => {
    const body = site.html && file.rel.endsWith('.html') ? site.html(Buffer.from(bytes).toString('utf8')) : bytes;
    // A validator, as static hosts send: what the browser revalidates (pages, the route manifests and search
    // entries, fetched with `no-cache`) costs a 304 when it did not change.
    if (site.cache === 'host' && status === 200) {
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ...headers, etag }).end();
      return reply(req, res, status, { ...headers, etag }, body);
    }
    reply(req, res, status, headers, body);
  };
  if ('bytes' in file) return answer(file.bytes);
  // The bytes as they were read, their length included: a length taken from a stat before streaming went
  // wrong when the file was rewritten in between (a build swapping the output in, an editor saving).
  // Site files are small enough to read whole.
  readFile(file.path).then(answer, () => res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found'));
}

export function reply(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string | Uint8Array): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...headers, 'content-length': String(bytes.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** `serve --no-watch` and the browser tests: a built folder as a static host serves it. */
export function handleStatic(req: IncomingMessage, res: ServerResponse, options: { dir: string; baseUrl: string; localePrefixes: string[]; dev: boolean }): void {
  handleRequest(req, res, { baseUrl: options.baseUrl, localePrefixes: options.localePrefixes, source: folderSource(options.dir), cache: options.dev ? 'dev' : 'host' });
}
