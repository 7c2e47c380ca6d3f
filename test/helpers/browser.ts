// Browser-test harness: the built real site served on 127.0.0.1 (a free port) and a Chromium driven by
// playwright-core. Every page records console errors and hydration warnings; tests assert there are none.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { handleStatic } from '../../renderer/serve/handler.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

export const BASE = '/aws-cheatsheet/';

export interface Harness {
  origin: string;
  browser: Browser;
  newPage: (opts?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; context?: BrowserContext }) => Promise<TrackedPage>;
  close: () => Promise<void>;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and React hydration warnings seen so far. */
  problems: string[];
}

/** Answers a request from a built site folder, as a static host would. */
export const serveFromDir = (dir: string) => (req: IncomingMessage, res: ServerResponse) => handleStatic(req, res, { dir, baseUrl: BASE, localePrefixes: ['pt-BR', 'es'], dev: false });

export async function serveDir(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(serveFromDir(dir));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startHarness(dir = inject('siteBuild')): Promise<Harness> {
  const { server, origin } = await serveDir(dir);
  const browser = await chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    origin,
    browser,
    async newPage(opts = {}) {
      const context = opts.context ?? (await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 }, colorScheme: opts.colorScheme ?? 'light' }));
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (msg.type() === 'error' || /hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      return { page, context, problems };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}
