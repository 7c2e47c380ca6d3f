// The build's worker threads. The main thread always takes a share of the work itself; on a 2-core machine
// that means one worker, which keeps memory low (each thread loads its own copy of the Markdown pipeline and
// of React). Workers exist only in the compiled CLI, where the worker script is JavaScript; from TypeScript
// sources (tests) everything runs in-process. Workers start when the pool is created, so their start-up
// overlaps with loading the config and bundling the browser code.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { processDoc, type DocJob, type DocResult } from '../content/process-doc.ts';
import { UserError } from '../errors.ts';
import { packageRoot } from '../paths.ts';
import type { RenderTask, RenderedScan, WorkerRequestBody, WorkerResponse } from './messages.ts';

export function workerScript(): string | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const file = join(packageRoot(), 'dist', 'build-worker.js');
  return existsSync(file) ? file : undefined;
}

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

  /** Splits `items` into one interleaved share per thread (big pages cluster in folders). */
  private shares<T>(items: T[]): T[][] {
    const out: T[][] = Array.from({ length: this.threads }, () => []);
    items.forEach((item, i) => out[i % this.threads]!.push(item));
    return out;
  }

  private merge<R>(parts: R[][], total: number): R[] {
    const out: R[] = new Array(total);
    parts.forEach((part, t) => part.forEach((r, k) => (out[k * this.threads + t] = r)));
    return out;
  }

  async processDocs(jobs: DocJob[]): Promise<DocResult[]> {
    const [own, ...others] = this.shares(jobs);
    const remote = others.map((share, i) => this.ask(this.workers[i]!, { type: 'docs', jobs: share }).then((r) => (r as Extract<WorkerResponse, { type: 'docs' }>).results));
    const local: DocResult[] = [];
    for (const job of own!) local.push(await processDoc(job));
    return this.merge([local, ...(await Promise.all(remote))], jobs.length);
  }

  /**
   * Renders the task's routes: the workers theirs (writing the pages themselves), the main thread its own
   * share through `renderHere` at the same time. Returns the workers' scans.
   */
  async render(task: RenderTask, renderHere: (routes: RenderTask['routes']) => void): Promise<{ scans: RenderedScan[]; bytes: number; count: number }> {
    const [own, ...others] = this.shares(task.routes);
    const remote = others.map((routes, i) => this.ask(this.workers[i]!, { type: 'render', task: { ...task, routes } }));
    try {
      renderHere(own!);
    } finally {
      // Let the workers finish (or fail) before the caller may remove the folder they write into.
      await Promise.allSettled(remote);
    }
    const done = (await Promise.all(remote)) as Extract<WorkerResponse, { type: 'render' }>[];
    return { scans: done.flatMap((d) => d.scans), bytes: done.reduce((a, d) => a + d.bytes, 0), count: done.reduce((a, d) => a + d.count, 0) };
  }

  async dispose(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
