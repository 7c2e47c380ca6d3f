#!/usr/bin/env node
// node bench/search-relevance.mjs [build-dir] — the project's query set (test/search/relevance-set.json)
// on one build, side by side: our local search (the engine the modal and search page run, reading the
// build's index files) and Pagefind 1.6 (the local search Starlight ships) indexing the same docs HTML
// (the <article> of each page, as Starlight marks its content; pages out of our index left out of its),
// queried through its own pagefind.js in Chromium. Per locale: hit@1, hit@3 and MRR@5 over the first
// distinct pages of the results, and the queries each engine misses. Without a build dir, the site is
// built first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import * as pagefind from 'pagefind';
import { buildSite, repo, serve } from './built-site.mjs';
import { entryOf, siteEngine } from './search-engine.mjs';

const SET = JSON.parse(readFileSync(join(repo, 'test', 'search', 'relevance-set.json'), 'utf8'));
const LOCALES = ['pt-BR', 'en', 'es'];
const PREFIX = { 'pt-BR': 'pt-BR/', en: '', es: 'es/' };
const BASE = '/aws-cheatsheet/';

function docsPages(dir, locale) {
  const root = join(dir, PREFIX[locale], 'docs');
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.html')) out.push(join(d, e.name));
    }
  };
  walk(root);
  return out;
}

/** The docs pages our index has (Pagefind gets the same pages): the pages of its chunks. */
function indexedPaths(dir, locale) {
  const { entry } = entryOf(dir, locale);
  const paths = new Set();
  for (const [, name] of entry.chunks) for (const [path] of JSON.parse(readFileSync(join(dir, 'assets', 'search', entry.dir, name), 'utf8'))) paths.add(path);
  return paths;
}

async function pagefindIndex(dir) {
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'article' });
  if (!index) throw new Error(`pagefind: ${errors.join(', ')}`);
  for (const locale of LOCALES) {
    const keep = indexedPaths(dir, locale);
    for (const file of docsPages(dir, locale)) {
      const url = BASE + relative(dir, file).replace(/\.html$/, '').replace(/\/index$/, '');
      if (!keep.has(url)) continue;
      const r = await index.addHTMLFile({ url, content: readFileSync(file, 'utf8') });
      if (r.errors.length) throw new Error(`pagefind: ${r.errors.join(', ')}`);
    }
  }
  const w = await index.writeFiles({ outputPath: join(dir, 'pagefind') });
  if (w.errors.length) throw new Error(`pagefind: ${w.errors.join(', ')}`);
  await pagefind.close();
}

const slug = (url) => url.split('#')[0].replace(/^.*\/docs\//, '').replace(/\/$/, '');

async function ours(dir, locale) {
  const engine = siteEngine(dir, locale);
  const out = [];
  for (const [query] of SET[locale]) {
    const { hits } = await engine.search(query, { hitsPerPage: 20, snippetWords: 10 });
    out.push([...new Set(hits.map((h) => slug(h.url)))]);
  }
  return out;
}

async function theirs(browser, origin, locale) {
  const page = await browser.newPage();
  await page.goto(`${origin}${BASE}${PREFIX[locale]}docs/compute/ec2`);
  const results = await page.evaluate(async (queries) => {
    const pf = await import('/aws-cheatsheet/pagefind/pagefind.js');
    await pf.init();
    const out = [];
    for (const q of queries) {
      const r = await pf.search(q);
      const data = await Promise.all(r.results.slice(0, 10).map((x) => x.data()));
      out.push(data.map((d) => d.url));
    }
    return out;
  }, SET[locale].map(([q]) => q));
  await page.close();
  return results.map((urls) => [...new Set(urls.map(slug))]);
}

function score(locale, ranked) {
  let hit1 = 0;
  let hit3 = 0;
  let mrr = 0;
  const misses = [];
  SET[locale].forEach(([query, right], i) => {
    const rank = ranked[i].findIndex((p) => right.includes(p)) + 1;
    if (rank === 1) hit1++;
    else misses.push(`${query} (${rank || '–'})`);
    if (rank >= 1 && rank <= 3) hit3++;
    if (rank >= 1 && rank <= 5) mrr += 1 / rank;
  });
  const n = SET[locale].length;
  return { hit1: hit1 / n, hit3: hit3 / n, mrr: mrr / n, misses };
}

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const dir = process.argv[2] ? resolve(process.argv[2]) : buildSite();
await pagefindIndex(dir);
const { child, origin } = await serve(dir);
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && existsSync(p));
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  console.log('| engine | locale | queries | hit@1 | hit@3 | MRR@5 |');
  console.log('|---|---|---|---|---|---|');
  const missed = [];
  for (const locale of LOCALES) {
    for (const [name, ranked] of [['cheatsheet', await ours(dir, locale)], ['Pagefind 1.6', await theirs(browser, origin, locale)]]) {
      const s = score(locale, ranked);
      console.log(`| ${name} | ${locale} | ${SET[locale].length} | ${pct(s.hit1)} | ${pct(s.hit3)} | ${s.mrr.toFixed(3)} |`);
      missed.push(`${name} ${locale}, not first: ${s.misses.join(', ') || 'none'}`);
    }
  }
  console.log(`\n${missed.join('\n')}`);
} finally {
  await browser.close();
  child.kill();
}
