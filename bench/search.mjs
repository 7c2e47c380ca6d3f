#!/usr/bin/env node
// node bench/search.mjs [build-dir] — the local search budgets of DESIGN.md section 7 on the real site:
//   1. each locale's index file, raw and gzip -9 (budget < 200 KB gzip);
//   2. query → rendered results in the browser: the time from the input event to the modal's DOM showing
//      the answer to that query, and to the next frame, over every keystroke of a set of queries typed
//      one letter at a time (budget p95 < 10 ms).
// Not a test: figures depend on the machine. Without a build dir, the site is built first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(repo, 'bin', 'cheatsheet.js');
const INDEX_BUDGET_KB = 200;
const LATENCY_BUDGET_MS = 10;
const QUERIES = {
  'pt-BR': ['lambda', 'dynamodb', 'configuração', 'preços do s3', 'kinesis data streams', 'iam', 'auto scaling', 'dynamdb', 'cloudfront cache', 'banco de dados relacional'],
  en: ['lambda', 'dynamodb', 'pricing', 's3 glacier', 'kinesis data streams', 'iam roles', 'auto scaling', 'cloudfront cache', 'relational database', 'exam tips'],
  es: ['lambda', 'dynamodb', 'configuración', 'precios de s3', 'kinesis', 'iam', 'escalado automático', 'cloudfront', 'base de datos', 'examen'],
};
const PAGES = { 'pt-BR': 'pt-BR/docs/compute/ec2', en: 'docs/compute/ec2', es: 'es/docs/compute/ec2' };

function buildSite() {
  const outDir = join(mkdtempSync(join(tmpdir(), 'cheatsheet-search-bench-')), 'build');
  const r = spawnSync(process.execPath, [cli, 'build', '--out-dir', outDir], { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}${r.stdout}`);
  return outDir;
}

function freePort() {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function serve(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'serve', '--no-watch', '--out-dir', dir, '--port', String(port)], { cwd: repo, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/aws-cheatsheet/`)).ok) return { child, origin };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  child.kill();
  throw new Error('serve did not start');
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function indexSizes(dir) {
  const folder = join(dir, 'assets', 'search');
  for (const file of readdirSync(folder).sort()) {
    const buf = readFileSync(join(folder, file));
    const kb = gzipSync(buf, { level: 9 }).length / 1024;
    console.log(`index ${file}: ${(buf.length / 1024).toFixed(0)} KB raw, ${kb.toFixed(1)} KB gzip -9 (budget < ${INDEX_BUDGET_KB} KB) ${kb < INDEX_BUDGET_KB ? 'ok' : 'OVER'}`);
  }
}

/** Types each query letter by letter into the open modal; per keystroke: ms to the DOM answer and to the next frame. */
async function typeQueries(page, queries) {
  return page.evaluate(async (list) => {
    const input = document.querySelector('.DocSearch-Input');
    const dropdown = document.querySelector('.DocSearch-Dropdown');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const answered = (q) =>
      new Promise((ok) => {
        if (dropdown.getAttribute('data-results-for') === q) return ok();
        const mo = new MutationObserver(() => {
          if (dropdown.getAttribute('data-results-for') === q) {
            mo.disconnect();
            ok();
          }
        });
        mo.observe(dropdown, { attributes: true });
      });
    const dom = [];
    const frame = [];
    const keys = [];
    for (const query of list) {
      for (let i = 1; i <= query.length; i++) {
        const q = query.slice(0, i);
        if (q.endsWith(' ')) continue;
        const start = performance.now();
        setValue.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await answered(q);
        dom.push(performance.now() - start);
        keys.push(q);
        await new Promise((r) => requestAnimationFrame(() => r()));
        frame.push(performance.now() - start);
      }
    }
    return { dom, frame, keys };
  }, queries);
}

async function latency(origin) {
  const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    for (const [locale, queries] of Object.entries(QUERIES)) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${origin}/aws-cheatsheet/${PAGES[locale]}`);
      await page.waitForSelector('html[data-hydrated]');
      const loadStart = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('aws');
      await page.locator('.DocSearch-Dropdown[data-results-for="aws"]').waitFor();
      const firstQueryMs = Date.now() - loadStart;
      // Warm-up round, then the measured round.
      await typeQueries(page, queries.slice(0, 3));
      const { dom, frame, keys } = await typeQueries(page, queries);
      const p95 = pct(dom, 0.95);
      console.log(
        `${locale}: ${dom.length} keystrokes; query → results in the DOM: p50 ${pct(dom, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...dom).toFixed(1)} ms; → next frame p95 ${pct(frame, 0.95).toFixed(1)} ms (budget p95 < ${LATENCY_BUDGET_MS} ms) ${p95 < LATENCY_BUDGET_MS ? 'ok' : 'OVER'}; first open to first results (code + index download + indexing): ${firstQueryMs} ms`,
      );
      const slowest = dom.map((ms, i) => [ms, keys[i]]).sort((a, b) => b[0] - a[0]).slice(0, 6);
      console.log(`  slowest: ${slowest.map(([ms, q]) => `"${q}" ${ms.toFixed(1)} ms`).join(', ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

const dir = process.argv[2] ? resolve(process.argv[2]) : buildSite();
indexSizes(dir);
const { child, origin } = await serve(dir);
try {
  await latency(origin);
} finally {
  child.kill();
}
