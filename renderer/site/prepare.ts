// One preparation for `build`, `serve` and `check`: config → strings → content (‖ client bundle and
// templates) → routes → search. Nothing else assembles these inputs. `mode` says what a bad input does:
// `throw` (build: any problem fails it) or `collect` (serve, check: the file is left out, its problems are
// returned and everything else goes on).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { docHref, docSlash } from '../content/links.ts';
import { lastUpdates } from '../check/git-times.ts';
import { siteOrPackageDir } from '../paths.ts';
import { bundleClient, type ClientBundle } from '../bundle/client.ts';
import type { IslandBundle, IslandPage } from '../bundle/islands.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { THEME_MEMO } from '../cache/cache-dir.ts';
import { pipelineKey } from '../cache/keys.ts';
import type { CompiledConfig } from '../config/compile.ts';
import { loadConfig, type LoadedConfig } from '../config/load.ts';
import type { ValidatedConfigCache } from '../config/validated-cache.ts';
import { placeholderWarnings } from '../config/site-url.ts';
import { reactPeerWarnings } from './react-peers.ts';
import { localize } from '../config/localize.ts';
import type { ContentFile } from '../content/files.ts';
import { loadContent, type LocaleContent } from '../content/load.ts';
import type { DocJob } from '../content/process-doc.ts';
import { sitePaths, type SitePaths } from '../paths.ts';
import { toProblems, type Problem } from '../problems.ts';
import type { Naming } from '../render/names.ts';
import { loadTemplates, type Templates } from '../render/templates.ts';
import { buildRouteTable, type RouteTable } from '../routes/route-table.ts';
import { localeInfos } from '../routes/site-data.ts';
import { buildSearch, buildSearchWith, type IndexCache, type SearchAssets } from '../search/build-search.ts';
import { localeUrls } from '../shared/locale-urls.ts';
import { siteBaseOf } from '../shared/urls.ts';
import type { LocaleInfo } from '../shared/types.ts';
import { loadStrings } from '../strings.ts';
import type { WorkerPool } from '../workers/pool.ts';

export interface Phase {
  name: string;
  ms: number;
  /** Resident memory of the process when the phase ended, in MB. */
  rssMb: number;
}

/** Named, timed phases (a build prints them). */
export class Timer {
  readonly phases: Phase[] = [];
  /**
   * Runs and times `fn`. One that returns a value (not a promise) ends when it returns: awaited, it would
   * end only once the caller's synchronous code after this call had run too (the bundle, started beside the
   * content stage, was charged with the content stage's first 100 ms).
   */
  async run<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
    const start = performance.now();
    let result: Promise<T> | T;
    try {
      result = fn();
    } catch (err) {
      this.end(name, start);
      throw err;
    }
    if (!isPromiseLike(result)) {
      this.end(name, start);
      return result;
    }
    try {
      return await result;
    } finally {
      this.end(name, start);
    }
  }

  private end(name: string, start: number): void {
    const end = performance.now();
    this.phases.push({ name, ms: end - start, rssMb: Math.round(process.memoryUsage.rss() / 1048576) });
    // Also a User Timing entry, so a CPU profile can be cut by phase (bench/profile.mjs reads them; DevTools
    // shows them). One entry per name: a long `serve` session does not pile them up.
    performance.clearMeasures(`cheatsheet:${name}`);
    performance.measure(`cheatsheet:${name}`, { start, end });
  }
}

const isPromiseLike = <T>(v: Promise<T> | T): v is Promise<T> => typeof (v as PromiseLike<T> | undefined)?.then === 'function';

export interface PrepareOptions {
  root: string;
  configFile?: string;
  /** The config's compilation, when the caller started it early (same root and config file). */
  compiledConfig?: Promise<CompiledConfig>;
  mode: 'throw' | 'collect';
  /** The browser bundle, minified (build) or not (serve); `false`: none (`check` needs no JavaScript). */
  bundle: { minify: boolean } | false;
  /** `stable`: the files every edit changes keep their names (serve). */
  naming?: Naming;
  threads?: number;
  /** Worker threads for the content stage (the build keeps them to render its pages too). */
  pool?: WorkerPool;
  timer?: Timer;
  /** Unknown front-matter and category keys fail instead of warning (`--strict`). */
  strict?: boolean;
  /** Build `draft: true` docs too (`serve`); production builds leave them out. */
  drafts?: boolean;
  /** The build cache (`build` only): unchanged docs, pages and search indexes are taken from it. */
  cache?: BuildCache;
  /** With the build cache: the config as validated by an earlier build (config/validated-cache.ts). */
  validatedConfig?: ValidatedConfigCache;
  /** Without a build cache: where the search stage keeps its indexes and page terms (`serve`, in memory). */
  searchCache?: IndexCache;
  /** Called before the search stage: the build collects there when its heap has grown enough (build.ts). */
  heapCheck?: () => void;
}

export interface PreparedSite {
  paths: SitePaths;
  loaded: LoadedConfig;
  locales: LocaleInfo[];
  strings: Map<string, Record<string, string>>;
  jobFor: (file: ContentFile) => DocJob;
  content: Map<string, LocaleContent>;
  templates: Templates;
  /** Empty when not asked for, or (collect mode) when the browser code does not compile. */
  bundle: ClientBundle;
  /** The scripts of MDX pages whose components run in the browser (their docs name them). */
  islands: IslandBundle;
  table: RouteTable;
  search: SearchAssets;
  naming: Naming;
  warnings: string[];
  /** (collect mode) What was left out and why, by key (a content file, `routes:<locale>`, `code`). */
  problems: Map<string, Problem[]>;
  cache?: BuildCache;
}

export const NO_BUNDLE: ClientBundle = { files: new Map(), entry: '', preload: [], css: [], pageChunks: {}, inputs: [] };

/** The public URL of a doc in each locale, as routes and links to files both need it. */
export function docHrefFactory(loaded: LoadedConfig, locales: LocaleInfo[]): (locale: string, doc: { slug: string; slugSlash?: boolean }) => string {
  const { config } = loaded;
  const bases = new Map(locales.map((l) => [l.code, localeUrls(config.baseUrl, l.prefix, config.docs.routeBasePath).docsBase]));
  return (locale, doc) => docHref(bases.get(locale)!, doc.slug, docSlash(config.trailingSlash, doc.slugSlash));
}

/** How one content file is processed (on this thread or a worker): its locale's URLs and UI strings. */
export function docJobFactory(loaded: LoadedConfig, locales: LocaleInfo[], strings: Map<string, Record<string, string>>): (file: ContentFile) => DocJob {
  const { config } = loaded;
  const byCode = new Map(locales.map((l) => [l.code, l]));
  // What every doc of a locale shares, made once per locale (not once per doc: a warm build makes a job for
  // each of its docs to look it up). Config and UI strings do not change under a factory (`serve` prepares
  // the site again when they do); whether the site has its own static folder may: it is asked once for the
  // jobs made together (in one synchronous run: the content stage makes them all at once), not once per doc
  // (an existsSync each, ~450 in a warm build), and again for jobs made later (`serve`).
  const shared = new Map<string, ReturnType<typeof localeJob>>();
  let assets: DocJob['assets'];
  const assetsNow = (): DocJob['assets'] => {
    if (!assets) {
      assets = { root: loaded.root, staticDir: siteOrPackageDir(loaded.root, 'static'), baseUrl: config.baseUrl };
      queueMicrotask(() => (assets = undefined));
    }
    return assets;
  };
  const localeJob = (locale: string) => {
    const l = byCode.get(locale)!;
    const s = strings.get(locale)!;
    const { base, docsBase } = localeUrls(config.baseUrl, l.prefix, config.docs.routeBasePath);
    return {
      localeBase: base,
      docsBase,
      siteBase: siteBaseOf(config),
      linkStyle: { routeBasePath: config.docs.routeBasePath, trailingSlash: config.trailingSlash === true, keepSlugSlash: config.trailingSlash === undefined, localePrefix: l.prefix },
      site: { title: config.title, tagline: localize(config.tagline, locale), url: config.url, baseUrl: config.baseUrl, trailingSlash: config.trailingSlash, locale, defaultLocale: locales[0]!.code, locales: locales.map((x) => x.code) },
      strings: {
        admonitions: Object.fromEntries(['note', 'tip', 'info', 'warning', 'danger'].map((k) => [k, s[`theme.admonition.${k}`] ?? k])),
        copyCode: s['theme.CodeBlock.copyButtonAriaLabel'] ?? 'Copy',
        footnoteLabel: s['theme.footnotes.label'] ?? 'Footnotes',
        footnoteBackLabel: s['theme.footnotes.backLabel'] ?? 'Back to content',
      },
    };
  };
  return (file) => {
    let l = shared.get(file.locale);
    if (!l) shared.set(file.locale, (l = localeJob(file.locale)));
    return {
      locale: file.locale,
      relPath: file.relPath,
      file: file.file,
      absPath: file.absPath,
      localeBase: l.localeBase,
      docsBase: l.docsBase,
      siteBase: l.siteBase,
      ...(file.fallbackFrom ? { fallback: true } : {}),
      linkStyle: l.linkStyle,
      assets: assetsNow(),
      codeThemes: config.themeConfig.code.theme,
      site: l.site,
      strings: l.strings,
    };
  };
}

/** The images and files the docs reference, read once each. */
export function docAssets(content: Map<string, LocaleContent>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const lc of content.values()) for (const doc of lc.docs) for (const a of doc.assets) if (!out.has(a.out)) out.set(a.out, readFileSync(a.abs));
  return out;
}

/** Config, UI strings or templates that fail throw in both modes: without them nothing can be shown. */
export async function prepareSite(options: PrepareOptions): Promise<PreparedSite> {
  const timer = options.timer ?? new Timer();
  const paths = sitePaths(options.root, options.configFile);
  const { root } = paths;
  const naming = options.naming ?? 'hashed';
  const loaded = await timer.run('config', () => loadConfig(root, options.configFile, options.compiledConfig, process.env, options.validatedConfig));
  const { config } = loaded;
  const configWarnings = placeholderWarnings(config, loaded.locationSources);
  const peerWarnings = reactPeerWarnings(root);
  const locales = localeInfos(config);
  const strings = loadStrings(root, config.i18n.locales, config.i18n.sourceLocale);

  // The bundle depends only on templates and client code: it runs beside the content stage.
  // A warm build may keep every page: its templates (React) are imported only when a page is rendered.
  const { cache } = options;
  const memos = cache ? { memoDir: cache.dir, keepOnSave: (keep: () => void) => cache.keepOnSave(keep) } : {};
  const { bundle: bundlePromise, templates: templatesPromise } = loadTheme(paths, config.baseUrl, options.bundle, timer, { lazy: cache?.warm === true, ...memos });
  const jobFor = docJobFactory(loaded, locales, strings);
  const loadedContent = await timer.run('content', () => loadContent({
      root,
      locales: config.i18n.locales,
      sourceLocale: config.i18n.sourceLocale,
      finish: { includeDrafts: options.drafts ?? false, strict: options.strict ?? false, docHref: docHrefFactory(loaded, locales), onInlineTags: config.docs.onInlineTags },
      jobFor,
      threads: options.threads ?? 2,
      pool: options.pool,
      mode: options.mode,
      ...(options.cache ? { cache: options.cache } : {}),
    }));
  const { problems } = loadedContent;
  const warnings = [...configWarnings, ...(await peerWarnings), ...loadedContent.warnings];
  const content = loadedContent.locales;
  const templates = await templatesPromise;
  options.cache?.useTemplates(templates.inputs);
  // In collect mode pages can be shown without their JavaScript while the browser code is broken.
  const bundle = await bundlePromise.catch((err: unknown) => {
    if (options.mode === 'throw') throw err;
    problems.set('code', toProblems(err));
    return NO_BUNDLE;
  });

  const islands = options.bundle
    ? await timer.run('islands', () => islandsOf({ paths, loaded, content, jobFor, minify: (options.bundle as { minify: boolean }).minify, naming }).catch((err: unknown) => {
        if (options.mode === 'throw') throw err;
        problems.set('islands', toProblems(err));
        return NO_ISLANDS;
      }))
    : NO_ISLANDS;

  const gitInfo = config.docs.showLastUpdateTime || config.docs.showLastUpdateAuthor ? lastUpdates(root) : undefined;
  const table = await timer.run('routes', () => buildRouteTable({ loaded, locales, content, strings, ...(gitInfo ? { gitInfo } : {}) }));
  // Without a worker (a warm build, a small site), the indexes are made here without going through JSON;
  // with workers, they are made there while the pages render (`search.pending`).
  const { pool } = options;
  // (The code's key only keys the build cache's indexes: a build without the cache does not hash the code.)
  const codeKey = options.cache ? codeKeyOf(options.cache) : undefined;
  options.heapCheck?.();
  const search = await timer.run('search', () => (pool && pool.threads > 1 && naming === 'hashed' ? searchOn(pool, loaded, locales, table, codeKey, options.cache) : searchOf(loaded, locales, table, options.cache?.index ?? options.searchCache, codeKey)));
  return { paths, loaded, locales, strings, jobFor, content, templates, bundle, islands, table, search, naming, warnings, problems, ...(options.cache ? { cache: options.cache } : {}) };
}

/** No island scripts: most sites. Kept here so that a site without islands never loads their bundler. */
const NO_ISLANDS: IslandBundle = { files: new Map(), scripts: new Map(), styles: new Map() };

/** Page keys of islandsOf: a doc of a locale (a fallback page is the same file in another locale). */
export const islandKey = (locale: string, relPath: string) => `${locale}:${relPath}`;

/**
 * Bundles the island scripts of the docs that have islands (`only`: of those pages alone) and gives each
 * doc its script's URL.
 */
export async function islandsOf(site: Pick<PreparedSite, 'paths' | 'loaded' | 'content' | 'jobFor'> & { minify: boolean; naming: Naming }, only?: ReadonlySet<string>): Promise<IslandBundle> {
  const pages: IslandPage[] = [];
  const docs = new Map<string, { script?: string; style?: string }>();
  for (const [locale, lc] of site.content) {
    for (const doc of lc.docs) {
      const key = islandKey(locale, doc.relPath);
      if (!doc.islands || (only && !only.has(key))) continue;
      const job = site.jobFor({ locale, relPath: doc.relPath, file: doc.file, absPath: doc.islands.absPath, kind: 'doc' });
      pages.push({ key, absPath: doc.islands.absPath, file: doc.file, locale, site: job.site!, admonitionTitles: job.strings.admonitions, carriedCss: doc.islands.carriedCss, ...(doc.islands.browser ? { browser: doc.islands.browser } : {}) });
      docs.set(key, doc.islands);
    }
  }
  if (!pages.length) return NO_ISLANDS;
  // Loaded only for a site with islands: it brings esbuild and the MDX compiler, which a warm build of a
  // Markdown site (its config cached, no MDX page to process) otherwise never loads.
  const { bundleIslands } = await import('../bundle/islands.ts');
  const bundle = await bundleIslands(pages, { siteRoot: site.paths.root, baseUrl: site.loaded.config.baseUrl, minify: site.minify, naming: site.naming });
  for (const [key, islands] of docs) {
    islands.script = bundle.scripts.get(key);
    const style = bundle.styles.get(key);
    if (style) islands.style = style;
    else delete islands.style;
  }
  return bundle;
}

/**
 * The browser bundle and the server templates, started at once (again in `serve` when their code changes).
 * Rejections are observed when the caller awaits them.
 */
/**
 * `memoDir`: the build cache's folder, where the prebuilt theme's check is remembered (bundle/prebuilt.ts),
 * written by `keepOnSave` (the cache's save, once the build has succeeded).
 */
export function loadTheme(paths: SitePaths, baseUrl: string, bundle: PrepareOptions['bundle'], timer = new Timer(), templates: { lazy?: boolean; memoDir?: string; keepOnSave?: (keep: () => void) => void } = {}): { bundle: Promise<ClientBundle>; templates: Promise<Templates> } {
  const { memoDir, keepOnSave, ...load } = templates;
  const memo = (file: string) => (memoDir === undefined || keepOnSave === undefined ? {} : { memo: { file: join(memoDir, file), keepOnSave } });
  const bundlePromise = bundle ? timer.run('bundle', () => bundleClient({ root: paths.root, templatesDir: paths.templates, baseUrl, minify: bundle.minify, ...memo(THEME_MEMO.client) })) : Promise.resolve(NO_BUNDLE);
  const templatesPromise = loadTemplates(paths.templates, paths.root, { ...load, ...memo(THEME_MEMO.ssr) });
  bundlePromise.catch(() => undefined);
  templatesPromise.catch(() => undefined);
  return { bundle: bundlePromise, templates: templatesPromise };
}

/** The search stage (again after an edit in `serve`). */
export function searchOf(loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, cache?: IndexCache, codeKey?: () => string): SearchAssets {
  return buildSearch(loaded, locales, table, cache, codeKey);
}

/** The search stage with the locales' indexes built on the worker threads of `pool` while pages render. The output is the same. */
function searchOn(pool: WorkerPool, loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, codeKey?: () => string, cache?: BuildCache): SearchAssets {
  return buildSearchWith((jobs) => pool.buildIndexes(jobs, { mainThread: 'after-render' }), loaded, locales, table, codeKey, cache?.index);
}

/**
 * The code that makes the search index, in each index's cache key (search/build-search.ts, indexDigest): the
 * pipeline key, which the build cache has already computed; made once, and only for a local index.
 */
function codeKeyOf(cache: BuildCache): () => string {
  let key: string | undefined;
  return () => (key ??= cache.pipeline ?? pipelineKey());
}
