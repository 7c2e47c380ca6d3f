// A complete dev build from the same stages as `build` (renderer/build.ts), kept in memory as a DevState.
// Unlike `build`, a page that fails is reported and left out instead of failing everything, so the server
// can show every other page (and the error) while the author fixes it.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { docJobFactory } from '../build.ts';
import { bundleClient, type ClientBundle } from '../bundle/client.ts';
import { loadConfig } from '../config/load.ts';
import { listContentFiles, type ContentFile } from '../content/files.ts';
import { duplicateRoutes, loadCategory, type LocaleContent } from '../content/load.ts';
import { processDocs } from '../content/pool.ts';
import { deserialize, type DocJob } from '../content/process-doc.ts';
import { packageRoot, siteOrPackageDir } from '../paths.ts';
import { loadTemplates } from '../render/templates.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { localeInfos } from '../routes/site-data.ts';
import { buildSearch } from '../search/build-search.ts';
import { loadStrings } from '../strings.ts';
import { toProblems, type Problem } from '../problems.ts';
import { putBundle, putSearch, putSitemap, siteDataFor, stableSearch, updateChunks, type DevState } from './state.ts';

export interface DevBuildOptions {
  root: string;
  configFile?: string;
  threads?: number;
}

export interface DevBuildResult {
  state: DevState;
  /** Problems by source (a file, or a stage): pages that failed are missing from the state. */
  problems: Map<string, Problem[]>;
  warnings: string[];
}

const NO_BUNDLE: ClientBundle = { files: new Map(), entry: '', preload: [], css: [], pageChunks: {}, inputs: [] };

/** The key under which a content file's problems are recorded (the path the user knows). */
export const fileKey = (file: string) => `file:${file}`;

export async function loadDevContent(root: string, locales: string[], jobFor: (f: ContentFile) => DocJob, threads: number) {
  const files = listContentFiles(root, locales);
  const problems = new Map<string, Problem[]>();
  const content = new Map<string, LocaleContent>(locales.map((l) => [l, { locale: l, docs: [], categories: new Map() }]));
  for (const file of files.filter((f) => f.kind === 'category')) {
    try {
      const category = loadCategory(file);
      content.get(file.locale)!.categories.set(category.key, category);
    } catch (err) {
      problems.set(fileKey(file.file), toProblems(err));
    }
  }
  const warnings: string[] = [];
  const docFiles = files.filter((f) => f.kind === 'doc');
  const results = await processDocs(docFiles.map(jobFor), threads);
  results.forEach((result, i) => {
    if (!result.ok) problems.set(fileKey(docFiles[i]!.file), toProblems(deserialize(result.error)));
    else {
      content.get(result.doc.locale)!.docs.push(result.doc);
      warnings.push(...result.doc.warnings);
    }
  });
  for (const lc of content.values()) {
    const dups = duplicateRoutes(lc.docs);
    if (dups.length) problems.set(`routes:${lc.locale}`, dups.flatMap(toProblems));
  }
  return { content, problems, warnings };
}

/** Site folders and files the stages read. */
export function watchedPaths(root: string, configFile: string | undefined): string[] {
  const pkg = packageRoot();
  const paths = [
    join(root, 'content'),
    siteOrPackageDir(root, 'i18n'),
    siteOrPackageDir(root, 'static'),
    join(pkg, 'templates'),
    existsSync(join(root, 'client')) ? join(root, 'client') : join(pkg, 'client'),
    resolve(root, configFile ?? 'site.config.ts'),
  ];
  if (existsSync(join(root, 'templates'))) paths.push(join(root, 'templates'));
  return [...new Set(paths)];
}

/** Builds everything; throws a UserError when nothing can be served (config, UI strings, templates). */
export async function fullDevBuild(options: DevBuildOptions): Promise<DevBuildResult> {
  const root = resolve(options.root);
  const loaded = await loadConfig(root, options.configFile);
  const { config } = loaded;
  const locales = localeInfos(config);
  const strings = loadStrings(root, config.i18n.locales, config.i18n.sourceLocale);
  const templatesDir = join(packageRoot(), 'templates');
  const bundlePromise = bundleClient({ root, templatesDir, baseUrl: config.baseUrl, minify: false });
  const templatesPromise = loadTemplates(templatesDir, root);
  bundlePromise.catch(() => undefined);
  templatesPromise.catch(() => undefined);
  const jobFor = docJobFactory(loaded, locales, strings);
  const { content, problems, warnings } = await loadDevContent(root, config.i18n.locales, jobFor, options.threads ?? 2);
  const templates = await templatesPromise;
  // Pages can be shown without their JavaScript while the browser bundle is broken, not without templates.
  const bundle = await bundlePromise.catch((err: unknown) => {
    problems.set('code', toProblems(err));
    return NO_BUNDLE;
  });

  const table = buildRouteTable({ loaded, locales, content, strings });
  const state: DevState = {
    root,
    loaded,
    locales,
    strings,
    jobFor,
    content,
    templates,
    bundle,
    search: stableSearch(buildSearch(loaded, locales, table), config.baseUrl),
    table,
    siteData: new Map(),
    files: new Map(),
    chunkFiles: new Map(),
    dirty: new Map(),
    broken: new Map(),
    ids: new Map(),
    staticDir: siteOrPackageDir(root, 'static'),
    watched: watchedPaths(root, options.configFile),
  };
  putBundle(state);
  putSearch(state);
  for (const l of locales) {
    updateChunks(state, l.code);
    state.siteData.set(l.code, siteDataFor(state, l));
  }
  // Pages are rendered when first requested, the rest in the background (DevSite.settle), links checked
  // after that: the server answers its first request long before every page is rendered.
  state.dirty = new Map(table.routes.map((r) => [r.outFile, r]));
  putSitemap(state);
  return { state, problems, warnings };
}

/** Where a file sits relative to the site, with forward slashes (for messages). */
export function shownPath(root: string, abs: string): string {
  const rel = relative(root, abs).split('\\').join('/');
  return rel && !rel.startsWith('../') ? rel : abs;
}
