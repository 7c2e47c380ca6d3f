// The dev server's HTTP side: its own two URLs (the live-reload client and its event stream, SSE), then the
// request handler `serve --no-watch` uses too (handler.ts), over the in-memory build and the static folder,
// never caching and adding the live-reload client to HTML.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevSite } from './dev-site.ts';
import { problemView, type Problem } from '../problems.ts';
import { freshen, type DevState } from './state.ts';
import { escapeHtml } from '../render/escape.ts';
import { firstOf, folderSource, handleRequest, memorySource, reply } from './handler.ts';
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
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && pathname === DEV_EVENTS) return events(req, res);
    if ((req.method === 'GET' || req.method === 'HEAD') && pathname === DEV_CLIENT) return reply(req, res, 200, { 'content-type': 'text/javascript; charset=utf-8', ...NO_STORE }, devClientScript);
    const state = site.state;
    if (!state) return reply(req, res, 500, { 'content-type': 'text/html; charset=utf-8', ...NO_STORE }, inject(errorPage(site.problems)));
    // The same handler as `serve --no-watch`, over the output in memory (then the static folder).
    handleRequest(req, res, {
      baseUrl: state.loaded.config.baseUrl,
      localePrefixes: state.locales.map((l) => l.prefix),
      source: firstOf(
        memorySource(state.output.files, (rel) => rel.endsWith('.html') && renderIfDirty(state, rel)),
        folderSource(state.paths.static),
      ),
      cache: 'dev',
      html: inject,
    });
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
