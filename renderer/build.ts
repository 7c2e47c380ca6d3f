// The build, as its diagram reads: prepare (config → content ‖ bundle → routes → search) → render → links
// → write. Preparation and rendering are shared with `serve` and `check` (renderer/site/); what is the
// build's own is the folder it writes and its all-or-nothing rule: a problem fails it, the previous
// output stays untouched.
import { resolve } from 'node:path';
import { BuildCache, type CacheStats } from './cache/build-cache.ts';
import type { CompiledConfig } from './config/compile.ts';
import { compileConfigCached } from './config/compile-cache.ts';
import { CONFIG_FILE } from './config/compile.ts';
import { ValidatedConfigCache } from './config/validated-cache.ts';
import { InputSnapshot, type BuildSummary } from './cache/unchanged-build.ts';
import type { Remembered } from './cache/stat-memo.ts';
import type { LoadedConfig } from './config/load.ts';
import type { LocaleContent } from './content/load.ts';
import type { ClientBundle } from './bundle/client.ts';
import { claimOutputDir } from './output-guard.ts';
import { BrokenLinksError, formatProblem, isFatalLink, linkProblem, type Problem } from './problems.ts';
import type { RouteTable } from './routes/route-table.ts';
import type { LocaleInfo, SiteData } from './shared/types.ts';
import { prepareSite, Timer, type Phase } from './site/prepare.ts';
import { checkSiteLinks, renderSiteOn, staticPaths } from './site/render.ts';
import { WorkerPool } from './workers/pool.ts';
import { capYoungGeneration, releaseYoungGeneration } from './young-generation.ts';
import { coldBuildThreads, shareMarkdownFromEnv } from './workers/threads.ts';
import { collectGarbage, dropSearchText, HeapGrowing, HeapGrowthLimit } from './free-memory.ts';
import { FolderOutput, MemoryOutput, type OutputFiles, type OutputSink } from './write.ts';
import type { Naming } from './render/names.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  configFile?: string;
  /** false: build to memory only (tests). */
  write?: boolean;
  /** Unknown front-matter and category keys fail the build instead of warning. */
  strict?: boolean;
  minify?: boolean;
  /**
   * Threads for the content and render stages, this one included (1: no worker); without it, chosen by the
   * site's size (workers/threads.ts). Workers exist only in the compiled CLI.
   */
  threads?: number;
  /** Skip the browser bundle. */
  bundle?: boolean;
  /** `stable`: what `serve` writes (its pages are compared with a build's in a test). */
  naming?: Naming;
  /** The config's compilation, when the caller started it early (same root and config file). */
  compiledConfig?: Promise<CompiledConfig>;
  /** The build cache's folder (the CLI gives `<root>/.cheatsheet-cache` unless `--no-cache`); none: no cache. */
  cacheDir?: string;
  /** With `cacheDir`: the pipeline key as the CLI's check for an unchanged build found it (cache/keys.ts). */
  pipeline?: Remembered;
  /**
   * Empty the docs' text sections once the search stage has read them, to lower the build's peak memory (the
   * CLI's build). Off by default: callers that read the result's table again for search records
   * (`cheatsheet search push`, tests) need them.
   */
  freeSearchText?: boolean;
  /**
   * Empty each doc's HTML once its pages are rendered (RenderOptions.releaseDocHtml; the CLI's build). Off by
   * default: the result's docs then have no HTML.
   */
  freeDocHtml?: boolean;
}

export type { Phase };

export interface BuildResult {
  loaded: LoadedConfig;
  /** The output, when built to memory (`write: false`); empty otherwise. */
  files: OutputFiles;
  fileCount: number;
  table: RouteTable;
  content: Map<string, LocaleContent>;
  siteData: Map<string, SiteData>;
  locales: LocaleInfo[];
  warnings: string[];
  /** Problems that did not fail the build (broken links where the config only warns). */
  problems: Problem[];
  phases: Phase[];
  outDir: string;
  outputBytes: number;
  pagesPerLocale: Record<string, number>;
  /** What the CLI prints of it (a build with nothing changed prints the last one's again). */
  summary: BuildSummary;
  bundle?: ClientBundle;
  /** Source files each stage read. */
  inputs: { templates: string[]; client: string[] };
  /** What came from the build cache and what was made afresh (with `cacheDir`). */
  cache?: CacheStats;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  // Started first: the workers load their modules while the config loads and the browser code bundles.
  // A worker costs its start-up and a copy of the pipeline in memory: only worth it for real sites.
  // A bad setting of the threads is refused before the output folder is locked (the pool reads it too).
  shareMarkdownFromEnv();
  // A refused output folder is reported before any work; the lock is held until the output is swapped in.
  const release = options.write === false ? undefined : claimOutputDir(resolve(options.root), resolve(options.root, options.outDir ?? 'build'), options.configFile ?? 'site.config.ts', options.outDir ?? 'build');
  // A warm build (the cache holds the docs of a previous build) processes only what changed: on the main thread.
  // Before anything is read: a file changed while the build reads it then differs from its recorded state.
  const snapshot = options.cacheDir && options.write !== false ? new InputSnapshot({ root: resolve(options.root), outDir: resolve(options.root, options.outDir ?? 'build'), configFile: options.configFile ?? CONFIG_FILE, minify: options.minify ?? true, strict: options.strict ?? false, cacheDir: resolve(options.root, options.cacheDir) }) : undefined;
  const cache = options.cacheDir ? new BuildCache({ dir: resolve(options.root, options.cacheDir), root: resolve(options.root), outDir: resolve(options.root, options.outDir ?? 'build'), ...(snapshot ? { fileState: (abs: string) => snapshot.siteFileState(abs) } : {}), ...(options.pipeline ? { pipeline: options.pipeline } : {}) }) : undefined;
  const threads = cache?.warm ? 1 : coldBuildThreads(resolve(options.root), options.threads);
  // A warm build works on this thread alone: its young generation stays as small as the build thread's.
  // (The CLI may have capped it already: then that cap is taken over, or let go for a build that is not warm.)
  // V8's growing factor, fixed for the rest of a large cold build (see heapCheck below); set back at its end.
  // (Made before the pool: a bad CHEATSHEET_HEAP_GROWING_PERCENT then leaves no worker running.)
  const growth = new HeapGrowing();
  const uncapYoungGeneration = cache?.warm ? capYoungGeneration() : releaseYoungGeneration();
  const pool = new WorkerPool(threads);
  try {
    return await buildWith(pool, options, cache, snapshot, uncapYoungGeneration, growth);
  } finally {
    // V8's flags as at start before the CLI writes the code cache (young-generation.ts, free-memory.ts).
    growth.restore();
    uncapYoungGeneration?.();
    // A failed build's results were staged beside the cache as they were made: dropped, never moved in.
    cache?.discard();
    await pool.dispose();
    release?.();
  }
}

async function buildWith(pool: WorkerPool, options: BuildOptions, cache: BuildCache | undefined, snapshot: InputSnapshot | undefined, uncapYoungGeneration: (() => void) | undefined, growth: HeapGrowing): Promise<BuildResult> {
  const root = resolve(options.root);
  const outDir = resolve(root, options.outDir ?? 'build');
  const timer = new Timer();
  const compiledConfig = options.compiledConfig ?? (cache ? compileConfigCached(root, options.configFile, cache.dir) : undefined);
  const validatedConfig = cache ? new ValidatedConfigCache(cache.dir, cache.pipeline, resolve(root, options.configFile ?? CONFIG_FILE)) : undefined;
  // A cold build of a large site collects the content stage's garbage before the search stage piles its records
  // and their JSON on top of it: measured from what is alive at the build's start (HeapGrowthLimit), so a small
  // site's build does not collect (150 × 3: its heap grows ~34 MB in the content stage; 600 × 3: ~125 MB, half
  // of it garbage, which V8 had not collected when the search stage added its ~100 MB). A build that collects
  // there is a large one: from then on every thread's old generation grows by a fixed 30 % of what is alive
  // before V8 collects it, not by V8's own factor (up to 4×): 600 × 3 peak ~391 → ~351 MB, CPU ~+0.7 s. Set
  // before that collection, which sets the next limit: the search stage's garbage is then collected by V8 as
  // it grows (600 × 3, --trace-gc: the heap 164 MB used at the end of search before, ~115 MB now).
  const contentGrowth = cache?.warm ? undefined : new HeapGrowthLimit();
  const site = await prepareSite({
    root,
    configFile: options.configFile,
    compiledConfig,
    mode: 'throw',
    bundle: options.bundle === false ? false : { minify: options.minify ?? true },
    naming: options.naming,
    threads: options.threads,
    pool,
    timer,
    strict: options.strict ?? false,
    ...(cache ? { cache, validatedConfig } : {}),
    ...(contentGrowth ? { heapCheck: () => void contentGrowth.check(() => growth.slow()) } : {}),
  });
  const { loaded, table, locales } = site;
  const { config } = loaded;
  // Search and routes are made: what only they read is let go, and the garbage they left is collected
  // before the render stage adds its own (150 × 3 corpus, cold: peak RSS ~270 → ~245 MB).
  if (options.freeSearchText) dropSearchText(site.content);
  // A warm build collects only if most pages are left to render (renderSiteOn): most warm builds render a few
  // or none (an edit elsewhere in a locale makes its pages again around their kept markup), and the full
  // collection cost them 20–30 ms of CPU for a peak far below the cold build's.
  if (!cache?.warm) collectGarbage();
  // Measured from what is alive now (a cold build: just collected), and checked as pages are rendered (a
  // large site's render would otherwise pile up its garbage uncollected: see HeapGrowthLimit).
  const heapLimit = new HeapGrowthLimit();
  // A warm build left to render most pages (a config edit) lets its young generation grow again: rendering
  // every page of the 150 × 3 corpus with the cap cost more CPU (5 pairs: 4.96 → 5.58 s median, for −40 MB).
  const manyPagesLeft = (): void => {
    uncapYoungGeneration?.();
    collectGarbage();
  };

  // Pages stream into the output as they are rendered; the folder is swapped in only after the links pass.
  // Static files are checked (links, file types) before the output folder is opened.
  const statics = staticPaths(site);
  const memory = options.write === false ? new MemoryOutput() : undefined;
  // The files of the last output that come out the same are kept, not made and written again.
  const folder = memory ? undefined : new FolderOutput(outDir, cache?.outputBefore(outDir));
  // The render stage's cache entries go to the writer thread with the output files (finished by commit, before save).
  if (folder && cache) cache.writeEntriesWith((file, data, append) => folder.writeAside(file, data, append));
  const out: OutputSink = (memory ?? folder)!;
  const problems: Problem[] = [];
  let siteData: Map<string, SiteData>;
  try {
    const rendered = await timer.run('render', () => renderSiteOn(pool, site, out, statics, { heapLimit, releaseDocHtml: options.freeDocHtml ?? false, ...(cache?.warm ? { beforeManyPages: manyPagesLeft } : {}) }));
    siteData = rendered.siteData;
    await folder?.flush();
    await timer.run('links', () => {
      // With the cache, only the pages whose links may resolve otherwise than last time are checked.
      const result = cache ? cache.linkCheck(table.routes, rendered.known, `${config.url}\0${config.baseUrl}`, (memo) => checkSiteLinks(site, rendered, out, memo)) : checkSiteLinks(site, rendered, out);
      const all = [...result.links, ...result.anchors];
      if (all.some((l) => isFatalLink(l, config))) throw new BrokenLinksError(all);
      problems.push(...[...all, ...result.ownUrls].map(linkProblem));
    });

    if (folder)
      await timer.run('write', async () => {
        folder.copyStatic([site.paths.static]);
        await folder.commit();
      });
  } catch (err) {
    await folder?.abort();
    throw err;
  }
  // Only a build that succeeded is remembered: its output is what the cached results must reproduce.
  if (cache && folder) cache.keepOutput(outDir, folder.committed());
  cache?.save();
  if (cache && compiledConfig) (await compiledConfig).keep?.();
  validatedConfig?.keep();

  const pagesPerLocale = Object.fromEntries(locales.map((l) => [l.code, table.routes.filter((r) => r.data.locale === l.code).length]));
  const stats = cache?.stats;
  const summary: BuildSummary = {
    pagesPerLocale,
    fileCount: out.count,
    outputBytes: out.bytes,
    warnings: [...site.warnings, ...problems.map(formatProblem)],
    counts: stats ? { pages: stats.pages.cached + stats.pages.rendered, docs: stats.docs.cached + stats.docs.processed, search: stats.search.cached + stats.search.built, chunks: stats.chunks.cached + stats.chunks.made } : { pages: 0, docs: 0, search: 0, chunks: 0 },
  };
  if (cache && snapshot) {
    // Pages that show git's dates change with a commit, which no file of the site shows.
    const answerable = cache.everyDocKept && !config.docs.showLastUpdateTime && !config.docs.showLastUpdateAuthor;
    const assets = [...site.content.values()].flatMap((lc) => lc.docs.flatMap((d) => d.assets.map((a) => a.abs)));
    snapshot.record({ pipeline: cache.pipeline, exportKey: loaded.exportKey, answerable, hashed: cache.hashedNow, assets: [...new Set(assets)], summary, ...(folder ? { output: folder.committed(), outputFolders: folder.committedFolders() } : {}) });
  }
  return {
    loaded,
    files: memory?.files ?? new Map(),
    fileCount: out.count,
    table,
    content: site.content,
    siteData,
    locales,
    warnings: site.warnings,
    problems,
    phases: timer.phases,
    outDir,
    outputBytes: out.bytes,
    pagesPerLocale,
    summary,
    bundle: options.bundle === false ? undefined : site.bundle,
    inputs: { templates: site.templates.inputs, client: site.bundle.inputs },
    ...(cache ? { cache: cache.stats } : {}),
  };
}
