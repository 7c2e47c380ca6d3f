// The content stage: every locale's files → processed docs and category metadata, with every problem
// reported at once: thrown together (`build`), or collected by file while the rest goes on (`serve`, `check`).
import { AggregateUserError, type UserError } from '../errors.ts';
import { toProblems, type Problem } from '../problems.ts';
import { parseCategory, type CategoryMeta } from './category.ts';
import type { CodeCache } from './code-blocks.ts';
import { categoryTranslations, translateCategory } from './docs-translations.ts';
import { readTagsFile } from './tags-file.ts';
import type { TagsFile } from '../routes/doc-tags.ts';
import { listContentFiles, readUtf8, type ContentFile } from './files.ts';
import { finishLocale, type FinishOptions } from './finish.ts';
import type { SoftProblem } from './front-matter.ts';
import { processDocs } from './pool.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { DocJob, DocResult, ProcessedDoc } from './process-doc.ts';

export interface CategorySource {
  locale: string;
  /** Folder path relative to the locale, e.g. compute */
  key: string;
  file: string;
  meta: CategoryMeta;
  problems: SoftProblem[];
  /** The source locale's category file, standing in for the locale's own. */
  fallback: boolean;
}

export interface LocaleContent {
  locale: string;
  docs: ProcessedDoc[];
  categories: Map<string, CategorySource>;
  /** Translated labels of categories named after their folder (current.json), by source label. */
  labels?: Map<string, string>;
  /** The locale's `tags.yml` (else the source locale's): labels, permalinks and descriptions of tags by key. */
  tagsFile?: TagsFile;
}

/** Processed docs kept between builds (renderer/cache/): `lookup` answers only for an unchanged doc. */
export interface DocCache {
  lookup(job: DocJob): ProcessedDoc | undefined;
  /** Called with each doc as processed, before the locale's finishing touches change it. */
  remember(job: DocJob, doc: ProcessedDoc): void;
  /** The highlighted code of docs processed before (used by a build on one thread). */
  code?: CodeCache;
}

export interface ContentOptions {
  root: string;
  locales: string[];
  sourceLocale?: string;
  finish: FinishOptions;
  jobFor: (file: ContentFile) => DocJob;
  threads: number;
  /** The build's threads, when it keeps a pool for later stages too. */
  pool?: WorkerPool;
  /** `throw`: any problem fails the stage. `collect`: files with problems are left out and reported. */
  mode: 'throw' | 'collect';
  cache?: DocCache;
}

export interface LoadedContent {
  locales: Map<string, LocaleContent>;
  warnings: string[];
  /** (collect mode) Problems by key: `fileKey(file)` for a file, `routes:<locale>` for duplicate routes. */
  problems: Map<string, Problem[]>;
}

/** The key under which a content file's problems are recorded (the path the user knows). */
export const fileKey = (file: string) => `file:${file}`;

export function loadCategory(file: ContentFile, translations?: Map<string, string>): CategorySource {
  const key = file.relPath.replace(/\/?_category_\.(json|ya?ml)$/, '');
  const { meta, problems } = parseCategory(readUtf8(file.absPath, file.file), file.file);
  return { locale: file.locale, key, file: file.file, meta: translateCategory(meta, translations), problems: file.fallbackFrom ? [] : problems, fallback: Boolean(file.fallbackFrom) };
}

export async function loadContent(options: ContentOptions): Promise<LoadedContent> {
  const files = listContentFiles(options.root, options.locales, options.sourceLocale);
  const errors: UserError[] = [];
  const problems = new Map<string, Problem[]>();
  // A source page standing in for several locales fails once, not once per locale.
  const seen = new Set<string>();
  const fail = (key: string, err: UserError) => {
    const id = `${err.location?.file}:${err.location?.line}:${err.message}`;
    if (seen.has(id)) return;
    seen.add(id);
    errors.push(err);
    problems.set(key, [...(problems.get(key) ?? []), ...toProblems(err)]);
  };
  const locales = new Map<string, LocaleContent>();
  for (const l of options.locales) {
    try {
      const tagsFile = readTagsFile(options.root, l, options.sourceLocale);
      locales.set(l, { locale: l, docs: [], categories: new Map(), labels: categoryTranslations(options.root, l), ...(tagsFile ? { tagsFile } : {}) });
    } catch (err) {
      fail(`i18n/${l}/docusaurus-plugin-content-docs/current.json`, err as UserError);
      locales.set(l, { locale: l, docs: [], categories: new Map() });
    }
  }

  for (const file of files.filter((f) => f.kind === 'category')) {
    try {
      const category = loadCategory(file, locales.get(file.locale)?.labels);
      locales.get(file.locale)!.categories.set(category.key, category);
    } catch (err) {
      fail(fileKey(file.file), err as UserError);
    }
  }

  const docFiles = files.filter((f) => f.kind === 'doc');
  const jobs = docFiles.map(options.jobFor);
  const results = await processWithCache(jobs, options.cache, (todo, onDoc) => (options.pool ? options.pool.processDocs(todo, options.cache?.code, onDoc) : processDocs(todo, options.threads, options.cache?.code, onDoc)));
  const warnings: string[] = [];
  // (Imported only when needed: with every doc from the build cache, the Markdown pipeline is never loaded.)
  const deserialize = results.some((r) => !r.ok) ? (await import('./process-doc.ts')).deserialize : undefined;
  results.forEach((result, i) => {
    if (!result.ok) fail(fileKey(docFiles[i]!.file), deserialize!(result.error));
    else {
      locales.get(result.doc.locale)!.docs.push(result.doc);
      warnings.push(...result.doc.warnings);
    }
  });
  for (const content of locales.values()) {
    const finished = finishLocale(content, options.finish);
    for (const err of finished.errors) fail(`routes:${content.locale}`, err);
    warnings.push(...finished.warnings);
  }
  if (options.mode === 'throw' && errors.length) throw errors.length === 1 ? errors[0] : new AggregateUserError(errors);
  // A source page shown in a locale without its translation is processed once per locale, with the same
  // warnings about the same file: said once.
  return { locales, warnings: [...new Set(warnings)], problems };
}

/**
 * Called with a doc as soon as it is final (its code highlighted), by its index among the jobs processed: the
 * build cache keeps it then, while the content stage still runs on every thread, rather than all at its end.
 */
export type DocDone = (index: number, result: DocResult) => void;

/** Processes the docs the cache does not have (all of them without a cache), in the jobs' order. */
async function processWithCache(jobs: DocJob[], cache: DocCache | undefined, process: (jobs: DocJob[], onDoc?: DocDone) => Promise<DocResult[]>): Promise<DocResult[]> {
  if (!cache) return process(jobs);
  const results: (DocResult | undefined)[] = jobs.map((job) => {
    const doc = cache.lookup(job);
    return doc && { ok: true, doc };
  });
  const todoAt = jobs.flatMap((_, i) => (results[i] ? [] : [i]));
  // Kept as each doc is done (cold build, 150 × 3: ~0.2 s of the build thread's, which all came after the
  // content stage, when no other thread had work); those the processing did not pass on, kept below.
  const kept = new Array<boolean>(todoAt.length).fill(false);
  const keep = (k: number, result: DocResult) => {
    kept[k] = true;
    if (result.ok) cache.remember(jobs[todoAt[k]!]!, result.doc);
  };
  const fresh = todoAt.length ? await process(todoAt.map((i) => jobs[i]!), keep) : [];
  fresh.forEach((result, k) => kept[k] || keep(k, result));
  let next = 0;
  return results.map((cached) => cached ?? fresh[next++]!);
}
