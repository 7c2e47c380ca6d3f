// Worker thread entry: processes the doc jobs it is sent and posts the results back.
import { parentPort } from 'node:worker_threads';
import { processDoc, type DocJob } from './process-doc.ts';

parentPort?.on('message', async (msg: { id: number; jobs: DocJob[] }) => {
  const results = [];
  for (const job of msg.jobs) results.push(await processDoc(job));
  parentPort!.postMessage({ id: msg.id, results });
});
