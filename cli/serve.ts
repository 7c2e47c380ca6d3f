// `cheatsheet serve`: the dev loop (build in memory, watch, live reload, error overlay) by default;
// `--no-watch` serves an existing build/ exactly as a static host would.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../renderer/config/load.ts';
import { DevSite } from '../renderer/serve/dev-site.ts';
import { formatProblem, type Problem } from '../renderer/problems.ts';
import { UserError } from '../renderer/errors.ts';
import { localeInfos } from '../renderer/routes/site-data.ts';
import { localeBase } from '../renderer/shared/locale-urls.ts';
import { createDevHandler } from '../renderer/serve/dev-server.ts';
import { handleStatic } from '../renderer/serve/handler.ts';
import { printWarning } from './report.ts';

export interface ServeFlags {
  root: string;
  outDir: string;
  config?: string;
  port: string;
  host: string;
  watch: boolean;
  open: boolean;
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const red = paint(31);
const green = paint(32);
const dim = paint(2);

async function listen(handler: RequestListener, portFlag: string, host: string): Promise<{ server: Server; port: number }> {
  const port = Number(portFlag);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UserError('serve', `Invalid port "${portFlag}".`, { hint: 'Use a number from 1 to 65535, or 0 for any free port.' });
  const server = createServer(handler);
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'EADDRINUSE'
          ? new UserError('serve', `Port ${port} is already in use on ${host}.`, { hint: `Stop the other server, or pick another port: --port ${port + 1} (or --port 0 for any free port).` })
          : err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND'
            ? new UserError('serve', `Cannot listen on ${host}: no such interface on this machine.`, { hint: 'Use --host 127.0.0.1 (the default), or the address of one of your network interfaces.' })
            : err,
      ),
    );
    server.listen(port, host, ok);
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}

function urlOf(host: string, port: number, path: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
}

function openBrowser(url: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => printWarning(`could not open a browser; open ${url} yourself.`));
  child.unref();
}

function untilStopped(stop: () => Promise<void>): Promise<number> {
  return new Promise((done) => {
    const onSignal = () => void stop().then(() => done(0));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

async function serveStatic(flags: ServeFlags): Promise<number> {
  const root = resolve(flags.root);
  const { config } = await loadConfig(root, flags.config);
  const dir = resolve(root, flags.outDir);
  if (!existsSync(dir)) throw new UserError('serve', `Nothing to serve: ${flags.outDir}/ does not exist.`, { hint: 'Run `npx cheatsheet build` first, or drop --no-watch to build in memory.' });
  const prefixes = localeInfos(config).map((l) => l.prefix).filter(Boolean);
  const { server, port } = await listen((req, res) => handleStatic(req, res, { dir, baseUrl: config.baseUrl, localePrefixes: prefixes, dev: false }), flags.port, flags.host);
  const url = urlOf(flags.host, port, config.baseUrl);
  process.stdout.write(`Serving ${flags.outDir}/ at ${url} (Ctrl+C to stop)\n`);
  if (flags.open) openBrowser(url);
  return untilStopped(() => new Promise((ok) => server.close(() => ok())));
}

function printProblems(problems: Problem[], hadProblems: boolean): void {
  if (!problems.length) {
    if (hadProblems) process.stdout.write(`${green('✓')} fixed: no more problems\n`);
    return;
  }
  for (const p of problems) process.stderr.write(`${red('error')} ${formatProblem(p)}\n`);
  process.stderr.write(dim('  (the browser shows this too; the server keeps running and picks up the fix)\n'));
}

async function serveDev(flags: ServeFlags): Promise<number> {
  const root = resolve(flags.root);
  const started = performance.now();
  const site = new DevSite({ root, configFile: flags.config, threads: 2 });
  const handler = createDevHandler(site);
  let ready = false;
  let starting: Promise<unknown> = Promise.resolve();
  // Listening first: a busy port is reported at once, and early requests wait for the first build.
  const { server, port } = await listen((req, res) => (ready ? handler.handle(req, res) : void starting.then(() => handler.handle(req, res))), flags.port, flags.host);
  starting = site.start().then(() => (ready = true));
  let hadProblems = false;
  site.on('warning', (w) => printWarning(w));
  site.on('problems', (p) => {
    printProblems(p, hadProblems);
    hadProblems = p.length > 0;
  });
  site.on('update', (u) => {
    const what = u.changed.length ? u.changed.slice(0, 3).join(', ') + (u.changed.length > 3 ? ` and ${u.changed.length - 3} more` : '') : 'site';
    const islands = u.islandScripts ? `, ${u.islandScripts} island script${u.islandScripts === 1 ? '' : 's'}` : '';
    process.stdout.write(`${dim('↻')} ${what} → ${u.rendered} page${u.rendered === 1 ? '' : 's'}${islands} in ${u.ms.toFixed(0)} ms\n`);
  });
  await starting;
  const state = site.state;
  const baseUrl = state?.loaded.config.baseUrl ?? '/';
  const url = urlOf(flags.host, port, baseUrl);
  if (site.problems.length) {
    printProblems(site.problems, false);
    hadProblems = true;
  }
  const pages = state?.table.routes.length ?? 0;
  const others = state?.locales.filter((l) => l.prefix).map((l) => `${l.code}: ${urlOf(flags.host, port, localeBase(baseUrl, l.prefix))}`) ?? [];
  process.stdout.write(
    `Serving ${url}${others.length ? ` (${others.join(', ')})` : ''}\n` +
      `  built ${pages} pages in ${((performance.now() - started) / 1000).toFixed(2)} s; watching for changes (Ctrl+C to stop)\n`,
  );
  if (flags.open) openBrowser(url);
  return untilStopped(async () => {
    handler.close();
    await site.close();
    await new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });
  });
}

export function serveCommand(flags: ServeFlags): Promise<number> {
  return flags.watch ? serveDev(flags) : serveStatic(flags);
}
