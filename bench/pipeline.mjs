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
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '1' }, dump: { type: 'string' }, 'cpu-prof': { type: 'string' }, inline: { type: 'boolean', default: false } } });
const site = resolve(positionals[0] ?? repo);
process.env.NODE_ENV = 'production';

// Inside the repository, so the external packages (shiki, React) resolve from its node_modules.
const out = join(repo, 'node_modules', '.cache', 'cheatsheet-pipeline', createHash('sha256').update(repo).digest('hex').slice(0, 8));
await build({
  absWorkingDir: repo,
  entryPoints: { entry: 'bench/pipeline-entry.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'chokidar', 'fsevents', 'shiki', 'shiki/*', '@shikijs/*', '@svgr/*'],
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});
const m = await import(pathToFileURL(join(out, 'entry.js')).href);
const jobs = await m.siteJobs(site);

let session;
if (flags['cpu-prof']) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
let results;
for (let r = 0; r < Number(flags.rounds); r++) {
  const c0 = process.cpuUsage();
  results = await m.processAll(jobs, flags.inline);
  const c = process.cpuUsage(c0);
  const failed = results.filter((x) => !x.ok).length;
  console.log(`round ${r + 1}: ${jobs.length} docs, CPU ${((c.user + c.system) / 1000).toFixed(0)} ms (user ${(c.user / 1000).toFixed(0)}, sys ${(c.system / 1000).toFixed(0)})${failed ? `, ${failed} failed` : ''}`);
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  const file = join(resolve(flags['cpu-prof']), `pipeline-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`profile: ${file}`);
}
if (flags.dump) {
  writeFileSync(flags.dump, JSON.stringify(results.map((x) => (x.ok ? x.doc : x.error)), null, 1));
  console.log(`dump: ${flags.dump}`);
}
