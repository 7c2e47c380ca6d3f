// Serves a built site exactly as a static host would: trailing slashes off, `.html` implied, the
// locale's not-found page with status 404, nothing outside the output folder.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { localePrefixOf } from '../shared/locale-urls.ts';

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

export interface StaticOptions {
  dir: string;
  baseUrl: string;
  /** Locale prefixes (e.g. pt-BR, es) whose own 404 page answers under them. */
  localePrefixes: string[];
  /** Development: never cache. Production preview: hashed assets are immutable. */
  dev: boolean;
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

/** Maps a request path to a file inside dir, or undefined. Never leaves dir. */
export function resolveFile(dir: string, baseUrl: string, rawPath: string): string | undefined {
  const rel = sitePath(baseUrl, rawPath);
  if (rel === undefined || !existsSync(dir)) return undefined;
  const root = realpathSync(dir);
  for (const c of fileCandidates(rel)) {
    const file = join(root, c);
    if (!existsSync(file)) continue;
    const real = realpathSync(file);
    if (real !== root && !real.startsWith(root + sep)) return undefined;
    if (statSync(real).isFile()) return real;
  }
  return undefined;
}


export function notFoundFile(dir: string, baseUrl: string, rawPath: string, prefixes: string[]): string | undefined {
  const prefix = localePrefixOf(baseUrl, rawPath, prefixes);
  const file = join(dir, prefix ? `${prefix}/404.html` : '404.html');
  return existsSync(file) ? file : undefined;
}

export function handleStatic(req: IncomingMessage, res: ServerResponse, options: StaticOptions): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (url.pathname === '/' && options.baseUrl !== '/') {
    res.writeHead(302, { location: options.baseUrl }).end();
    return;
  }
  const file = resolveFile(options.dir, options.baseUrl, url.pathname);
  const status = file ? 200 : 404;
  const body = file ?? notFoundFile(options.dir, options.baseUrl, url.pathname, options.localePrefixes);
  const headers: Record<string, string> = {
    'content-type': body ? contentType(body) : 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': options.dev ? 'no-store' : file && file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (!body) {
    res.writeHead(404, headers).end('Not found');
    return;
  }
  sendFile(req, res, status, headers, body);
}

/**
 * Answers with the bytes of `file` as they were read, their length included: a length taken from a stat
 * before streaming went wrong when the file was rewritten in between (a build swapping the output in, an
 * editor saving), sending more or fewer bytes than announced. Preview files are small enough to read whole.
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, file: string): void {
  readFile(file).then(
    (data) => {
      res.writeHead(status, { ...headers, 'content-length': String(data.byteLength) });
      res.end(req.method === 'HEAD' ? undefined : data);
    },
    // Removed between finding it and reading it.
    () => res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found'),
  );
}
