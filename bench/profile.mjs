#!/usr/bin/env node
// npm run bench:profile — a CPU profile of one cold build of the generated corpus, and what it says.
//
//   node bench/profile.mjs [--pages 150] [--top 30] [--interval 500] [--stage content --stage render] [--out DIR]
//                          [--root SITE] [--keep] [--out-dir DIR]
//
// Reproducible: the corpus is ../shared/bench/gen-corpus.mjs with its default seed (same flags → the same
// bytes), 150 pages per locale × 3 locales unless --pages says otherwise, laid out by bench/corpus-site.mjs
// exactly as `npm run bench` builds it; the build is the compiled CLI (dist/cli.js: run
// `node scripts/compile-cli.mjs` first, as the npm script does, started as bin/cheatsheet.js starts it) into
// an empty folder with no build cache (a fresh corpus folder), one cold process. A warm build's profile: give
// --root a site built before and --out-dir its output folder (kept, so the build reuses its spare folder as
// every warm build does; `build --out-dir` of the earlier builds must be the same).
//
// Node writes one .cpuprofile per thread (`--cpu-prof`: the main thread and each worker thread), into --out
// (default: a new temporary folder, printed) — open them in Chrome DevTools (Performance → Load profile) or
// speedscope. This script then prints
//   - the top functions by self time over all threads, each at its source file:line (through dist's source
//     maps: renderer/…, templates/…, or the package in node_modules), then those of each --stage (default:
//     content and render) on the main thread;
//   - a per-stage summary: the build's phases (User Timing entries `cheatsheet:<phase>` that the build's Timer
//     records) cut the main thread's samples into stages; for each, wall time, time on the CPU, garbage
//     collection, the busiest source areas, and the workers' CPU time in the same window.
// Self times are sampled (one sample per --interval µs); "busy" is the sampled time the thread was not idle,
// which on a loaded machine includes time it waited for a core. They shift less than wall time,
// but compare profiles taken in the same sitting.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusSite } from './corpus-site.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: '150' },
    top: { type: 'string', default: '30' },
    interval: { type: 'string', default: '500' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    root: { type: 'string' },
    'out-dir': { type: 'string' },
    stage: { type: 'string', multiple: true, default: ['content', 'render'] },
  },
});

// ---- run --------------------------------------------------------------------------------------------

function runProfiledBuild(root, profDir) {
  // The probe records how performance.now() maps onto the profiler's clock (both monotonic, the profile in
  // µs) and, at exit, the build's phase measures. It starts the CLI as bin/cheatsheet.js does (NODE_ENV set
  // before React loads: dist/cli.js imported directly would render with React's development build).
  const probe = join(profDir, 'probe.mjs');
  writeFileSync(
    probe,
    `const hr0 = Number(process.hrtime.bigint() / 1000n), pn0 = performance.now();
process.on('exit', () => {
  const phases = performance.getEntriesByType('measure').filter((m) => m.name.startsWith('cheatsheet:')).map((m) => ({ name: m.name.slice(11), start: m.startTime, ms: m.duration }));
  require('node:fs').writeFileSync(${JSON.stringify(join(profDir, 'phases.json'))}, JSON.stringify({ offsetUs: hr0 - pn0 * 1000, phases, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
});
const { createRequire } = await import('node:module');
const require = createRequire(import.meta.url);
await import(${JSON.stringify(pathToFileURL(join(repo, 'bin', 'cheatsheet.js')).href)});
`,
  );
  const outDir = flags['out-dir'] ? resolve(flags['out-dir']) : join(profDir, 'site-build');
  const args = ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', flags.interval, probe, 'build', '--root', root, '--out-dir', outDir];
  const started = process.hrtime.bigint();
  // On the main thread: its profile is thread 0 and its phases are the probe's (a cold build would otherwise
  // run on a build thread of its own, cli/build-thread.ts).
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, CHEATSHEET_BUILD_THREAD: '0' } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`the profiled build failed:\n${r.stderr}\n${r.stdout}`);
  if (!flags['out-dir']) rmSync(outDir, { recursive: true, force: true });
  return { wallMs, summary: /phases: .*/.exec(r.stdout)?.[0] ?? '', built: /Built .*/.exec(r.stdout)?.[0] ?? '' };
}

// ---- read -------------------------------------------------------------------------------------------

const maps = new Map();
/** The source position of a bundled function (dist/ has linked source maps), else the file itself. */
function locate(url, line, column) {
  if (!url) return '';
  if (!url.startsWith('file://')) return url;
  const file = fileURLToPath(url);
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    try {
      if (existsSync(`${file}.map`)) map = { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))), dir: dirname(file) };
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  if (map) {
    const e = map.map.findEntry(line, column);
    if (e && e.originalSource) return `${shorten(resolve(map.dir, e.originalSource.replace(/^file:\/\//, '')))}:${e.originalLine + 1}`;
  }
  return `${shorten(file)}:${line + 1}`;
}

function shorten(file) {
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) return file.slice(nm + 14);
  return relative(repo, file);
}

/** The source area a location belongs to: a package, or a folder of this repository. */
function areaOf(loc, fn) {
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(program)' || fn === '(idle)' || fn === '(root)') return fn;
  if (!loc) return '(native / V8 builtins)';
  if (loc.startsWith('node:')) return 'node internals';
  const parts = loc.split(':')[0].split('/');
  if (parts[0] === 'renderer' || parts[0] === 'cli') return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  if (parts[0] === 'templates' || parts[0] === 'client') return parts[0];
  if (parts[0] === '..' || parts[0] === 'dist') return loc.split(':')[0];
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** One profile → its samples as [node, startUs, durationUs] and the nodes by id, located. */
function readProfile(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map();
  for (const n of p.nodes) {
    const cf = n.callFrame;
    const fn = cf.functionName || '(anonymous)';
    const loc = locate(cf.url, cf.lineNumber, cf.columnNumber);
    nodes.set(n.id, { fn, loc, area: areaOf(loc, fn) });
  }
  const samples = [];
  let t = p.startTime;
  const times = p.timeDeltas.map((d) => (t += d));
  for (let i = 0; i < p.samples.length; i++) {
    const next = i + 1 < times.length ? times[i + 1] : p.endTime;
    samples.push([nodes.get(p.samples[i]), times[i], Math.max(0, next - times[i])]);
  }
  return { file, startTime: p.startTime, endTime: p.endTime, samples };
}

const idle = (n) => n.fn === '(idle)' || n.fn === '(program)';

// ---- report -----------------------------------------------------------------------------------------

const ms = (us) => (us / 1000).toFixed(0);
const pad = (s, n) => String(s).padStart(n);

function topFunctions(threads, top, what = 'all threads') {
  const by = new Map();
  let total = 0;
  for (const th of threads)
    for (const [n, , d] of th.samples) {
      if (idle(n)) continue;
      total += d;
      const key = `${n.fn}\u0000${n.loc}`;
      const e = by.get(key) ?? { fn: n.fn, loc: n.loc, us: 0, threads: new Set() };
      e.us += d;
      e.threads.add(th.label);
      by.set(key, e);
    }
  const rows = [...by.values()].sort((a, b) => b.us - a.us).slice(0, top);
  console.log(`\nTop ${top} functions by self time, ${what} (${ms(total)} ms on the CPU in all, idle left out):`);
  console.log(`${pad('self ms', 8)} ${pad('%', 5)}  function — source:line  [threads]`);
  for (const r of rows) console.log(`${pad(ms(r.us), 8)} ${pad(((100 * r.us) / total).toFixed(1), 5)}  ${r.fn} — ${r.loc || '(native)'}  [${[...r.threads].join(',')}]`);
}

function areas(samples, n = 4) {
  const by = new Map();
  for (const [node, , d] of samples) if (!idle(node)) by.set(node.area, (by.get(node.area) ?? 0) + d);
  return [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function stageSummary(main, workers, phaseInfo) {
  const phases = phaseInfo.phases.map((p) => ({ ...p, from: phaseInfo.offsetUs + p.start * 1000, to: phaseInfo.offsetUs + (p.start + p.ms) * 1000 }));
  // Phases can overlap (the browser bundle runs beside the content stage): a sample goes to the phase that
  // started last among those it falls in.
  const stageOf = (t) => {
    let best;
    for (const p of phases) if (t >= p.from && t < p.to && (!best || p.from > best.from)) best = p;
    return best?.name ?? '(outside phases: start-up, CLI, exit)';
  };
  const groups = new Map();
  for (const s of main.samples) {
    const k = stageOf(s[1]);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(s);
  }
  for (const name of flags.stage) {
    const ss = groups.get(name);
    if (ss) topFunctions([{ label: 'main', samples: ss }], Math.min(15, Number(flags.top)), `stage ${name}, main thread`);
  }
  console.log(`\nPer stage (main thread; phases from the build's Timer, wall = the phase's own length):`);
  console.log(`${'stage'.padEnd(10)} ${pad('wall ms', 8)} ${pad('busy ms', 7)} ${pad('gc ms', 6)} ${pad('workers', 8)}  busiest areas (self ms)`);
  const order = [...phases.map((p) => p.name), '(outside phases: start-up, CLI, exit)'];
  for (const name of order) {
    const ss = groups.get(name) ?? [];
    const p = phases.find((x) => x.name === name);
    const cpu = ss.reduce((a, [n, , d]) => a + (idle(n) ? 0 : d), 0);
    const gc = ss.reduce((a, [n, , d]) => a + (n.area === 'GC' ? d : 0), 0);
    const w = p ? workers.reduce((a, th) => a + th.samples.reduce((b, [n, t, d]) => b + (!idle(n) && t >= p.from && t < p.to ? d : 0), 0), 0) : 0;
    const top = areas(ss).map(([a, us]) => `${a} ${ms(us)}`).join(', ');
    console.log(`${name.slice(0, 10).padEnd(10)} ${pad(p ? p.ms.toFixed(0) : '', 8)} ${pad(ms(cpu), 7)} ${pad(ms(gc), 6)} ${pad(ms(w), 8)}  ${name.startsWith('(') ? `${name}: ` : ''}${top}`);
  }
  for (const th of workers) {
    const cpu = th.samples.reduce((a, [n, , d]) => a + (idle(n) ? 0 : d), 0);
    console.log(`${th.label.padEnd(10)} ${pad('', 8)} ${pad(ms(cpu), 7)}  ${'(whole life)'.padEnd(15)} ${areas(th.samples).map(([a, us]) => `${a} ${ms(us)}`).join(', ')}`);
  }
}

// ---- main -------------------------------------------------------------------------------------------

if (!existsSync(join(repo, 'dist', 'cli.js'))) throw new Error('Run `node scripts/compile-cli.mjs` first (npm run bench:profile does).');
const pages = Number(flags.pages);
const root = flags.root ? resolve(flags.root) : corpusSite(pages);
const profDir = flags.out ? resolve(flags.out) : mkdtempSync(join(tmpdir(), 'cheatsheet-profile-'));
mkdirSync(profDir, { recursive: true });
for (const f of existsSync(profDir) ? readdirSync(profDir) : []) if (f.endsWith('.cpuprofile')) rmSync(join(profDir, f));
try {
  console.log(`CPU profile of a ${flags.root ? 'build' : 'cold build'}: ${flags.root ? root : `generated corpus, ${pages} pages × 3 locales`}, Node ${process.version}, sampling every ${flags.interval} µs`);
  const run = runProfiledBuild(root, profDir);
  console.log(`${run.built}\n  ${run.summary}\n  wall ${(run.wallMs / 1000).toFixed(2)} s under the profiler (sampling adds a little)`);
  const phaseInfo = JSON.parse(readFileSync(join(profDir, 'phases.json'), 'utf8'));
  // File names: CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile; thread 0 is the main thread.
  const threads = readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({ ...readProfile(join(profDir, f)), tid: Number(f.split('.').at(-3)) }))
    .sort((a, b) => a.tid - b.tid)
    .map((t) => ({ ...t, label: t.tid === 0 ? 'main' : `worker${t.tid}` }));
  const main = threads.find((t) => t.tid === 0);
  if (!main) throw new Error(`no main-thread profile in ${profDir}`);
  topFunctions(threads, Number(flags.top));
  stageSummary(main, threads.filter((t) => t !== main), phaseInfo);
  console.log(`\npeak memory (maxRSS, all threads): ${phaseInfo.maxRssMb.toFixed(0)} MB`);
  console.log(`profiles (one per thread): ${profDir}`);
} finally {
  if (!flags.root && !flags.keep) rmSync(root, { recursive: true, force: true });
}
