#!/usr/bin/env node
// The Markdown → HTML pipeline alone: every doc of a site processed on one thread,
// timed by CPU, optionally profiled, optionally dumped so two versions can be compared doc by doc.
//
//   node bench/pipeline.mjs SITE [--rounds 1] [--inline] [--dump FILE] [--cpu-prof DIR]
//
// Code blocks are deferred and each distinct one highlighted once, as a build's worker does; --inline
// highlights each doc's blocks as it goes (as `serve` does).
//
// The first round is what a cold build's thread pays (module loading, JIT warm-up, grammars compiled);
// later rounds show the steady per-doc cost. CPU time is the process's user+sys (process.cpuUsage()).
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importBundled, startProfile } from './bundle-entry.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '1' }, dump: { type: 'string' }, 'cpu-prof': { type: 'string' }, inline: { type: 'boolean', default: false } } });
const site = resolve(positionals[0] ?? repo);
process.env.NODE_ENV = 'production';

const m = await importBundled(repo, 'bench/pipeline-entry.ts', 'pipeline');
const jobs = await m.siteJobs(site);

const stopProfile = flags['cpu-prof'] ? await startProfile(resolve(flags['cpu-prof']), 'pipeline') : undefined;
let results;
for (let r = 0; r < Number(flags.rounds); r++) {
  const c0 = process.cpuUsage();
  results = await m.processAll(jobs, flags.inline);
  const c = process.cpuUsage(c0);
  const failed = results.filter((x) => !x.ok).length;
  console.log(`round ${r + 1}: ${jobs.length} docs, CPU ${((c.user + c.system) / 1000).toFixed(0)} ms (user ${(c.user / 1000).toFixed(0)}, sys ${(c.system / 1000).toFixed(0)})${failed ? `, ${failed} failed` : ''}`);
}
if (stopProfile) console.log(`profile: ${await stopProfile()}`);
if (flags.dump) {
  writeFileSync(flags.dump, JSON.stringify(results.map((x) => (x.ok ? x.doc : x.error)), null, 1));
  console.log(`dump: ${flags.dump}`);
}
