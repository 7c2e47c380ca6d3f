// A visitor on a slow connection (or a slow machine, where the parser yields) could see a page painted before
// all of its HTML has arrived, and then see it move as the rest comes in (the right-hand navbar items, a
// breadcrumb row, the footer). Pages hold their first frame until they are parsed (`<link rel=expect>`): here
// the HTML is sent in pieces, each once the previous is parsed; nothing may be painted before the last, and
// the page must show no layout shift.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYLOAD_ID } from '../../renderer/render/document.ts';
import { fileCandidates } from '../../renderer/serve/handler.ts';
import { BASE, serveFromDir, startHarness, type Harness } from '../helpers/browser.ts';
import { VIEWPORTS, layoutShift, layoutShiftSources, settled, trackLayoutShift } from '../helpers/visitor.ts';

/** Where the HTML is cut: after the first breadcrumb (the row grows as the others arrive), then every twelfth of the page's body, up to its data. */
function cutPoints(html: string): number[] {
  const cuts = new Set<number>();
  const crumb = html.indexOf('class="breadcrumbs__item');
  if (crumb > 0) cuts.add(html.indexOf('</li>', crumb) + 5);
  const body = html.indexOf('<body');
  const end = html.indexOf(`<script id="${PAYLOAD_ID}"`);
  const step = Math.floor((end - body) / 12);
  // Right after a tag, so the marker comment added to each piece is a comment and not part of a tag.
  for (let at = body + step; at < end; at += step) cuts.add(html.indexOf('>', at) + 1);
  return [...cuts].filter((c) => c > 0 && c <= end).sort((a, b) => a - b);
}

interface Trickle {
  origin: string;
  server: Server;
  /** Sends only the first piece of `rel` when the browser asks for it; resolves once it has. */
  trickle: (rel: string) => Promise<void>;
  /** How many pieces are still held back. */
  remaining: () => number;
  sendNext: () => void;
}

/** Serves the built site; the one page named with `trickle(rel)` is sent in pieces, on demand. */
async function trickleServer(dir: string): Promise<Trickle> {
  let target = '';
  let pieces: string[] = [];
  let res: ServerResponse | undefined;
  let asked: () => void = () => undefined;
  const serveStatic = serveFromDir(dir);
  const server = createServer((req, response) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(BASE.length);
    if (req.method !== 'GET' || rel !== target) return serveStatic(req, response);
    const file = fileCandidates(rel).map((c) => join(dir, c)).find((f) => f.endsWith('.html') && existsSync(f))!;
    const html = readFileSync(file, 'utf8');
    const cuts = [0, ...cutPoints(html), html.length];
    // Each piece ends with a comment the test looks for: it has been parsed once the comment is in the DOM.
    pieces = cuts.slice(1).map((c, i) => html.slice(cuts[i], c) + `<!--piece ${i}-->`);
    res = response;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.write(pieces.shift()!);
    asked();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    trickle: (rel) => {
      target = rel;
      return new Promise((ok) => (asked = ok));
    },
    remaining: () => pieces.length,
    sendNext: () => {
      res!.write(pieces.shift()!);
      if (!pieces.length) res!.end();
    },
  };
}

/** Waits until the browser has parsed piece `n` (polling on a timer: no frame is rendered meanwhile). */
const parsed = (page: Page, n: number) =>
  page.waitForFunction(
    (text) => {
      const walker = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
      while (walker.nextNode()) if (walker.currentNode.nodeValue === text) return true;
      return false;
    },
    `piece ${n}`,
    { polling: 20 },
  );

const paints = (page: Page) => page.evaluate(() => performance.getEntriesByType('paint').map((e) => e.name));

let h: Harness;
let server: Trickle;
beforeAll(async () => {
  h = await startHarness();
  server = await trickleServer(inject('siteBuild'));
});
afterAll(async () => {
  await h?.close();
  await new Promise((ok) => server?.server.close(ok));
});

describe.each(VIEWPORTS)('a page painted while its HTML arrives (%s)', (_name, viewport) => {
  it.each(['es/docs/database/dynamodb', 'pt-BR/', 'docs/storage/s3', 'docs', 'search'])('%s does not move as the rest arrives', async (path) => {
    const { page, context, problems } = await h.newPage(viewport);
    await trackLayoutShift(context);
    const asked = server.trickle(path);
    const loading = page.goto(server.origin + BASE + path, { waitUntil: 'commit' });
    await asked;
    await loading;
    let pieces = 0;
    await parsed(page, 0);
    while (server.remaining() > 0) {
      // The page is not whole yet (its end, with the data after the app, comes last): nothing painted.
      expect(await paints(page), `painted with ${pieces + 1} pieces`).toEqual([]);
      server.sendNext();
      await parsed(page, ++pieces);
    }
    await settled(page);
    expect(pieces).toBeGreaterThan(10);
    expect(await paints(page)).toContain('first-contentful-paint');
    expect(await layoutShift(page), (await layoutShiftSources(page)).join('\n')).toBe(0);
    expect(problems).toEqual([]);
  });
});
