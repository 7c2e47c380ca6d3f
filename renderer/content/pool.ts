// Doc processing over the build's threads, for callers that do not keep a pool (the dev server).
import { MIN_DOCS_FOR_WORKERS, WorkerPool } from '../workers/pool.ts';
import type { DocJob, DocResult } from './process-doc.ts';

export async function processDocs(jobs: DocJob[], threads: number): Promise<DocResult[]> {
  // A worker costs its start-up and its own warm-up of the pipeline: WorkerPool.processDocs only hands it
  // work on large sites, so don't start one otherwise.
  const pool = new WorkerPool(jobs.length >= MIN_DOCS_FOR_WORKERS ? threads : 1);
  try {
    return await pool.processDocs(jobs);
  } finally {
    await pool.dispose();
  }
}
