#!/usr/bin/env node
// npm run bench:lighthouse — Lighthouse (mobile, its default throttling) on pages of the real site served
// on 127.0.0.1 by `cheatsheet serve --no-watch`, behind a gzip proxy as a static host (GitHub Pages, a CDN)
// would compress: performance, accessibility, best practices, SEO, and the metrics behind them.
// Budget (DESIGN.md §7): performance 100, accessibility 100, CLS 0.
// Usage: node bench/lighthouse.mjs [--dir built-site] [page-path…]
//   (default: build the real site; pages: a docs page, the home page, the docs root)
// Chromium: CHROME_PATH, else /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const givenDir = dirAt >= 0 ? resolve(args.splice(dirAt, 2)[1]) : undefined;
const pages = args.length ? args : ['pt-BR/docs/compute/ec2', 'pt-BR/', 'pt-BR/docs'];
const port = 3000 + Math.floor(Math.random() * 2000);
process.env.CHROME_PATH ??= '/usr/bin/chromium';

if (!existsSync(join(repo, 'dist', 'cli.js'))) throw new Error('Run `node scripts/compile-cli.mjs` first (npm run bench:lighthouse does).');
const outDir = givenDir ?? join(mkdtempSync(join(tmpdir(), 'cheatsheet-lighthouse-')), 'build');
if (!givenDir) {
  const built = spawnSync(process.execPath, [join(repo, 'bin', 'cheatsheet.js'), 'build', '--out-dir', outDir], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(built.stderr + built.stdout);
}

const server = spawn(process.execPath, [join(repo, 'bin', 'cheatsheet.js'), 'serve', '--no-watch', '--out-dir', outDir, '--port', String(port)], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((ok, fail) => {
  server.stdout.on('data', (d) => String(d).includes('Serving') && ok());
  server.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
});

// In front of the static server: responses kept in memory and text gzip-compressed, as a CDN or GitHub
// Pages serves them (otherwise the disk and this busy machine's latency would be measured, not the site).
const proxyPort = port + 1;
const cache = new Map();
function fetchUpstream(path) {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'identity' } }, (up) => {
      const chunks = [];
      up.on('data', (c) => chunks.push(c));
      up.on('end', () => {
        const type = String(up.headers['content-type'] ?? '');
        const body = Buffer.concat(chunks);
        const text = /text|javascript|json|xml|svg/.test(type);
        const headers = { 'content-type': type, 'cache-control': String(up.headers['cache-control'] ?? 'no-cache') };
        if (text) Object.assign(headers, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
        ok({ status: up.statusCode ?? 502, headers, body: text ? gzipSync(body, { level: 9 }) : body });
      });
    });
    req.on('error', fail);
    req.end();
  });
}
const proxy = createServer(async (req, res) => {
  let hit = cache.get(req.url);
  if (!hit) cache.set(req.url, (hit = await fetchUpstream(req.url).catch(() => ({ status: 502, headers: {}, body: Buffer.alloc(0) }))));
  res.writeHead(hit.status, { ...hit.headers, 'content-length': hit.body.length });
  res.end(hit.body);
});
await new Promise((ok) => proxy.listen(proxyPort, '127.0.0.1', ok));

/** Loads a page and what it links to through the proxy once, so the measured load is served from memory. */
async function warm(url) {
  const html = await (await fetch(url)).text();
  const base = new URL(url);
  for (const m of html.matchAll(/(?:href|src)="(\/[^"]+)"/g)) await fetch(new URL(m[1], base)).catch(() => undefined);
}

const chrome = await chromeLauncher.launch({ chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
const rows = [];
try {
  for (const path of pages) {
    const url = `http://127.0.0.1:${proxyPort}/aws-cheatsheet/${path}`;
    await warm(url);
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id];
    rows.push({ path, perf: score('performance'), a11y: score('accessibility'), bp: score('best-practices'), seo: score('seo'), fcp: audit('first-contentful-paint').displayValue, lcp: audit('largest-contentful-paint').displayValue, tbt: audit('total-blocking-time').displayValue, cls: audit('cumulative-layout-shift').numericValue, si: audit('speed-index').displayValue });
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`${path}: audits not passed: ${failing.map((a) => a.id).join(', ')}`);
    if (process.env.LH_DUMP) (await import('node:fs')).writeFileSync(`${process.env.LH_DUMP}-${rows.length}.json`, JSON.stringify(lhr));
  }
} finally {
  await chrome.kill();
  proxy.close();
  server.kill();
  if (!givenDir) rmSync(dirname(outDir), { recursive: true, force: true });
}

console.log('\nLighthouse 12.8 (mobile emulation, simulated slow 4G), 127.0.0.1 with gzip');
for (const r of rows) {
  console.log(`${r.path.padEnd(26)} performance ${r.perf}  accessibility ${r.a11y}  best practices ${r.bp}  SEO ${r.seo}  |  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  SI ${r.si}  CLS ${r.cls}`);
}
const docs = rows[0];
console.log('\nBudgets (DESIGN.md §7), on the docs page:');
console.log(`  ${docs.perf === 100 ? 'ok  ' : 'OVER'} performance 100: ${docs.perf}`);
console.log(`  ${docs.a11y === 100 ? 'ok  ' : 'OVER'} accessibility 100: ${docs.a11y}`);
console.log(`  ${docs.cls === 0 ? 'ok  ' : 'OVER'} CLS 0: ${docs.cls}`);
