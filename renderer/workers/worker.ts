// Worker thread of the build's content stage: highlights code blocks while the main thread parses
// Markdown, and on large sites processes its own share of the Markdown files too.
import { parentPort } from 'node:worker_threads';
import { highlightBlocks } from '../content/highlight.ts';
import { isUserError } from '../errors.ts';
import type { WorkerRequest, WorkerResponse } from './messages.ts';

parentPort?.on('message', async (msg: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    if (msg.type === 'highlight') {
      response = { id: msg.id, type: 'highlight', html: await highlightBlocks(msg.blocks, msg.themes) };
    } else {
      // The Markdown pipeline is loaded only when this thread is given pages: below 1,000 docs it only
      // highlights, and leaving the pipeline out keeps its memory low.
      const { processDoc } = await import('../content/process-doc.ts');
      const results = [];
      for (const job of msg.jobs) results.push(await processDoc(job));
      response = { id: msg.id, type: 'docs', results };
    }
  } catch (err) {
    const e = err as Error;
    response = { id: msg.id, type: 'error', message: e.stack ?? String(err), ...(isUserError(err) ? { userError: { kind: err.kind, message: err.message, details: err.details, hint: err.hint } } : {}) };
  }
  parentPort!.postMessage(response);
});
