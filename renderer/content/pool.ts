// Spreads doc processing over worker threads (both cores on CI). Used only from the compiled CLI, where
// the worker script exists as JavaScript; from TypeScript sources (tests) work runs in-process.
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

export async function processDocs(jobs: DocJob[], threads: number): Promise<DocResult[]> {
  const script = workerScript();
  const count = Math.min(threads, availableParallelism(), Math.ceil(jobs.length / 40));
  if (!script || count < 2) {
    const results: DocResult[] = [];
    for (const job of jobs) results.push(await processDoc(job));
    return results;
  }
  // Interleaved slices keep the shares even when big pages cluster in one folder.
  const slices: DocJob[][] = Array.from({ length: count }, () => []);
  jobs.forEach((job, i) => slices[i % count]!.push(job));
  const parts = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<DocResult[]>((resolve, reject) => {
          const worker = new Worker(script);
          worker.once('message', (msg: { results: DocResult[] }) => {
            void worker.terminate();
            resolve(msg.results);
          });
          worker.once('error', reject);
          worker.postMessage({ id: 0, jobs: slice });
        }),
    ),
  );
  const results: DocResult[] = new Array(jobs.length);
  parts.forEach((part, w) => part.forEach((r, k) => (results[k * count + w] = r)));
  return results;
}
