// The build's worker threads, for the content stage. The main thread always takes a share of the work
// itself; on a 2-core machine that means one worker, which keeps memory low (each thread loads its own copy
// of the Markdown pipeline). Workers exist only in the compiled CLI, where the worker script is JavaScript;
// from TypeScript sources (tests) everything runs in-process. Workers start when the pool is created, so
// their start-up overlaps with loading the config and bundling the browser code; the build ends them as
// soon as the content stage is over.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DeferredHighlighter } from '../content/code-blocks.ts';
import type { DocJob, DocResult, processDoc as ProcessDoc } from '../content/process-doc.ts';
import { UserError } from '../errors.ts';
import { packageRoot } from '../paths.ts';
import type { WorkerRequestBody, WorkerResponse } from './messages.ts';

// The Markdown pipeline (markdown-it, MDX, Shiki: a third of the start-up) is loaded when a first doc is
// processed: a warm build, its docs in the build cache, may process none.
const processDoc: typeof ProcessDoc = async (job, services) => (await import('../content/process-doc.ts')).processDoc(job, services);

export function workerScript(): string | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const file = join(packageRoot(), 'dist', 'build-worker.js');
  return existsSync(file) ? file : undefined;
}

/** From this many docs a worker pays for its start-up by highlighting code while Markdown is parsed. */
export const MIN_DOCS_FOR_A_WORKER = 120;
const MIN_DOCS_PER_EXTRA_THREAD = 500;
/** Below this many docs the Markdown itself runs on the main thread only (2 threads × 500). */
export const MIN_DOCS_FOR_WORKERS = 2 * MIN_DOCS_PER_EXTRA_THREAD;

export class WorkerPool {
  private readonly workers: Worker[];
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: WorkerResponse) => void; reject: (e: unknown) => void }>();

  /** `threads` counts the main thread: 2 → one worker. */
  constructor(threads: number) {
    const script = workerScript();
    const count = script ? Math.max(0, Math.min(threads, availableParallelism()) - 1) : 0;
    this.workers = Array.from({ length: count }, () => {
      const worker = new Worker(script!);
      worker.on('message', (msg: WorkerResponse) => {
        const waiter = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        waiter?.resolve(msg);
      });
      worker.on('error', (err) => {
        for (const w of this.pending.values()) w.reject(err);
        this.pending.clear();
      });
      return worker;
    });
  }

  /** Threads doing work: the workers and the main thread. */
  get threads(): number {
    return this.workers.length + 1;
  }

  private ask(worker: Worker, request: WorkerRequestBody): Promise<WorkerResponse> {
    const id = this.nextId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    }).then((response) => {
      if (response.type !== 'error') return response;
      if (response.userError) throw new UserError(response.userError.kind, response.userError.message, { details: response.userError.details, hint: response.userError.hint });
      throw new Error(`A build worker failed:\n${response.message}`);
    });
  }

  /**
   * Works through `items` on every thread at once from one queue: the main thread takes one item at a time
   * (yielding to the event loop after each, so workers' replies are handled at once), each worker takes
   * batches. A worker that is still starting simply takes fewer: nobody waits for a fixed share.
   */
  private async drain<T, R>(items: T[], batch: number, here: (item: T) => R | Promise<R>, there: (worker: Worker, items: T[]) => Promise<R[]>, useWorkers = true): Promise<R[]> {
    const results = new Array<R>(items.length);
    let next = 0;
    const take = (n: number): [number, number] => {
      const start = next;
      next = Math.min(items.length, next + n);
      return [start, next];
    };
    const debug = process.env.CHEATSHEET_DEBUG_POOL ? { t0: performance.now(), counts: new Array(this.workers.length + 1).fill(0) as number[] } : undefined;
    const remote = (useWorkers ? this.workers : []).map(async (worker, w) => {
      for (let [s, e] = take(batch); s < e; [s, e] = take(batch)) {
        const out = await there(worker, items.slice(s, e));
        out.forEach((r, k) => (results[s + k] = r));
        if (debug) debug.counts[w + 1]! += e - s;
      }
      if (debug) process.stderr.write(`pool: worker ${w} done at ${(performance.now() - debug.t0).toFixed(0)} ms\n`);
    });
    const local = (async () => {
      for (let [s, e] = take(1); s < e; [s, e] = take(1)) {
        results[s] = await here(items[s]!);
        if (debug) debug.counts[0]!++;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (debug) process.stderr.write(`pool: main done at ${(performance.now() - debug.t0).toFixed(0)} ms\n`);
    })();
    // Everything settles before an error is passed on: a worker may still be busy with a batch.
    const settled = await Promise.allSettled([local, ...remote]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (debug) process.stderr.write(`pool: ${items.length} items, per thread ${debug.counts.join(' / ')}\n`);
    return results;
  }

  processDocs(jobs: DocJob[]): Promise<DocResult[]> {
    // Each thread pays its own warm-up of the Markdown pipeline (cold JIT is most of the stage on a site of
    // this size), and two busy threads slow each other down: measured three times (450–460 docs, worker
    // otherwise idle), sharing the Markdown gained nothing. Another thread only pays off on large sites.
    if (jobs.length < MIN_DOCS_PER_EXTRA_THREAD * (this.workers.length + 1)) return this.processDocsHere(jobs);
    return this.drain(jobs, 8, (job) => processDoc(job), async (worker, batch) => ((await this.ask(worker, { type: 'docs', jobs: batch })) as Extract<WorkerResponse, { type: 'docs' }>).results);
  }

  /**
   * Markdown on the main thread only; with a worker, that worker highlights the code blocks meanwhile —
   * grammar loading is most of highlighting's cost and would otherwise be paid on the main thread.
   */
  private async processDocsHere(jobs: DocJob[]): Promise<DocResult[]> {
    const worker = this.workers[0];
    const themes = jobs[0]?.codeThemes;
    if (!worker || !themes) return this.drain(jobs, 8, (job) => processDoc(job), async () => [], false);
    const code = new DeferredHighlighter(themes, async (blocks, t) => ((await this.ask(worker, { type: 'highlight', blocks, themes: t })) as Extract<WorkerResponse, { type: 'highlight' }>).html);
    const results = await this.drain(jobs, 8, (job) => processDoc(job, { deferHighlight: code.defer }), async () => [], false);
    const t0 = performance.now();
    for (const r of results) if (r.ok) r.doc.html = await code.fill(r.doc.html);
    if (process.env.CHEATSHEET_DEBUG_POOL) process.stderr.write(`pool: waited ${(performance.now() - t0).toFixed(0)} ms for highlighted code\n`);
    return results;
  }

  /** Ends the workers (again: a no-op). */
  async dispose(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}
