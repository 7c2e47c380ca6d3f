// The dev server's HTTP side: answers from the in-memory build (same URLs as production: trailing slashes
// off, `.html` implied, each locale's not-found page with status 404), falls back to the static folder on
// disk, never caches, adds the live-reload client to HTML, and streams reload/problem events (SSE).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevSite } from '../dev/dev-site.ts';
import { problemView, type Problem } from '../problems.ts';
import { freshen, type DevState } from '../dev/state.ts';
import { escapeHtml } from '../render/escape.ts';
import { localePrefixOf } from '../shared/locale-urls.ts';
import { contentType, fileCandidates, resolveFile, sendFile, sitePath } from './static.ts';
import { DEV_CLIENT, DEV_EVENTS, devClientScript } from './dev-client.ts';

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export interface DevHandler {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Ends the open event streams (so the server can close). */
  close: () => void;
}

export function createDevHandler(site: DevSite): DevHandler {
  const session = randomBytes(6).toString('hex');
  const streams = new Set<ServerResponse>();
  const send = (event: string, data: unknown) => {
    const msg = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of streams) res.write(msg);
  };
  site.on('update', (u) => send('reload', { paths: u.reload, generation: site.generation }));
  // The overlay shows what the terminal shows: both come from problemView.
  site.on('problems', (p) => send('problems', p.map(problemView)));
  const keepAlive = setInterval(() => {
    for (const res of streams) res.write(': keep-alive\n\n');
  }, 20_000);
  keepAlive.unref();

  const inject = (html: string) => {
    const at = html.lastIndexOf('</body>');
    const tag = `<script src="${DEV_CLIENT}?s=${session}&amp;g=${site.generation}"></script>\n`;
    return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
  };

  function events(req: IncomingMessage, res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', ...NO_STORE });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify({ session, generation: site.generation, problems: site.problems.map(problemView), empty: !site.state })}\n\n`);
    streams.add(res);
    req.on('close', () => streams.delete(res));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === DEV_EVENTS) return events(req, res);
    if (url.pathname === DEV_CLIENT) return reply(req, res, 200, 'text/javascript; charset=utf-8', devClientScript);
    const state = site.state;
    if (!state) return reply(req, res, 500, 'text/html; charset=utf-8', inject(errorPage(site.problems)));
    const { baseUrl } = state.loaded.config;
    if (url.pathname === '/' && baseUrl !== '/') {
      res.writeHead(302, { location: baseUrl, ...NO_STORE }).end();
      return;
    }
    const rel = sitePath(baseUrl, url.pathname);
    if (rel !== undefined) {
      for (const candidate of fileCandidates(rel)) {
        if (candidate.endsWith('.html')) renderIfDirty(state, candidate);
        const body = state.files.get(candidate);
        if (body !== undefined) return reply(req, res, 200, contentType(candidate), candidate.endsWith('.html') ? inject(String(body)) : body);
      }
      const file = resolveFile(state.staticDir, baseUrl, url.pathname);
      if (file) {
        return sendFile(req, res, 200, { 'content-type': contentType(file), ...NO_STORE }, file);
      }
    }
    const prefixes = state.locales.map((l) => l.prefix).filter(Boolean);
    const prefix = localePrefixOf(baseUrl, url.pathname, prefixes);
    const notFoundFile = prefix ? `${prefix}/404.html` : '404.html';
    renderIfDirty(state, notFoundFile);
    const notFound = state.files.get(notFoundFile);
    if (notFound !== undefined) return reply(req, res, 404, 'text/html; charset=utf-8', inject(String(notFound)));
    reply(req, res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  return {
    handle,
    close: () => {
      clearInterval(keepAlive);
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

/** A page waiting to be re-rendered is rendered now; if that fails the old version is served (the problem shows). */
function renderIfDirty(state: DevState, outFile: string): void {
  try {
    freshen(state, outFile);
  } catch {
    state.dirty.delete(outFile);
  }
}

function reply(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Uint8Array) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.byteLength), ...NO_STORE });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** What every page shows while nothing could be built: the problems, and a reload once they are fixed. */
function errorPage(problems: Problem[]): string {
  const list = problems
    .map(problemView)
    .map((p) => `<li><code>${escapeHtml(p.where || p.kind)}</code> ${escapeHtml(p.message)}</li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en" data-cheatsheet-dev-error><head><meta charset="utf-8"><title>Build error</title></head>
<body><h1>The site could not be built</h1><ul>${list}</ul><p>Fix the file and save: this page reloads by itself.</p>
</body></html>
`;
}
