// Doc processing over the build's threads, for callers that do not keep a pool (the dev server).
import { WorkerPool } from '../workers/pool.ts';
import { MIN_DOCS_FOR_A_HIGHLIGHT_WORKER } from '../workers/threads.ts';
import type { CodeCache } from './code-blocks.ts';
import type { DocJob, DocResult } from './process-doc.ts';
import type { DocDone } from './load.ts';

export async function processDocs(jobs: DocJob[], threads: number, code?: CodeCache, onDoc?: DocDone): Promise<DocResult[]> {
  // A worker costs its start-up: only started when there is enough to hand it (it highlights the code, and
  // from SHARED_MARKDOWN_DOCS_PER_THREAD docs per thread processes pages too: see WorkerPool.processDocs).
  const pool = new WorkerPool(jobs.length >= MIN_DOCS_FOR_A_HIGHLIGHT_WORKER ? threads : 1);
  try {
    return await pool.processDocs(jobs, code, onDoc);
  } finally {
    await pool.dispose();
  }
}
