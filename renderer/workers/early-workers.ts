// The pool's workers started before the build's stages are loaded: a cold build on the build thread
// (cli/build-thread.ts) starts them first thing, so that each worker's start (Node's own bootstrap, the
// worker's modules, the Markdown pipeline) runs on the core the build thread leaves idle while it loads the
// build script, the config and the bundle, rather than in the content stage. WorkerPool takes them. They
// are kept on globalThis under a registered symbol: the build script has its own copies of these modules.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../paths.ts';

/**
 * A worker's young generation (V8's default grows it to ~48 MB): its garbage is short-lived (a page's render
 * tree), so a smaller one costs no measurable CPU and lowers the build's peak memory (150 × 3 corpus, cold,
 * 3 interleaved runs: median 271 → 255 MB).
 */
const WORKER_YOUNG_GENERATION_MB = 12;

/** What a worker is told when it starts (renderer/workers/worker.ts). */
export interface PoolWorkerData {
  /** Load the Markdown pipeline at once: the worker will be given pages to process. */
  preloadMarkdown?: boolean;
}

export function workerScript(): string | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const file = join(packageRoot(), 'dist', 'build-worker.js');
  return existsSync(file) ? file : undefined;
}

export function startPoolWorker(script: string, data: PoolWorkerData = {}): Worker {
  return new Worker(script, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
}

const EARLY = Symbol.for('cheatsheet.earlyPoolWorkers');

interface Early {
  script: string;
  workers: Worker[];
  failed: boolean;
}

type Holder = { [EARLY]?: Early };

/**
 * Starts `count` workers for a pool to take. Unreferenced until taken: a build that fails before its pool
 * exists ends as before, its thread not kept alive by them.
 */
export function startEarlyWorkers(script: string, count: number, data: PoolWorkerData): void {
  const early: Early = { script, workers: [], failed: false };
  for (let i = 0; i < count; i++) {
    const worker = startPoolWorker(script, data);
    worker.unref();
    // An error before the pool takes them: the pool starts its own instead.
    worker.once('error', () => (early.failed = true));
    early.workers.push(worker);
  }
  (globalThis as Holder)[EARLY] = early;
}

/** The workers started early, if they are `count` of `script` and well; else none (and those are ended). */
export function takeEarlyWorkers(script: string, count: number): Worker[] | undefined {
  const early = (globalThis as Holder)[EARLY];
  if (!early) return undefined;
  delete (globalThis as Holder)[EARLY];
  if (early.script === script && early.workers.length === count && !early.failed) {
    for (const w of early.workers) w.ref();
    return early.workers;
  }
  for (const w of early.workers) void w.terminate();
  return undefined;
}
