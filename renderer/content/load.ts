// The content stage: every locale's files → processed docs and category metadata, with every problem
// reported at once: thrown together (`build`), or collected by file while the rest goes on (`serve`, `check`).
import { AggregateUserError, ContentError, type UserError } from '../errors.ts';
import { toProblems, type Problem } from '../problems.ts';
import { parseCategory, type CategoryMeta } from './category.ts';
import { listContentFiles, readUtf8, type ContentFile } from './files.ts';
import { processDocs } from './pool.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { deserialize, type DocJob, type ProcessedDoc } from './process-doc.ts';

export interface CategorySource {
  locale: string;
  /** Folder path relative to the locale, e.g. compute */
  key: string;
  file: string;
  meta: CategoryMeta;
}

export interface LocaleContent {
  locale: string;
  docs: ProcessedDoc[];
  categories: Map<string, CategorySource>;
}

export interface ContentOptions {
  root: string;
  locales: string[];
  jobFor: (file: ContentFile) => DocJob;
  threads: number;
  /** The build's threads, when it keeps a pool for later stages too. */
  pool?: WorkerPool;
  /** `throw`: any problem fails the stage. `collect`: files with problems are left out and reported. */
  mode: 'throw' | 'collect';
}

export interface LoadedContent {
  locales: Map<string, LocaleContent>;
  warnings: string[];
  /** (collect mode) Problems by key: `fileKey(file)` for a file, `routes:<locale>` for duplicate routes. */
  problems: Map<string, Problem[]>;
}

/** The key under which a content file's problems are recorded (the path the user knows). */
export const fileKey = (file: string) => `file:${file}`;

export function loadCategory(file: ContentFile): CategorySource {
  const key = file.relPath.replace(/\/?_category_\.json$/, '');
  return { locale: file.locale, key, file: file.file, meta: parseCategory(readUtf8(file.absPath, file.file), file.file) };
}

export async function loadContent(options: ContentOptions): Promise<LoadedContent> {
  const files = listContentFiles(options.root, options.locales);
  const errors: UserError[] = [];
  const problems = new Map<string, Problem[]>();
  const fail = (key: string, err: UserError) => {
    errors.push(err);
    problems.set(key, [...(problems.get(key) ?? []), ...toProblems(err)]);
  };
  const locales = new Map<string, LocaleContent>(options.locales.map((l) => [l, { locale: l, docs: [], categories: new Map() }]));

  for (const file of files.filter((f) => f.kind === 'category')) {
    try {
      const category = loadCategory(file);
      locales.get(file.locale)!.categories.set(category.key, category);
    } catch (err) {
      fail(fileKey(file.file), err as UserError);
    }
  }

  const docFiles = files.filter((f) => f.kind === 'doc');
  const jobs = docFiles.map(options.jobFor);
  const results = options.pool ? await options.pool.processDocs(jobs) : await processDocs(jobs, options.threads);
  const warnings: string[] = [];
  results.forEach((result, i) => {
    if (!result.ok) fail(fileKey(docFiles[i]!.file), deserialize(result.error));
    else {
      locales.get(result.doc.locale)!.docs.push(result.doc);
      warnings.push(...result.doc.warnings);
    }
  });
  for (const content of locales.values()) for (const err of duplicateRoutes(content.docs)) fail(`routes:${content.locale}`, err);
  if (options.mode === 'throw' && errors.length) throw errors.length === 1 ? errors[0] : new AggregateUserError(errors);
  return { locales, warnings, problems };
}

export function duplicateRoutes(docs: ProcessedDoc[]): ContentError[] {
  const byId = new Map<string, ProcessedDoc>();
  const errors: ContentError[] = [];
  for (const doc of docs) {
    const other = byId.get(doc.id);
    if (other) {
      errors.push(new ContentError(`Two files produce the same route "docs/${doc.id}": ${other.file} and ${doc.file}.`, { file: doc.file }, { hint: 'Rename or remove one of them.' }));
    } else byId.set(doc.id, doc);
  }
  return errors;
}
