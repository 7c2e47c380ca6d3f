// Entry of bench/pipeline.mjs (bundled by it with esbuild): every doc of a site through processDoc on this
// one thread, as a build's worker processes its docs: code blocks deferred, each distinct block highlighted
// once (renderer/workers/worker.ts), then filled in.
import { blockKey, DeferredHighlighter } from '../renderer/content/code-blocks.ts';
import type { CodeBlock } from '../renderer/content/code-lines.ts';
import { highlightBlocks, type CodeThemes } from '../renderer/content/highlight.ts';
import { loadConfig } from '../renderer/config/load.ts';
import { listContentFiles } from '../renderer/content/files.ts';
import { processDoc, type DocJob, type DocResult } from '../renderer/content/process-doc.ts';
import { docJobFactory } from '../renderer/site/prepare.ts';
import { localeInfos } from '../renderer/routes/site-data.ts';
import { loadStrings } from '../renderer/strings.ts';

export async function siteJobs(root: string): Promise<DocJob[]> {
  const loaded = await loadConfig(root);
  const { config } = loaded;
  const locales = localeInfos(config);
  const strings = loadStrings(root, config.i18n.locales, config.i18n.sourceLocale);
  const jobFor = docJobFactory(loaded, locales, strings);
  return listContentFiles(root, config.i18n.locales, config.i18n.sourceLocale).filter((f) => f.kind === 'doc').map(jobFor);
}

/** `inline`: each doc highlights its own blocks (what `serve` does); else as the build's worker does. */
export async function processAll(jobs: DocJob[], inline = false): Promise<DocResult[]> {
  const out: DocResult[] = [];
  if (inline) {
    for (const job of jobs) out.push(await processDoc(job));
    return out;
  }
  const highlighted = new Map<string, Promise<string>>();
  const once = (blocks: CodeBlock[], themes: CodeThemes): Promise<string[]> => {
    const todo = blocks.filter((b) => !highlighted.has(blockKey(b, themes)));
    const done = todo.length ? highlightBlocks(todo, themes) : Promise.resolve([]);
    todo.forEach((b, i) => highlighted.set(blockKey(b, themes), done.then((html) => html[i]!)));
    return Promise.all(blocks.map((b) => highlighted.get(blockKey(b, themes))!));
  };
  const code = jobs[0] && new DeferredHighlighter(jobs[0].codeThemes, once);
  for (const job of jobs) out.push(await processDoc(job, code ? { deferHighlight: code.defer } : {}));
  if (code) for (const r of out) if (r.ok) r.doc.html = await code.fill(r.doc.html);
  return out;
}
