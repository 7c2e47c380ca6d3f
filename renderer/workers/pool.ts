// The build's worker threads, for the content and render stages. The main thread always takes a share of
// the work itself and alone writes the output. Content: the first worker highlights all code; from
// `shareMarkdownFrom` docs every thread also processes its share of the pages, below it the main thread all.
// Render: every thread renders its share of the pages, each worker having been sent the data all pages
// share once — rendering in a worker also keeps its garbage out of the main thread's large heap. Workers
// exist only in the compiled CLI, where the worker script is JavaScript; from TypeScript sources (tests)
// everything runs in-process. Workers start when the pool is created, so their start-up overlaps with
// loading the config and bundling the browser code.
import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { DeferredHighlighter, highlightKnown, type CodeCache } from '../content/code-blocks.ts';
import type { CodeBlock } from '../content/code-lines.ts';
import type { CodeThemes } from '../content/highlight.ts';
import type { DocJob, DocResult, processDoc as ProcessDoc } from '../content/process-doc.ts';
import type { DocDone } from '../content/load.ts';
import { joinUtf8Pieces, transferable } from '../cache/pieces.ts';
import { UserError } from '../errors.ts';
import { collectGarbage } from '../free-memory.ts';
import { renderedRoute, renderPages, type RenderableRoute, type RenderInput } from '../render/render-pages.ts';
import { makeIndexFromInput, type IndexFromBuilder, type IndexInput } from '../search/build-search.ts';
import type { PageScan } from '../links/check.ts';
import type { RenderSetup, SentMadeIndex, WorkerRequestBody, WorkerResponse } from './messages.ts';
import { startPoolWorker, takeEarlyWorkers, workerScript } from './early-workers.ts';
import { SHARED_MARKDOWN_DOCS_PER_THREAD, shareMarkdownFromEnv } from './threads.ts';

// The Markdown pipeline (markdown-it, MDX, Shiki: a third of the start-up) is loaded when a first doc is
// processed: a warm build, its docs in the build cache, may process none.
const processDoc: typeof ProcessDoc = async (job, services) => (await import('../content/process-doc.ts')).processDoc(job, services);

/**
 * A doc processed on this thread (a warm build: the docs that changed) with the blocks it had last time
 * taken from the build cache: shiki is loaded only when one of its blocks is new.
 */
async function processDocWithKnownCode(job: DocJob, code: CodeCache): Promise<DocResult> {
  const themes = job.codeThemes;
  if (!themes) return processDoc(job);
  const used = new Map<string, string>();
  const highlight = highlightKnown(async (blocks, t) => (await import('../content/highlight.ts')).highlightBlocks(blocks, t), code.blocksOf(job), used);
  const deferred = new DeferredHighlighter(themes, highlight);
  const result = await processDoc(job, { deferHighlight: deferred.defer });
  if (result.ok) {
    result.doc.html = await deferred.fill(result.doc.html);
    code.keepBlocks(job, used);
  }
  return result;
}

/** This thread's CPU time (user + system) in ms where Linux tells it (/proc), for the debug lines. */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** Pages per message to a worker: small enough that the threads finish together, large enough to amortise a reply. */
const RENDER_BATCH = 4;

export class WorkerPool {
  private readonly workers: Worker[];
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: WorkerResponse) => void; reject: (e: unknown) => void }>();
  private readonly shareMarkdownFrom: number;
  /**
   * Settled once the main thread has no page left to render (or the pool is disposed): from then on it takes
   * the search indexes no worker has started (buildIndexes with `mainThread: 'after-render'`).
   */
  private readonly mainFreeOfPages = deferred<void>();

  /**
   * `threads` counts the main thread: 2 → one worker. Below `shareMarkdownFrom` docs the Markdown is parsed
   * on the main thread alone, a worker highlighting the code meanwhile (see processDocsOnThreads).
   */
  constructor(threads: number, options: { shareMarkdownFrom?: number; script?: string } = {}) {
    // The environment variable moves the threshold for tests and measurements (small sites on every path).
    this.shareMarkdownFrom = options.shareMarkdownFrom ?? shareMarkdownFromEnv() ?? SHARED_MARKDOWN_DOCS_PER_THREAD * threads;
    // `script`: a stand-in worker, for tests of the pool's scheduling from TypeScript sources.
    const script = options.script ?? workerScript();
    const count = script ? Math.max(0, threads - 1) : 0;
    // Started early by the build thread (early-workers.ts) when it could tell this build's thread count.
    const early = script ? takeEarlyWorkers(script, count) : undefined;
    if (early && process.env.CHEATSHEET_DEBUG_POOL) process.stderr.write(`pool: ${early.length} worker(s) started early\n`);
    this.workers = Array.from({ length: count }, (_, i) => {
      const worker = early?.[i] ?? startPoolWorker(script!);
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

  /** `transfer`: buffers of `request` handed to the worker rather than copied (they are detached here). */
  private ask(worker: Worker, request: WorkerRequestBody, transfer: ArrayBuffer[] = []): Promise<WorkerResponse> {
    const id = this.nextId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    }).then((response) => {
      if (response.type !== 'error') return response;
      const e = response.userError;
      if (e) throw new UserError(e.kind, e.message, { details: e.details, hint: e.hint, location: e.location });
      throw new Error(`A build worker failed:\n${response.message}`);
    });
  }

  /**
   * Works through `items` on every thread at once from one queue: the main thread takes one item at a time
   * (yielding to the event loop after each, so workers' replies are handled at once), each worker takes
   * batches. A worker that is still starting simply takes fewer: nobody waits for a fixed share. Each
   * result goes to `done` as it comes (item order within a batch, batches in the order they finish).
   */
  private async drain<T, R>(
    items: T[],
    batch: number,
    here: (item: T) => R | Promise<R>,
    there: (worker: Worker, items: T[]) => Promise<R[]>,
    done: (index: number, result: R) => void,
    useWorkers = true,
    useMain: boolean | Promise<void> = true,
    onMainDone?: () => void,
  ): Promise<void> {
    let next = 0;
    const take = (n: number): [number, number] => {
      const start = next;
      next = Math.min(items.length, next + n);
      return [start, next];
    };
    // The error passed on is the first item's in queue order, as one thread would have met it: items are
    // taken in order and nothing is taken after a failure, so every item before the first failing one is
    // done, and batches are disjoint ranges, so comparing their starts orders them.
    let failure: { index: number; error: unknown } | undefined;
    const fail = (index: number, error: unknown) => {
      if (!failure || index < failure.index) failure = { index, error };
      next = items.length;
    };
    const debug = process.env.CHEATSHEET_DEBUG_POOL ? { t0: performance.now(), counts: new Array(this.workers.length + 1).fill(0) as number[] } : undefined;
    const remote = (useWorkers ? this.workers : []).map(async (worker, w) => {
      for (let [s, e] = take(batch); s < e; [s, e] = take(batch)) {
        try {
          (await there(worker, items.slice(s, e))).forEach((r, k) => done(s + k, r));
        } catch (err) {
          return fail(s, err);
        }
        if (debug) debug.counts[w + 1]! += e - s;
      }
      if (debug) process.stderr.write(`pool: worker ${w} done at ${(performance.now() - debug.t0).toFixed(0)} ms\n`);
    });
    // Without a worker to take them, the items are this thread's whatever `useMain` says; a promise: the
    // items still queued once it settles.
    const mainTakes = useMain !== false || !useWorkers || this.workers.length === 0;
    const local = (async () => {
      if (useMain instanceof Promise && useWorkers && this.workers.length > 0) {
        await useMain;
        // Disposed meanwhile (a build that failed): nothing is taken any more.
        if (this.workers.length === 0) return;
      }
      for (let [s, e] = mainTakes ? take(1) : [0, 0]; s < e; [s, e] = take(1)) {
        try {
          done(s, await here(items[s]!));
        } catch (err) {
          return fail(s, err);
        }
        if (debug) debug.counts[0]!++;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (debug) process.stderr.write(`pool: main done at ${(performance.now() - debug.t0).toFixed(0)} ms\n`);
    })().finally(onMainDone);
    // Everything settles before an error is passed on: a worker may still be busy with a batch.
    await Promise.all([local, ...remote]);
    if (failure) throw failure.error;
    if (debug) process.stderr.write(`pool: ${items.length} items, per thread ${debug.counts.join(' / ')}\n`);
  }

  /** With CHEATSHEET_DEBUG_POOL: a stage's wall time, and the main thread's share of it spent in `emit`. */
  private async timed(label: string, fn: (emitTimer: <A extends unknown[]>(f: (...a: A) => void) => (...a: A) => void) => Promise<void> | void): Promise<void> {
    if (!process.env.CHEATSHEET_DEBUG_POOL) return fn((f) => f);
    let emitMs = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadCpuMs();
    await fn((f) => (...a) => {
      const e0 = performance.now();
      f(...a);
      emitMs += performance.now() - e0;
    });
    const cpu = process.cpuUsage(cpu0);
    const main = main0 === undefined ? undefined : mainThreadCpuMs()! - main0;
    process.stderr.write(`pool: ${label} on ${this.threads} thread(s): ${(performance.now() - t0).toFixed(0)} ms wall, process CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, main thread writing/scanning ${emitMs.toFixed(0)} ms${main === undefined ? '' : `, main thread CPU ${main} ms`}\n`);
  }

  /** `drain` into an array, in item order. */
  private async drainAll<T, R>(items: T[], batch: number, here: (item: T) => R | Promise<R>, there: (worker: Worker, items: T[]) => Promise<R[]>, useWorkers = true, useMain = true): Promise<R[]> {
    const results = new Array<R>(items.length);
    await this.drain(items, batch, here, there, (i, r) => (results[i] = r), useWorkers, useMain);
    return results;
  }

  /** `onDoc`: each doc as soon as it is final, in no set order (those it is not called with: by the caller). */
  async processDocs(jobs: DocJob[], codeCache?: CodeCache, onDoc?: DocDone): Promise<DocResult[]> {
    let results: DocResult[] = [];
    await this.timed(`process ${jobs.length} docs`, async () => void (results = await this.processDocsOnThreads(jobs, codeCache, onDoc)));
    return results;
  }

  /**
   * With a worker, the main thread never highlights code: loading shiki and compiling a grammar's expressions
   * on first use costs each thread that highlights ~0.4 s (corpus: bash, JSON, YAML), so the first worker
   * highlights the main thread's blocks as well as those of the pages it processes itself. From
   * `shareMarkdownFrom` docs the workers also take whole pages (Markdown → HTML, headings, search text) from
   * the main thread's queue; what stays per thread is the pipeline's load and JIT warm-up.
   */
  private async processDocsOnThreads(jobs: DocJob[], codeCache?: CodeCache, onDoc?: DocDone): Promise<DocResult[]> {
    const worker = this.workers[0];
    const themes = jobs[0]?.codeThemes;
    if (!worker && codeCache) return this.drainAll(jobs, 8, (job) => processDocWithKnownCode(job, codeCache), async () => [], false);
    if (!worker || !themes) return this.drainAll(jobs, 8, (job) => processDoc(job), async () => [], false);
    const send = async (blocks: CodeBlock[], t: CodeThemes) => ((await this.ask(worker, { type: 'highlight', blocks, themes: t })) as Extract<WorkerResponse, { type: 'highlight' }>).html;
    // With the build cache, the blocks a doc had in an earlier build are not highlighted again, on either
    // thread, and each doc's blocks are kept for the next build, whichever thread processed it: otherwise the
    // first prose edit after a cold build would load shiki again for its unchanged blocks.
    const known = new Map<string, string>();
    const code = new DeferredHighlighter(themes, codeCache ? highlightKnown(send, known) : send);
    const share = jobs.length >= this.shareMarkdownFrom;
    // Each doc is final once its code is highlighted: a worker's as it comes back (in a microtask, once the
    // worker's next batch is sent), this thread's once the worker has answered for its blocks. It is then
    // kept (onDoc: the build cache) between this thread's docs, not after the stage.
    type Item = { result: DocResult; blocks: () => Map<string, string>; filled?: Promise<void> };
    const done = new Array<Item>(jobs.length);
    const finals: Promise<void>[] = [];
    // A failed stage passes nothing more on: its build is over, its staged entries discarded.
    let failed = false;
    const drained = this.drain<DocJob, Item>(
      jobs,
      8,
      async (job) => {
        if (codeCache) for (const [key, html] of codeCache.blocksOf(job)) known.set(key, html);
        const doc = code.forDoc();
        const result = await processDoc(job, { deferHighlight: doc.defer });
        return { result, blocks: doc.blocks, ...(onDoc && result.ok ? { filled: code.fill(result.doc.html).then((html) => void (result.doc.html = html)) } : {}) };
      },
      async (w, batch) => {
        const known = codeCache && new Map(batch.flatMap((job) => [...codeCache.blocksOf(job)]));
        const reply = (await this.ask(w, { type: 'docs', jobs: batch, ...(known ? { code: { known } } : {}) })) as Extract<WorkerResponse, { type: 'docs' }>;
        return reply.results.map((result, k) => ({ result, blocks: () => reply.blocks?.[k] ?? new Map<string, string>() }));
      },
      (i, item) => {
        done[i] = item;
        if (!onDoc) return;
        const kept = (item.filled ?? Promise.resolve()).then(() => {
          if (failed) return;
          if (codeCache && item.result.ok) codeCache.keepBlocks(jobs[i]!, item.blocks());
          onDoc(i, item.result);
        });
        kept.catch(() => undefined); // (Awaited below, once the stage itself has not failed.)
        finals.push(kept);
      },
      share,
    );
    await drained.catch((err: unknown) => {
      failed = true;
      throw err;
    });
    await Promise.all(finals);
    const t0 = performance.now();
    // Pages from a worker come highlighted: they hold none of this thread's placeholders.
    for (const { result } of done) if (result.ok) result.doc.html = await code.fill(result.doc.html);
    if (process.env.CHEATSHEET_DEBUG_POOL) process.stderr.write(`pool: waited ${(performance.now() - t0).toFixed(0)} ms for highlighted code\n`);
    if (codeCache && !onDoc) done.forEach(({ result, blocks }, i) => result.ok && codeCache.keepBlocks(jobs[i]!, blocks()));
    return done.map((d) => d.result);
  }

  /**
   * Renders every route on every thread: each worker is sent what all pages share once, then batches of
   * routes (a route carries its own data and its doc's HTML, nothing else of the doc); the main thread
   * renders one page at a time between replies. `emit` gets each page as it is done, on the main thread,
   * which alone writes the output.
   */
  renderPages(input: RenderInput, templates: { file: string; root: string }, emit: (entry: RenderableRoute, html: string, scan?: PageScan) => void): Promise<void> {
    return this.timed(`render ${input.routes.length} pages`, (timeEmit) => (this.workers.length ? this.renderShared(input, templates, timeEmit(emit)) : void renderPages(input, timeEmit(emit))));
  }

  private async renderShared(input: RenderInput, templates: { file: string; root: string }, emit: (entry: RenderableRoute, html: string, scan?: PageScan) => void): Promise<void> {
    const setup: RenderSetup = {
      templatesFile: templates.file,
      root: templates.root,
      siteData: [...input.siteData],
      assets: input.assets,
      pageChunks: input.pageChunks,
      extraHead: Object.fromEntries([...input.siteData.keys()].map((locale) => [locale, input.extraHead?.(locale) ?? ''])),
      ...(input.siteUrls ? { siteUrls: input.siteUrls } : {}),
    };
    // Sent before any page so that each worker imports the templates while the main thread starts rendering.
    const ready = new Map(this.workers.map((w) => [w, this.ask(w, { type: 'render-setup', setup })]));
    for (const r of ready.values()) r.catch(() => undefined); // observed below, or by the worker's first batch
    // A route is sent with its data and its doc's HTML, nothing else of the doc; copied batch by batch, so that
    // what the caller lets go of as pages are done (RenderOptions.releaseDocHtml) is not held here.
    const toSend = (r: RenderableRoute): RenderableRoute => ({ outFile: r.outFile, data: r.data, ...(r.doc ? { doc: { html: r.doc.html, file: r.doc.file } } : {}) });
    await this.drain<RenderableRoute, { html: string; scan?: PageScan }>(
      input.routes,
      RENDER_BATCH,
      (route) => ({ html: renderPages({ ...input, routes: [toSend(route)] }).get(route.outFile)! }),
      async (worker, batch) => {
        await ready.get(worker);
        const { html, app, scans } = (await this.ask(worker, { type: 'render', routes: batch.map(toSend) })) as Extract<WorkerResponse, { type: 'render' }>;
        // Kept in the build cache as if rendered here (same key: site data, route, page module).
        if (input.cache) batch.forEach((route, k) => input.cache!.app(input.siteData.get(route.data.locale)!, renderedRoute(route), route.data.kind === 'home' ? 'home' : undefined, () => app[k]!));
        return html.map((h, k) => ({ html: h, scan: scans[k] }));
      },
      (i, page) => emit(input.routes[i]!, page.html, page.scan),
      true,
      true,
      // The workers' last batches may still be on their way: this thread is free for an index meanwhile.
      () => this.mainFreeOfPages.resolve(),
    );
    // A worker whose setup failed may have been given no page: its failure is still the build's.
    await Promise.all(ready.values());
  }

  /**
   * Builds the local search indexes of several locales, one locale per message. With `mainThread:
   * 'after-render'` the workers take them first: the build runs this beside the render stage, where the main
   * thread renders pages and hands out the workers' batches (an index built here would hold those up for its
   * whole length); once the main thread has no page left to render, it takes the indexes no worker has
   * started, rather than wait for one worker to make them all (2 cores, 150 × 3 corpus: the main thread
   * waited ~0.9 s at the end of the render stage). `false`: only the workers.
   * Takes `jobs` over (IndexBuilder): a job's JSON pieces are handed to the worker that takes it, so the
   * queue shrinks as the worker goes (600 × 3 corpus: ~6.7 MB of UTF-8 a locale).
   */
  buildIndexes(jobs: IndexInput[], options: { mainThread?: boolean | 'after-render' } = {}): Promise<IndexFromBuilder>[] {
    const count = jobs.length;
    // One promise per locale, settled when its index comes back: its caller lets go of what it no longer needs.
    const made = Array.from({ length: count }, () => deferred<IndexFromBuilder>());
    const queue: (IndexInput | undefined)[] = jobs.splice(0);
    const takeJob = (i: number): IndexInput => {
      const job = queue[i]!;
      queue[i] = undefined;
      return job;
    };
    const all = this.timed(`search indexes of ${count} locales`, async () => {
      await this.drain(
        queue.map((_, i) => i),
        1,
        (i) => {
          const job = takeJob(i);
          return makeIndexFromInput(job);
        },
        async (worker, batch) => {
          // The JSON in UTF-8 pieces, handed over: one message of the whole (3 MB a locale at 150 × 3) would
          // be a buffer that large (cache/pieces.ts).
          const jobs = batch.map(takeJob);
          const request = { type: 'search-index' as const, jobs };
          const reply = (await this.ask(worker, request, jobs.flatMap((j) => transferable(j.input)))) as Extract<WorkerResponse, { type: 'search-index' }>;
          const indexes = reply.indexes.map(receivedIndex);
          // Once its files are handed on (promise callbacks, before this collection), its bytes are garbage.
          if (collectsAfter(reply.indexes)) setImmediate(collectGarbage);
          return indexes;
        },
        (i, index) => made[i]!.resolve(index),
        true,
        options.mainThread === 'after-render' ? this.mainFreeOfPages.promise : (options.mainThread ?? true),
      );
    });
    // A failure settles every index not made (the first failure in queue order, as drain passes it on).
    all.catch((err: unknown) => made.forEach((m) => m.reject(err)));
    return made.map((m) => m.promise);
  }

  /** Ends the workers (again: a no-op). */
  async dispose(): Promise<void> {
    // An index queue still waiting for the render (a build that failed before it) ends with the pool.
    this.mainFreeOfPages.resolve();
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}

/**
 * The size of a worker's index files (UTF-8) from which this thread's heap is collected once they are handed
 * on: the 600 × 3 corpus's are ~6.3 MB a locale, the 150 × 3 corpus's ~1.6 MB (no collection).
 */
export const COLLECT_AFTER_INDEX_BYTES = 4 * 1024 * 1024;

/**
 * Whether a worker's reply of indexes is large enough to collect this thread's heap once its files are handed
 * on (to the writer and the build cache, in the promise callbacks that run before the collection). The files'
 * bytes were allocated by the worker (in its malloc arena) and live on here as garbage until this heap's next
 * full collection, which the render seldom reaches (600 × 3: ~13 MB of them through its second half); freed
 * right away, the worker's next index reuses their room instead of growing its arena.
 */
export function collectsAfter(indexes: readonly SentMadeIndex[], from = COLLECT_AFTER_INDEX_BYTES): boolean {
  return indexes.reduce((n, m) => n + m.index.parts.reduce((bytes, [, part]) => bytes + part.byteLength, 0), 0) >= from;
}

/** A made index as a worker sent it (SentMadeIndex): its entry a string again, its parts left as bytes. */
function receivedIndex({ index, ...made }: SentMadeIndex): IndexFromBuilder {
  return { ...made, index: { entry: { ...index.entry, json: joinUtf8Pieces(index.entry.json) }, parts: new Map(index.parts) } };
}

/** Promise.withResolvers, which Node 20 lacks. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
