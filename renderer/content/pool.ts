// Doc processing over the build's threads, for callers that do not keep a pool (the dev server).
import { WorkerPool } from '../workers/pool.ts';
import type { DocJob, DocResult } from './process-doc.ts';

export async function processDocs(jobs: DocJob[], threads: number): Promise<DocResult[]> {
  // A worker costs its start-up (~0.3 s): not worth it for small sites.
  const pool = new WorkerPool(jobs.length >= 120 ? threads : 1);
  try {
    return await pool.processDocs(jobs);
  } finally {
    await pool.dispose();
  }
}
