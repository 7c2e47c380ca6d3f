// Worker thread of the build: processes its share of the Markdown files (highlighting their code itself),
// renders its share of the pages (after one `render-setup` with what all pages share), and highlights the
// code blocks of the pages the main thread processes.
import { parentPort, workerData } from 'node:worker_threads';
import { blockKey, DeferredHighlighter } from '../content/code-blocks.ts';
import type { CodeBlock } from '../content/code-lines.ts';
import { highlightBlocks, type CodeThemes } from '../content/highlight.ts';
import { transferable, utf8Pieces } from '../cache/pieces.ts';
import { isUserError } from '../errors.ts';
import { collectGarbage } from '../free-memory.ts';
import { scanPage } from '../links/check.ts';
import type { AppCache, RenderInput } from '../render/render-pages.ts';
import type { MadeIndex } from '../search/build-search.ts';
import type { SerializedPageTerms } from '../search/page-terms.ts';
import type { PoolWorkerData } from './early-workers.ts';
import type { RenderSetup, SentMadeIndex, WorkerRequest, WorkerResponse } from './messages.ts';

/** The render input of this build, once its setup has arrived (pages come without their shared data). */
let rendering: Promise<Omit<RenderInput, 'routes'>> | undefined;

async function renderInput(setup: RenderSetup): Promise<Omit<RenderInput, 'routes'>> {
  const { importTemplatesFile } = await import('../render/templates.ts');
  const templates = await importTemplatesFile(setup.templatesFile, setup.root);
  return {
    siteData: new Map(setup.siteData),
    templates,
    assets: setup.assets,
    pageChunks: setup.pageChunks,
    extraHead: (locale) => setup.extraHead[locale] ?? '',
    ...(setup.siteUrls ? { siteUrls: setup.siteUrls } : {}),
  };
}

// Highlighted blocks of this build, by theme pair and block: the same command in three locales, whichever
// thread met it, is highlighted once. The worker lives as long as one build (or one content stage of
// `serve`), and highlighting depends on nothing but the block and the themes, so nothing here goes stale.
const highlighted = new Map<string, Promise<string>>();

function highlightOnce(blocks: CodeBlock[], themes: CodeThemes): Promise<string[]> {
  const todo = blocks.filter((b) => !highlighted.has(blockKey(b, themes)));
  // Nothing new (every block known from an earlier build, or met before): shiki is not loaded.
  const done = todo.length ? highlightBlocks(todo, themes) : Promise.resolve([]);
  todo.forEach((b, i) => highlighted.set(blockKey(b, themes), done.then((html) => html[i]!)));
  return Promise.all(blocks.map((b) => highlighted.get(blockKey(b, themes))!));
}

/**
 * The size of a search job's JSON (UTF-8) from which the heap is collected once it is parsed (IndexCollect):
 * the 600 × 3 corpus's jobs are 6.5–7.0 MB, the 150 × 3 corpus's a quarter of that.
 */
const COLLECT_FROM_BYTES = 4 * 1024 * 1024;

/** A made index as sent back: its files as UTF-8 pieces (SentMadeIndex). */
function sentIndex({ index, ...made }: MadeIndex): SentMadeIndex {
  return { ...made, index: { entry: { file: index.entry.file, url: index.entry.url, json: utf8Pieces(index.entry.json) }, parts: [...index.parts].map(([file, json]) => [file, Buffer.from(json)]) } };
}

/** The buffers of a sent index that are handed over rather than copied. */
function transferList(m: SentMadeIndex): ArrayBuffer[] {
  // (Not page-terms.ts's isSerialized: a worker loads the search's modules only when it is given an index.)
  const pieces = (m.terms as Partial<SerializedPageTerms>).pieces ?? [];
  return [...transferable(pieces), ...transferable(m.index.entry.json), ...transferable(m.index.parts.map(([, bytes]) => bytes))];
}

async function answer(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'highlight':
      return { id: msg.id, type: 'highlight', html: await highlightOnce(msg.blocks, msg.themes) };
    case 'docs': {
      // The Markdown pipeline is loaded only when this thread is given pages: a worker that only
      // highlights keeps its memory low. Blocks go through the same memo as the main thread's.
      const { processDoc } = await import('../content/process-doc.ts');
      const themes = msg.jobs[0]?.codeThemes;
      const code = themes && new DeferredHighlighter(themes, highlightOnce);
      // Blocks of earlier builds are what highlighting them would give (same key, same pipeline): taken as done.
      for (const [key, html] of msg.code?.known ?? []) if (!highlighted.has(key)) highlighted.set(key, Promise.resolve(html));
      const results = [];
      const docs: (ReturnType<DeferredHighlighter['forDoc']> | undefined)[] = [];
      for (const job of msg.jobs) {
        const doc = code?.forDoc();
        docs.push(doc);
        results.push(await processDoc(job, doc ? { deferHighlight: doc.defer } : {}));
      }
      if (code) for (const r of results) if (r.ok) r.doc.html = await code.fill(r.doc.html);
      const blocks = msg.code && results.map((r, i) => (r.ok ? docs[i]?.blocks() : undefined) ?? new Map<string, string>());
      return { id: msg.id, type: 'docs', results, ...(blocks ? { blocks } : {}) };
    }
    case 'render-setup':
      // The content stage is over: no more code to highlight in this build (a later request would only miss).
      highlighted.clear();
      rendering = renderInput(msg.setup);
      await rendering;
      return { id: msg.id, type: 'render-setup' };
    case 'render': {
      if (!rendering) throw new Error('Pages to render arrived before the render setup.');
      const { renderPages } = await import('../render/render-pages.ts');
      // The build cache lives on the main thread: each page's markup goes back with it, in route order.
      const app: string[] = [];
      const keep: AppCache = { app: (_site, _route, _page, render) => (app.push(render()), app.at(-1)!) };
      const pages = renderPages({ routes: msg.routes, ...(await rendering), cache: keep });
      const html = msg.routes.map((r) => pages.get(r.outFile)!);
      // Scanned here, where the page was made: the main thread would otherwise scan every page it is sent.
      return { id: msg.id, type: 'render', html, app, scans: html.map((h) => scanPage(h)) };
    }
    case 'search-index': {
      const { makeIndexFromInput, withSerializedTerms } = await import('../search/build-search.ts');
      // A large job's heap is collected once its JSON is parsed (IndexCollect): a collection costs ~1 ms per MB
      // alive, which a small job's garbage, mostly taken by the young generation, is not worth.
      const collect = (job: { input: Uint8Array[] }) => (job.input.reduce((n, piece) => n + piece.byteLength, 0) >= COLLECT_FROM_BYTES ? collectGarbage : undefined);
      // The pages' terms go back as the build cache stores them, in pieces: the main thread does not read them.
      return {
        id: msg.id,
        type: 'search-index',
        indexes: msg.jobs.map((job) => {
          const between = collect(job);
          // The pieces are let go as they are parsed (the message would hold them until the reply).
          return sentIndex(withSerializedTerms(makeIndexFromInput(job, between)));
        }),
      };
    }
  }
}

parentPort?.on('message', async (msg: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = await answer(msg);
  } catch (err) {
    const e = err as Error;
    response = {
      id: msg.id,
      type: 'error',
      message: e.stack ?? String(err),
      ...(isUserError(err) ? { userError: { kind: err.kind, message: err.message, details: err.details, ...(err.hint ? { hint: err.hint } : {}), ...(err.location ? { location: err.location } : {}) } } : {}),
    };
  }
  // An index's files and terms are handed over, not copied (cache/pieces.ts: no message of many MB).
  parentPort!.postMessage(response, response.type === 'search-index' ? response.indexes.flatMap(transferList) : []);
  // An index leaves its whole build behind (the locale's records, every page's terms, the index's JSON):
  // collected now, before the next locale's or the pages this thread renders next pile on top of it, as V8
  // would let the heap grow first (600 × 3 corpus, cold: this thread's heap 215 → 92 MB while it renders,
  // peak RSS 680 → 540 MB; each collection 76–174 ms wall on the loaded 2-core machine, 3 per build).
  if (msg.type === 'search-index') collectGarbage();
});

// Started early (early-workers.ts) for a build whose workers process pages: the Markdown pipeline is loaded
// now, while the build thread loads its stages, instead of when the first pages arrive.
if ((workerData as PoolWorkerData | undefined)?.preloadMarkdown) void import('../content/process-doc.ts');
