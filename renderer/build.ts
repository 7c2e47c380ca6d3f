// The build, as its diagram reads: config → content (‖ bundle) → routes → search → render → links → write.
// The client bundle depends only on templates and client code, so it runs beside the content stage; the
// search stage runs before render because pages link to its content-hashed index.
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CompiledConfig } from './config/compile.ts';
import { loadConfig, type LoadedConfig } from './config/load.ts';
import { placeholderWarnings } from './config/site-url.ts';
import type { ContentFile } from './content/files.ts';
import { loadContent, type LocaleContent } from './content/load.ts';
import type { DocJob } from './content/process-doc.ts';
import { bundleClient, type ClientBundle } from './bundle/client.ts';
import { mermaidFiles } from './bundle/mermaid.ts';
import { hasMermaid } from './content/mermaid.ts';
import { checkLinks, scanPage, StringPool, type PageScan } from './links/check.ts';
import { claimOutputDir } from './output-guard.ts';
import { packageRoot, siteOrPackageDir } from './paths.ts';
import { BrokenLinksError, linkProblem, type Problem } from './problems.ts';
import { routeChunks } from './render/chunks.ts';
import { renderPages, siteDataFiles } from './render/render-pages.ts';
import { renderRobots } from './render/robots.ts';
import { renderSitemap } from './render/sitemap.ts';
import { loadTemplates } from './render/templates.ts';
import { buildRouteTable, type RouteTable } from './routes/route-table.ts';
import { localeInfos, siteDataOf } from './routes/site-data.ts';
import { buildSearch } from './search/build-search.ts';
import type { LocaleInfo, SiteData } from './shared/types.ts';
import { localeUrls } from './shared/locale-urls.ts';
import { loadStrings } from './strings.ts';
import { MIN_DOCS_FOR_A_WORKER, WorkerPool } from './workers/pool.ts';
import { FolderOutput, listStatic, MemoryOutput, type OutputFiles, type OutputSink } from './write.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  configFile?: string;
  /** false: build to memory only (tests, `check`). */
  write?: boolean;
  minify?: boolean;
  /** Worker threads for the content stage (only used from the compiled CLI). */
  threads?: number;
  /** Skip the browser bundle (`check` needs no JavaScript). */
  bundle?: boolean;
  /** The config's compilation, when the caller started it early (same root and config file). */
  compiledConfig?: Promise<CompiledConfig>;
}

export interface Phase {
  name: string;
  ms: number;
  /** Resident memory of the process when the phase ended, in MB. */
  rssMb: number;
}

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
  bundle?: ClientBundle;
  /** Source files each stage read: what `serve` watches. */
  inputs: { templates: string[]; client: string[] };
}

class Timer {
  readonly phases: Phase[] = [];
  async run<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.phases.push({ name, ms: performance.now() - start, rssMb: Math.round(process.memoryUsage.rss() / 1048576) });
    }
  }
}

export function docJobFactory(loaded: LoadedConfig, locales: LocaleInfo[], strings: Map<string, Record<string, string>>): (file: ContentFile) => DocJob {
  const { config } = loaded;
  const byCode = new Map(locales.map((l) => [l.code, l]));
  const urlsOf = (l: LocaleInfo) => {
    const { base, docsBase } = localeUrls(config.baseUrl, l.prefix, config.docs.routeBasePath);
    return { localeBase: base, docsBase };
  };
  return (file) => {
    const l = byCode.get(file.locale)!;
    const s = strings.get(file.locale)!;
    return {
      locale: file.locale,
      relPath: file.relPath,
      file: file.file,
      absPath: file.absPath,
      ...urlsOf(l),
      siteBase: config.url.replace(/\/+$/, '') + config.baseUrl,
      codeThemes: config.themeConfig.code.theme,
      strings: {
        admonitions: Object.fromEntries(['note', 'tip', 'info', 'warning', 'danger'].map((k) => [k, s[`theme.admonition.${k}`] ?? k])),
        copyCode: s['theme.CodeBlock.copyButtonAriaLabel'] ?? 'Copy',
        footnoteLabel: s['theme.footnotes.label'] ?? 'Footnotes',
        footnoteBackLabel: s['theme.footnotes.backLabel'] ?? 'Back to content',
      },
    };
  };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  // Started first: the workers load their modules while the config loads and the browser code bundles.
  // A worker costs ~0.3 s to start and a copy of the pipeline in memory: only worth it for real sites.
  const threads = countMarkdown(join(resolve(options.root), 'content'), MIN_DOCS_FOR_A_WORKER) >= MIN_DOCS_FOR_A_WORKER ? (options.threads ?? 2) : 1;
  // A refused output folder is reported before any work; the lock is held until the output is swapped in.
  const release = options.write === false ? undefined : claimOutputDir(resolve(options.root), resolve(options.root, options.outDir ?? 'build'), options.configFile ?? 'site.config.ts', options.outDir ?? 'build');
  const pool = new WorkerPool(threads);
  try {
    return await buildWith(pool, options);
  } finally {
    await pool.dispose();
    release?.();
  }
}

/** Counts Markdown files below `dir`, stopping at `enough`. */
function countMarkdown(dir: string, enough: number): number {
  let count = 0;
  const walk = (d: string) => {
    if (count >= enough || !existsSync(d)) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return; // An unreadable folder is reported, with its path, by the content stage.
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.md')) count++;
      if (count >= enough) return;
    }
  };
  walk(dir);
  return count;
}

async function buildWith(pool: WorkerPool, options: BuildOptions): Promise<BuildResult> {
  const root = resolve(options.root);
  const outDir = resolve(root, options.outDir ?? 'build');
  const timer = new Timer();
  const loaded = await timer.run('config', () => loadConfig(root, options.configFile, options.compiledConfig));
  const { config } = loaded;
  const locales = localeInfos(config);
  const strings = loadStrings(root, config.i18n.locales, config.i18n.sourceLocale);
  const templatesDir = join(packageRoot(), 'templates');

  const bundlePromise = options.bundle === false ? Promise.resolve(undefined) : timer.run('bundle', () => bundleClient({ root, templatesDir, baseUrl: config.baseUrl, minify: options.minify ?? true }));
  const templatesPromise = loadTemplates(templatesDir, root);
  // Both run beside the content stage; a rejection is observed when awaited below.
  bundlePromise.catch(() => undefined);
  templatesPromise.catch(() => undefined);
  const { locales: content, warnings } = await timer.run('content', () =>
    loadContent({ root, locales: config.i18n.locales, jobFor: docJobFactory(loaded, locales, strings), threads: options.threads ?? 2, pool }),
  );
  // The workers' part is over: ending them now gives their memory back before the pages are rendered
  // (rendering on a second thread was measured: 0.05 s faster on 456 pages, 0.18 s on 1,815, for a
  // second copy of React, the templates and the site data — 40 to 110 MB more at the peak).
  await pool.dispose();
  const [bundle, templates] = await Promise.all([bundlePromise, templatesPromise]);

  const table = await timer.run('routes', () => buildRouteTable({ loaded, locales, content, strings }));
  const search = await timer.run('search', () => buildSearch(loaded, locales, table));

  // Pages stream into the output as they are rendered; the folder is swapped in only after the links pass.
  // Static files are checked (links, file types) before the output folder is opened.
  const staticDir = siteOrPackageDir(root, 'static');
  const known = new Set<string>(listStatic(staticDir, config.baseUrl));
  const problems: Problem[] = [];
  const memory = options.write === false ? new MemoryOutput() : undefined;
  const folder = memory ? undefined : new FolderOutput(outDir);
  const sink: OutputSink = (memory ?? folder)!;
  const siteData = new Map<string, SiteData>();
  const put = (rel: string, content: string | Uint8Array) => {
    sink.write(rel, content);
    known.add(config.baseUrl + rel);
  };
  try {
    const scans = new Map<string, PageScan>();
    const interned = new StringPool();
    await timer.run('render', async () => {
      const chunks = routeChunks(table.routes, config.baseUrl, (r) => r.doc?.html);
      for (const locale of locales) {
        siteData.set(locale.code, siteDataOf({ loaded, locale, locales, strings, table, content, search: search.settings.get(locale.code)!, routesManifestUrl: chunks.manifestOf.get(locale.code)!, pageChunks: bundle?.pageChunks ?? {} }));
      }
      const assets = { css: bundle?.css ?? [], entry: bundle?.entry ?? '', preload: bundle?.preload ?? [] };
      const siteFiles = siteDataFiles(siteData, config.baseUrl);
      for (const [k, v] of siteFiles.files) put(k, v);
      const pageChunks = bundle?.pageChunks ?? {};
      renderPages({ routes: table.routes, siteData, templates, assets, pageChunks, extraHead: search.extraHead, siteUrls: siteFiles.urls }, (entry, html) => {
        scans.set(entry.outFile, scanPage(html, interned));
        put(entry.outFile, html);
      });
      for (const [k, v] of chunks.files) put(k, v);
    });
    for (const [k, v] of search.files) put(k, v);
    for (const [k, v] of bundle?.files ?? []) if (!k.endsWith('.map')) put(k, v);
    if ([...content.values()].some((l) => l.docs.some((d) => hasMermaid(d.html)))) for (const [k, v] of mermaidFiles()) put(k, v);
    put('sitemap.xml', renderSitemap(table.routes, config.url));
    // A robots.txt of the site's own (static/) wins.
    if (!known.has(`${config.baseUrl}robots.txt`)) put('robots.txt', renderRobots(config));

    await folder?.flush();
    await timer.run('links', () => {
      const result = checkLinks({ routes: table.routes, pages: scans, files: known, baseUrl: config.baseUrl, readHtml: (f) => sink.read(f) });
      const fatal = [...(config.onBrokenLinks === 'throw' ? result.links : []), ...(config.onBrokenAnchors === 'throw' ? result.anchors : [])];
      if (fatal.length) throw new BrokenLinksError([...result.links, ...result.anchors]);
      for (const l of [...result.links, ...result.anchors]) problems.push(linkProblem(l));
    });

    if (folder)
      await timer.run('write', async () => {
        folder.copyStatic([staticDir]);
        await folder.commit();
      });
  } catch (err) {
    await folder?.abort();
    throw err;
  }

  const pagesPerLocale = Object.fromEntries(locales.map((l) => [l.code, table.routes.filter((r) => r.data.locale === l.code).length]));
  return {
    loaded,
    files: memory?.files ?? new Map(),
    fileCount: sink.count,
    table,
    content,
    siteData,
    locales,
    warnings: [...placeholderWarnings(config, loaded.locationSources), ...warnings],
    problems,
    phases: timer.phases,
    outDir,
    outputBytes: sink.bytes,
    pagesPerLocale,
    bundle,
    inputs: { templates: templates.inputs, client: bundle?.inputs ?? [] },
  };
}
