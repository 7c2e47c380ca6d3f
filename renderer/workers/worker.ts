// Worker thread of the build: processes Markdown files and renders pages for the main thread, which does
// the same work on its own share at the same time, and highlights code blocks while the main thread
// processes Markdown on its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { highlightBlocks } from '../content/highlight.ts';
import { processDoc } from '../content/process-doc.ts';
import { isUserError } from '../errors.ts';
import { collectHrefs, collectIds } from '../links/html-scan.ts';
import { renderPages } from '../render/render-pages.ts';
import { templatesFromFile, type Templates } from '../render/templates.ts';
import type { RenderTask, RenderedScan, WorkerRequest, WorkerResponse } from './messages.ts';

const templatesByFile = new Map<string, Promise<Templates>>();

function templatesOf(file: string): Promise<Templates> {
  let templates = templatesByFile.get(file);
  if (!templates) templatesByFile.set(file, (templates = templatesFromFile(file)));
  return templates;
}

async function render(task: RenderTask): Promise<{ scans: RenderedScan[]; bytes: number; count: number }> {
  const templates = templatesOf(task.templatesFile);
  const scans: RenderedScan[] = [];
  let bytes = 0;
  const made = new Set<string>();
  renderPages(
    {
      routes: task.routes,
      siteData: new Map(task.siteData),
      templates: await templates,
      assets: task.assets,
      pageChunks: task.pageChunks,
      extraHead: (locale) => task.extraHead[locale] ?? '',
      siteUrls: task.siteUrls,
    },
    (entry, html) => {
      const file = join(task.outDir, entry.outFile);
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(file, html);
      bytes += Buffer.byteLength(html);
      scans.push({ outFile: entry.outFile, ids: [...collectIds(html)], hrefs: collectHrefs(html) });
    },
  );
  return { scans, bytes, count: scans.length };
}

parentPort?.on('message', async (msg: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    if (msg.type === 'warm') {
      await templatesOf(msg.templatesFile);
      response = { id: msg.id, type: 'warm' };
    } else if (msg.type === 'highlight') {
      response = { id: msg.id, type: 'highlight', html: await highlightBlocks(msg.blocks, msg.themes) };
    } else if (msg.type === 'docs') {
      const results = [];
      for (const job of msg.jobs) results.push(await processDoc(job));
      response = { id: msg.id, type: 'docs', results };
    } else {
      response = { id: msg.id, type: 'render', ...(await render(msg.task)) };
    }
  } catch (err) {
    const e = err as Error;
    response = { id: msg.id, type: 'error', message: e.stack ?? String(err), ...(isUserError(err) ? { userError: { kind: err.kind, message: err.message, details: err.details, hint: err.hint } } : {}) };
  }
  parentPort!.postMessage(response);
});
