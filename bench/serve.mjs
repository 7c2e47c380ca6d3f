#!/usr/bin/env node
// node bench/serve.mjs — the `serve` budgets of DESIGN.md section 7, on a temporary copy of the real site,
// with the compiled CLI (run `node scripts/compile-cli.mjs` first; `npm run bench` does):
//   1. cold start of `serve` to the first page served (budget < 2 s);
//   2. saving a Markdown file → the new HTML served (budget < 200 ms);
//   3. 2,000 requests over 50 connections to `serve --no-watch` with autocannon (budget: no errors).
// Not a test: the figures depend on the machine. Only 127.0.0.1 is ever contacted.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(repo, 'bin', 'cheatsheet.js');
const BASE = '/aws-cheatsheet/';
const PAGE = `${BASE}pt-BR/docs/compute/ec2`;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const edits = Number(process.env.BENCH_EDITS ?? 15);

function copySite() {
  const root = mkdtempSync(join(tmpdir(), 'cheatsheet-serve-bench-'));
  cpSync(join(repo, 'content'), join(root, 'content'), { recursive: true });
  const config = readFileSync(join(repo, 'site.config.ts'), 'utf8').replace(/from '\.\/renderer\//g, `from '${repo}/renderer/`);
  writeFileSync(join(root, 'site.config.ts'), config);
  return root;
}

function freePort() {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function startServe(args, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', ...args, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const origin = `http://127.0.0.1:${port}`;
  // First page served: poll until the docs page answers 200 (requests wait for the first build).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited:\n${out}`);
    try {
      const res = await fetch(origin + PAGE);
      if (res.status === 200) {
        await res.text();
        break;
      }
    } catch {
      await sleep(5);
    }
  }
  return { child, origin, firstPageMs: performance.now() - started, output: () => out };
}

function stop(child) {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.once('exit', ok);
    child.kill('SIGTERM');
  });
}

async function coldStart(root) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const s = await startServe(['--root', root], await freePort());
    times.push(s.firstPageMs);
    await stop(s.child);
  }
  return times;
}

async function saveToServed(root) {
  const s = await startServe(['--root', root], await freePort());
  // Wait until the watcher is ready (the CLI says so) before editing.
  while (!/watching for changes/.test(s.output())) await sleep(20);
  const file = join(root, 'content/pt-BR/compute/ec2.md');
  const original = readFileSync(file, 'utf8');
  const times = [];
  for (let i = 0; i < edits + 1; i++) {
    const token = `bench-token-${i}-${Date.now()}`;
    const t0 = performance.now();
    writeFileSync(file, original.replace('## Casos de uso', `${token}\n\n## Casos de uso`));
    for (;;) {
      const html = await (await fetch(s.origin + PAGE)).text();
      if (html.includes(token)) break;
      await sleep(2);
    }
    if (i > 0) times.push(performance.now() - t0); // the first edit also warms the in-process Markdown pipeline
    await sleep(300);
  }
  const first = /content\/pt-BR\/compute\/ec2\.md → (\d+) page/.exec(s.output());
  writeFileSync(file, original);
  await stop(s.child);
  return { times, pagesPerEdit: first ? Number(first[1]) : undefined };
}

async function load(root) {
  const out = join(root, 'build');
  const built = spawnSync(process.execPath, [cli, 'build', '--root', root, '--out-dir', out], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
  const s = await startServe(['--root', root, '--no-watch', '--out-dir', out], await freePort());
  const html = await (await fetch(s.origin + PAGE)).text();
  const asset = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  const paths = [PAGE, BASE, `${BASE}docs/compute/ec2`, `${BASE}es/docs/storage/s3`, `${BASE}pt-BR/`, `${BASE}sitemap.xml`, asset, `${BASE}docs/not-a-page`].filter(Boolean);
  const result = await autocannon({
    url: s.origin,
    connections: 50,
    amount: 2000,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  await stop(s.child);
  return result;
}

const root = copySite();
try {
  const cold = await coldStart(root);
  console.log(`serve cold start → first page: median ${median(cold).toFixed(0)} ms (runs: ${cold.map((t) => t.toFixed(0)).join(', ')} ms; budget < 2000 ms)`);
  const { times, pagesPerEdit } = await saveToServed(root);
  console.log(`save → new HTML served: median ${median(times).toFixed(0)} ms, p90 ${pct(times, 0.9).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} edits (${pagesPerEdit ?? '?'} page re-rendered per edit; budget < 200 ms)`);
  const r = await load(root);
  const notFound = r['4xx'];
  console.log(
    `serve --no-watch, autocannon 2,000 requests / 50 connections: ${r.requests.total} requests, errors ${r.errors}, timeouts ${r.timeouts}, 5xx ${r['5xx']}, 4xx ${notFound} (the not-found page, requested on purpose), ` +
      `latency p50 ${r.latency.p50} ms / p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`,
  );
  if (r.errors || r.timeouts || r['5xx']) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
