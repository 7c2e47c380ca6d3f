#!/usr/bin/env node
// Compares a Docusaurus build with cheatsheet's build of the same site (after `cheatsheet import`): which docs
// pages each has (URLs, grouped by locale), and on the pages both have, the <title>, the <h1> and the sidebar
// (its labels in order). Reads only the two output folders, so it works on any pair of builds.
//
//   node scripts/compare-docusaurus.mjs <docusaurus-build> <cheatsheet-build> [--locales en,fr] [--show 10] [--json]
//
// A docs page is one with Docusaurus's `theme-doc-markdown` (both themes carry it); blog posts, custom pages,
// tag and search pages are left out. URLs are compared without a trailing slash, so `trailingSlash` modes with
// different file layouts (`a/index.html`, `a.html`) still line up. Exit code 1 when anything differs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args.splice(i, 2)[1];
};
const json = args.includes('--json') ? (args.splice(args.indexOf('--json'), 1), true) : false;
const show = Number(flag('--show') ?? 10);
const localeFlag = flag('--locales');
const [docusaurusDir, oursDir] = args;
if (!docusaurusDir || !oursDir) {
  console.error('usage: node scripts/compare-docusaurus.mjs <docusaurus-build> <cheatsheet-build> [--locales en,fr] [--show 10] [--json]');
  process.exit(1);
}

function* htmlFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets') yield* htmlFiles(path);
    } else if (entry.name.endsWith('.html')) yield path;
  }
}

const decode = (s) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The sidebar's labels in document order: links and categories of the docs sidebar's menu. */
function sidebarLabels(html) {
  const start = html.indexOf('theme-doc-sidebar-menu');
  if (start < 0) return [];
  const end = html.indexOf('</nav>', start);
  const nav = html.slice(start, end < 0 ? undefined : end);
  // Categories are links in one theme and buttons in the other, and a category that neither links nor collapses
  // is an <a> without href in Docusaurus, a <span> here: any element with the class counts.
  return [...nav.matchAll(/<(a|button|span)\b[^>]*class="[^"]*\bmenu__link\b[^"]*"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => decode(m[2]));
}

/** URL → what the page shows, for every docs page of a build. */
function readBuild(dir) {
  const pages = new Map();
  for (const file of htmlFiles(dir)) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes('theme-doc-markdown')) continue;
    let url = '/' + relative(dir, file).split(sep).join('/');
    url = url.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '');
    const key = url.length > 1 ? url.replace(/\/$/, '') : url;
    const title = decode(/<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
    const h1 = decode(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    // A page may be written twice (`a.html` and `a/index.html`): the first one read stands.
    if (!pages.has(key)) pages.set(key, { url, title, h1, sidebar: sidebarLabels(html) });
  }
  return pages;
}

const docusaurus = readBuild(docusaurusDir);
const ours = readBuild(oursDir);
// Locales: given, or the first path segments under which both builds have pages and which look like locale codes.
const locales = localeFlag ? localeFlag.split(',') : [...new Set([...docusaurus.keys()].map((u) => u.split('/')[1]).filter((s) => /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(s ?? '')))];
const localeOf = (url) => (locales.includes(url.split('/')[1]) ? url.split('/')[1] : 'default');

const report = { locales: {}, titles: { equal: 0, differ: [] }, h1: { equal: 0, differ: [] }, sidebar: { equal: 0, differ: [] } };
for (const url of new Set([...docusaurus.keys(), ...ours.keys()])) {
  const l = localeOf(url);
  const entry = (report.locales[l] ??= { docusaurus: 0, ours: 0, both: 0, onlyDocusaurus: [], onlyOurs: [] });
  const d = docusaurus.get(url);
  const o = ours.get(url);
  if (d) entry.docusaurus++;
  if (o) entry.ours++;
  if (!d || !o) {
    (d ? entry.onlyDocusaurus : entry.onlyOurs).push(url);
    continue;
  }
  entry.both++;
  for (const field of ['title', 'h1']) {
    const bucket = report[field === 'title' ? 'titles' : 'h1'];
    if (d[field] === o[field]) bucket.equal++;
    else bucket.differ.push({ url, docusaurus: d[field], ours: o[field] });
  }
  if (JSON.stringify(d.sidebar) === JSON.stringify(o.sidebar)) report.sidebar.equal++;
  else {
    const at = d.sidebar.findIndex((label, i) => label !== o.sidebar[i]);
    const first = at < 0 ? o.sidebar.length : at;
    report.sidebar.differ.push({ url, entries: [d.sidebar.length, o.sidebar.length], firstDifference: first, docusaurus: d.sidebar.slice(first, first + 3), ours: o.sidebar.slice(first, first + 3) });
  }
}

if (json) console.log(JSON.stringify(report, null, 2));
else {
  const list = (items, f) => items.slice(0, show).map((x) => `    ${f(x)}`).concat(items.length > show ? [`    … ${items.length - show} more`] : []);
  const lines = ['Docs pages by locale (Docusaurus / cheatsheet / both):'];
  for (const [l, e] of Object.entries(report.locales).sort()) {
    lines.push(`  ${l}: ${e.docusaurus} / ${e.ours} / ${e.both}`);
    if (e.onlyDocusaurus.length) lines.push(`   only in Docusaurus (${e.onlyDocusaurus.length}):`, ...list(e.onlyDocusaurus.sort(), (u) => u));
    if (e.onlyOurs.length) lines.push(`   only in cheatsheet (${e.onlyOurs.length}):`, ...list(e.onlyOurs.sort(), (u) => u));
  }
  for (const [name, bucket] of [['<title>', report.titles], ['<h1>', report.h1]]) {
    lines.push(`${name} equal on ${bucket.equal} of ${bucket.equal + bucket.differ.length} pages`, ...list(bucket.differ, (x) => `${x.url}: Docusaurus "${x.docusaurus}" / cheatsheet "${x.ours}"`));
  }
  const s = report.sidebar;
  lines.push(`sidebar equal on ${s.equal} of ${s.equal + s.differ.length} pages`, ...list(s.differ, (x) => `${x.url}: ${x.entries[0]} / ${x.entries[1]} entries, from #${x.firstDifference}: Docusaurus ${JSON.stringify(x.docusaurus)} / cheatsheet ${JSON.stringify(x.ours)}`));
  console.log(lines.join('\n'));
}
const differs = Object.values(report.locales).some((e) => e.onlyDocusaurus.length || e.onlyOurs.length) || report.titles.differ.length || report.h1.differ.length || report.sidebar.differ.length;
process.exit(differs ? 1 : 0);
