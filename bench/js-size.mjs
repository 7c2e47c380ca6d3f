#!/usr/bin/env node
// npm run bench:js — the JavaScript a first visit to a docs page downloads (gzip -9): the entry module and
// every module it imports statically, followed transitively (what the browser must fetch before the page
// is interactive; lazily imported chunks are not counted). Measured on the real site and on the generated
// corpus at 150 and 600 pages per locale, to show it does not grow with the number of pages.
// Usage: node bench/js-size.mjs [build-dir page-path]…   (no arguments: build the three sites)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { corpusSite } from './corpus-site.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 90;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Static imports of an ES module as esbuild writes them: `import…from"url"` and `import"url"`. */
function staticImports(code) {
  return [...code.matchAll(/\bimport\s*(?:[\w${},\s*]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
}

export function firstLoadJs(buildDir, pagePath, baseUrl = '/aws-cheatsheet/') {
  const html = readFileSync(join(buildDir, pagePath), 'utf8');
  const toFile = (url) => join(buildDir, url.slice(baseUrl.length));
  const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${pagePath}: no module script`);
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    // Chunks import each other by relative URL: resolved against the importing module, as browsers do.
    for (const dep of staticImports(readFileSync(toFile(url), 'utf8'))) queue.push(new URL(dep, `http://site${url}`).pathname);
  }
  const files = [...seen].map((url) => ({ url, raw: readFileSync(toFile(url)).length, gzip: gz(readFileSync(toFile(url))) }));
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  const payload = /<script id="__CHEATSHEET_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  const missingPreloads = [...seen].filter((u) => u !== entry && !preloads.includes(u));
  return {
    files,
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    raw: files.reduce((n, f) => n + f.raw, 0),
    inlineGzip: inline ? gz(Buffer.from(inline)) : 0,
    htmlGzip: gz(Buffer.from(html)),
    payloadGzip: gz(Buffer.from(payload)),
    missingPreloads,
  };
}

function build(root) {
  const outDir = join(mkdtempSync(join(tmpdir(), 'cheatsheet-js-size-')), 'build');
  const r = spawnSync(process.execPath, [join(repo, 'bin', 'cheatsheet.js'), 'build', '--root', root, '--out-dir', outDir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed in ${root}:\n${r.stderr}${r.stdout}`);
  return outDir;
}

function report(name, m) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(6);
  console.log(`${name.padEnd(34)} JS ${kb(m.gzip)} KB gzip (${kb(m.raw)} KB raw, ${m.files.length} files)  inline scripts ${kb(m.inlineGzip)} KB  HTML ${kb(m.htmlGzip)} KB (payload ${kb(m.payloadGzip)} KB)`);
  for (const f of m.files) console.log(`${''.padEnd(36)}${f.url}  ${kb(f.gzip)} KB`);
  if (m.missingPreloads.length) console.log(`${''.padEnd(36)}not preloaded: ${m.missingPreloads.join(', ')}`);
}

const args = process.argv.slice(2);
if (args.length) {
  for (let i = 0; i < args.length; i += 2) report(`${args[i]} ${args[i + 1]}`, firstLoadJs(args[i], args[i + 1]));
} else {
  if (!existsSync(join(repo, 'dist', 'cli.js'))) throw new Error('Run `node scripts/compile-cli.mjs` first (npm run bench:js does).');
  const results = [];
  const siteOut = build(repo);
  results.push(['real site, pt-BR/docs/compute/ec2', firstLoadJs(siteOut, 'pt-BR/docs/compute/ec2.html')]);
  const roots = [corpusSite(150), corpusSite(600)];
  for (const [i, root] of roots.entries()) {
    const out = build(root);
    const page = readFileSync(join(out, 'sitemap.xml'), 'utf8').match(/\/aws-cheatsheet\/(pt-BR\/docs\/[^<]+)<\/loc>/)[1];
    results.push([`corpus ${i ? 600 : 150}×3, ${page}`, firstLoadJs(out, `${page}.html`)]);
    rmSync(root, { recursive: true, force: true });
  }
  rmSync(siteOut, { recursive: true, force: true });
  for (const [name, m] of results) report(name, m);
  const sizes = results.map(([, m]) => m.gzip);
  console.log('\nBudgets (DESIGN.md §7):');
  console.log(`  ${Math.max(...sizes) < BUDGET_KB * 1024 ? 'ok  ' : 'OVER'} first-load JS of a docs page under ${BUDGET_KB} KB gzip: ${sizes.map((s) => (s / 1024).toFixed(1)).join(' / ')} KB (Docusaurus: 164 KB)`);
  console.log(`  ${sizes[1] === sizes[2] ? 'ok  ' : 'OVER'} the same at 150 and 600 pages per locale (does not grow with the number of pages)`);
}
