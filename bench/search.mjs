#!/usr/bin/env node
// node bench/search.mjs [build-dir] — the local search budgets of DESIGN.md section 7 on the real site:
//   1. each locale's index: its entry and all its parts, gzip -9, and what the first query downloads in
//      the browser (the entry and the shards and chunks that query needs; budget ≤ 250 KB gzip);
//   2. query → rendered results in the browser: the time from the input event to the modal's DOM showing
//      the answer to that query, and to the next frame, over every keystroke of a set of queries typed
//      one letter at a time (budget p95 < 10 ms).
// Not a test: figures depend on the machine. Without a build dir, the site is built first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildSite, serve } from './built-site.mjs';

const FIRST_QUERY_BUDGET_KB = 250;
const LATENCY_BUDGET_MS = 10;
const QUERIES = {
  'pt-BR': ['lambda', 'dynamodb', 'configuração', 'preços do s3', 'kinesis data streams', 'iam', 'auto scaling', 'dynamdb', 'cloudfront cache', 'banco de dados relacional'],
  en: ['lambda', 'dynamodb', 'pricing', 's3 glacier', 'kinesis data streams', 'iam roles', 'auto scaling', 'cloudfront cache', 'relational database', 'exam tips'],
  es: ['lambda', 'dynamodb', 'configuración', 'precios de s3', 'kinesis', 'iam', 'escalado automático', 'cloudfront', 'base de datos', 'examen'],
};
const PAGES = { 'pt-BR': 'pt-BR/docs/compute/ec2', en: 'docs/compute/ec2', es: 'es/docs/compute/ec2' };

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const gzKb = (buf) => gzipSync(buf, { level: 9 }).length / 1024;

function indexSizes(dir) {
  const folder = join(dir, 'assets', 'search');
  for (const file of readdirSync(folder).filter((f) => f.startsWith('index.')).sort()) {
    const locale = file.split('.')[1];
    const parts = readdirSync(join(folder, locale));
    const whole = parts.reduce((sum, f) => sum + gzKb(readFileSync(join(folder, locale, f))), 0);
    console.log(`index ${locale}: entry ${gzKb(readFileSync(join(folder, file))).toFixed(1)} KB gzip -9, ${parts.length} shards and chunks, ${whole.toFixed(1)} KB gzip -9 in all`);
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
      const downloads = [];
      const onResponse = (r) => r.url().includes('/assets/search/') && downloads.push(r.body().then(gzKb, () => 0));
      page.on('response', onResponse);
      const loadStart = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('aws');
      await page.locator('.DocSearch-Dropdown[data-results-for="aws"]').waitFor();
      const firstQueryMs = Date.now() - loadStart;
      page.off('response', onResponse);
      const firstKb = (await Promise.all(downloads)).reduce((a, b) => a + b, 0);
      console.log(`${locale}: first query ("aws") downloaded ${downloads.length} index files, ${firstKb.toFixed(1)} KB gzip -9 (budget ≤ ${FIRST_QUERY_BUDGET_KB} KB) ${firstKb <= FIRST_QUERY_BUDGET_KB ? 'ok' : 'OVER'}`);
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
