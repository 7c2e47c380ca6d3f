// Spreads doc processing over the cores: the main thread takes a share itself and worker threads take the
// rest (on a 2-core machine: main + 1 worker, which keeps memory low: each extra thread loads its own copy of
// the Markdown pipeline). Workers are used only from the compiled CLI, where the worker script exists as
// JavaScript; from TypeScript sources (tests) everything runs in-process.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../paths.ts';
import { processDoc, type DocJob, type DocResult } from './process-doc.ts';

export function workerScript(): string | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const file = join(packageRoot(), 'dist', 'render-worker.js');
  return existsSync(file) ? file : undefined;
}

async function inProcess(jobs: DocJob[]): Promise<DocResult[]> {
  const results: DocResult[] = [];
  for (const job of jobs) results.push(await processDoc(job));
  return results;
}

function inWorker(script: string, jobs: DocJob[]): Promise<DocResult[]> {
  return new Promise<DocResult[]>((resolve, reject) => {
    const worker = new Worker(script);
    worker.once('message', (msg: { results: DocResult[] }) => {
      void worker.terminate();
      resolve(msg.results);
    });
    worker.once('error', reject);
    worker.postMessage({ id: 0, jobs });
  });
}

export async function processDocs(jobs: DocJob[], threads: number): Promise<DocResult[]> {
  const script = workerScript();
  // A worker costs its start-up (~0.3 s of module loading and warm-up): not worth it for small sites.
  const count = Math.max(1, Math.min(threads, availableParallelism(), Math.floor(jobs.length / 60)));
  if (!script || count < 2) return inProcess(jobs);
  // Interleaved slices keep the shares even when big pages cluster in one folder. The main thread's
  // share is smaller: it also starts the workers and receives their results.
  const slices: DocJob[][] = Array.from({ length: count }, () => []);
  jobs.forEach((job, i) => slices[i % count]!.push(job));
  const [own, ...others] = slices;
  const parts = await Promise.all([inProcess(own!), ...others.map((slice) => inWorker(script, slice))]);
  const results: DocResult[] = new Array(jobs.length);
  parts.forEach((part, w) => part.forEach((r, k) => (results[k * count + w] = r)));
  return results;
}
