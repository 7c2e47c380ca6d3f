#!/usr/bin/env node
// node bench/threads.mjs (after `node scripts/compile-cli.mjs`) — how the build scales with threads: cold builds of the generated corpus (150 and
// 600 pages per locale by default) with CHEATSHEET_THREADS=1, 2 and every core, runs interleaved (1, 2, N,
// 1, 2, N, …) so that a load that comes and goes hits every thread count alike. Prints, per thread count,
// the median wall time, user and system CPU of the whole process (all threads), and peak memory; then the
// serial fraction measured on the one-thread build (what per-page work leaves over) and Amdahl's bound
// for 8 and 32 cores. Not a test: figures depend on the machine and on what else runs on it.
//   node bench/threads.mjs [pagesPerLocale…]   BENCH_RUNS=5 BENCH_THREADS=1,2,4
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusSite } from './corpus-site.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const threadCounts = (process.env.BENCH_THREADS ?? `1,2,${availableParallelism()}`).split(',').map(Number).filter((n, i, a) => n > 0 && a.indexOf(n) === i);
if (!existsSync(join(repo, 'dist', 'cli.js'))) throw new Error('Run `node scripts/compile-cli.mjs` first.');

// Peak RSS and CPU of the whole process (worker threads included), printed at exit.
const probe = join(mkdtempSync(join(tmpdir(), 'cheatsheet-threads-')), 'probe.mjs');
// The main thread's own CPU time (Linux: /proc) is what does not shrink with more threads: on a machine
// with a core per thread and nothing else running, the build's wall time follows it.
writeFileSync(
  probe,
  `import { readFileSync } from 'node:fs';
process.on('exit', () => {
  const u = process.resourceUsage();
  let main;
  try {
    const stat = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    main = (Number(f[11]) + Number(f[12])) * 10000; // utime + stime, in ticks of 10 ms → µs
  } catch {}
  process.stderr.write('\\nUSAGE ' + JSON.stringify({ rss: u.maxRSS, user: u.userCPUTime, sys: u.systemCPUTime, main }) + '\\n');
});
await import(${JSON.stringify(join(repo, 'dist', 'cli.js'))});
`,
);

function coldBuild(root, outDir, threads) {
  const start = process.hrtime.bigint();
  // CHEATSHEET_BUILD_THREAD=0: the build coordinates from the process's main thread, whose CPU the probe reads.
  const r = spawnSync(process.execPath, [probe, 'build', '--root', root, '--out-dir', outDir], { encoding: 'utf8', env: { ...process.env, CHEATSHEET_THREADS: String(threads), CHEATSHEET_DEBUG_POOL: '1', CHEATSHEET_BUILD_THREAD: '0' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`build failed in ${root}:\n${r.stderr}\n${r.stdout}`);
  const usage = JSON.parse(/USAGE (.*)/.exec(r.stderr)[1]);
  // The one-thread build's per-page work: processing docs and rendering pages, less the main thread's
  // writing and link scanning (which stay on the main thread whatever the thread count).
  const stage = (what) => {
    const m = new RegExp(`pool: ${what} \\d+ \\w+ on \\d+ thread\\(s\\): (\\d+) ms wall, process CPU (\\d+) ms, main thread writing/scanning (\\d+) ms`).exec(r.stderr);
    return m ? { wall: Number(m[1]), cpu: Number(m[2]), emit: Number(m[3]) } : undefined;
  };
  return { ms, main: usage.main === undefined ? NaN : usage.main / 1000, cpu: (usage.user + usage.sys) / 1000, user: usage.user / 1000, sys: usage.sys / 1000, rss: usage.rss / 1024, docs: stage('process'), render: stage('render'), phases: /phases: (.*)/.exec(r.stdout)?.[1] ?? '' };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms) => (ms / 1000).toFixed(2);

console.log(`cheatsheet build — threads ${threadCounts.join(', ')}; ${runs} interleaved runs each; Node ${process.version}, ${availableParallelism()} cores`);
for (const size of sizes.length ? sizes : [150, 600]) {
  const root = corpusSite(size);
  const results = new Map(threadCounts.map((t) => [t, []]));
  for (let run = 0; run < runs; run++) {
    // Each round starts with another thread count, so no count always runs right after a given one.
    const order = threadCounts.map((_, i) => threadCounts[(i + run) % threadCounts.length]);
    for (const t of order) results.get(t).push(coldBuild(root, join(root, `.out-${t}-${run}`), t));
  }
  console.log(`\ncorpus ${size} × 3 locales`);
  for (const [t, rs] of results) {
    const best = rs.find((r) => r.ms === median(rs.map((x) => x.ms)));
    console.log(`  ${String(t).padStart(2)} thread(s): wall ${s(median(rs.map((r) => r.ms)))} s (runs ${rs.map((r) => s(r.ms)).join(' ')}), CPU user ${s(median(rs.map((r) => r.user)))} s + sys ${s(median(rs.map((r) => r.sys)))} s (main thread ${s(median(rs.map((r) => r.main)))} s), peak ${median(rs.map((r) => r.rss)).toFixed(0)} MB`);
    console.log(`     ${best.phases}`);
  }
  const one = results.get(1);
  if (one?.every((r) => r.docs && r.render)) {
    // Amdahl: p is the share of the one-thread build's CPU spent in per-page work that any thread can do.
    const p = median(one.map((r) => (r.docs.cpu + r.render.cpu - r.render.emit) / r.cpu));
    const bound = (n) => 1 / (1 - p + p / n);
    console.log(`  one thread: per-page work ${(p * 100).toFixed(0)} % of the CPU, serial ${((1 - p) * 100).toFixed(0)} % → Amdahl's bound ${bound(2).toFixed(2)}× on 2 cores, ${bound(8).toFixed(2)}× on 8, ${bound(32).toFixed(2)}× on 32, ${(1 / (1 - p)).toFixed(2)}× at most`);
  }
  rmSync(root, { recursive: true, force: true });
}
rmSync(dirname(probe), { recursive: true, force: true });
