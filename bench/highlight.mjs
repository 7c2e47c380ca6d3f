#!/usr/bin/env node
// The code highlighting of a cold build alone: every distinct code block of a site, collected as a build's
// worker gets them (processDoc, highlighting deferred), highlighted in one process in build order, with the
// CPU per language. Run it under `valgrind --tool=callgrind` or with --cpu-prof for where the time goes.
//
//   node bench/highlight.mjs SITE|BLOCKS.json [--save-blocks FILE] [--dump FILE] [--cpu-prof DIR]
//
// Each block is highlighted and timed alone (a build sends them in batches as pages meet them; the work per
// block is the same). --dump writes every block's HTML so two versions can be compared byte for byte;
// --cpu-prof profiles the highlighting only (not the docs' processing that collects the blocks).
// --save-blocks writes the blocks (and themes) to a JSON file that can be given instead of the site, so that
// a run under callgrind counts the highlighting and little else. The CLI runs with --no-regexp-tier-up
// (cli/jit.ts): pass it to node to measure what a build pays.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importBundled, startProfile } from './bundle-entry.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags, positionals } = parseArgs({ allowPositionals: true, options: { 'save-blocks': { type: 'string' }, dump: { type: 'string' }, 'cpu-prof': { type: 'string' } } });
const site = resolve(positionals[0] ?? repo);
process.env.NODE_ENV = 'production';

const m = await importBundled(repo, 'bench/highlight-entry.ts', 'highlight');
const { blocks, themes } = site.endsWith('.json') ? JSON.parse(readFileSync(site, 'utf8')) : await m.siteBlocks(await m.siteJobs(site));
if (flags['save-blocks']) writeFileSync(flags['save-blocks'], JSON.stringify({ blocks, themes }));

const byLang = new Map();
const html = [];
const stopProfile = flags['cpu-prof'] ? await startProfile(resolve(flags['cpu-prof']), 'highlight') : undefined;
const c0 = process.cpuUsage();
for (const b of blocks) {
  const t = process.cpuUsage();
  html.push(...(await m.highlightBlocks([b], themes)));
  const c = process.cpuUsage(t);
  const e = byLang.get(b.lang) ?? { blocks: 0, ms: 0, first: 0 };
  if (!e.blocks) e.first = (c.user + c.system) / 1000;
  e.blocks++;
  e.ms += (c.user + c.system) / 1000;
  byLang.set(b.lang, e);
}
const c = process.cpuUsage(c0);
if (stopProfile) console.log(`profile: ${await stopProfile()}`);
console.log(`${blocks.length} blocks, CPU ${((c.user + c.system) / 1000).toFixed(0)} ms`);
for (const [lang, e] of [...byLang].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${lang}: ${e.blocks} blocks, ${e.ms.toFixed(0)} ms (the first ${e.first.toFixed(0)} ms)`);
if (flags.dump) writeFileSync(flags.dump, html.join('\n\u0000\n'));
