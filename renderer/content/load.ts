// The content stage: every locale's files → processed docs and category metadata, with every problem
// reported at once.
import { AggregateUserError, ContentError, type UserError } from '../errors.ts';
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
}

export function loadCategory(file: ContentFile): CategorySource {
  const key = file.relPath.replace(/\/?_category_\.json$/, '');
  return { locale: file.locale, key, file: file.file, meta: parseCategory(readUtf8(file.absPath, file.file), file.file) };
}

export async function loadContent(options: ContentOptions): Promise<{ locales: Map<string, LocaleContent>; warnings: string[] }> {
  const files = listContentFiles(options.root, options.locales);
  const errors: UserError[] = [];
  const locales = new Map<string, LocaleContent>(options.locales.map((l) => [l, { locale: l, docs: [], categories: new Map() }]));

  for (const file of files.filter((f) => f.kind === 'category')) {
    try {
      const category = loadCategory(file);
      locales.get(file.locale)!.categories.set(category.key, category);
    } catch (err) {
      errors.push(err as UserError);
    }
  }

  const docFiles = files.filter((f) => f.kind === 'doc');
  const jobs = docFiles.map(options.jobFor);
  const results = options.pool ? await options.pool.processDocs(jobs) : await processDocs(jobs, options.threads);
  const warnings: string[] = [];
  for (const result of results) {
    if (!result.ok) errors.push(deserialize(result.error));
    else {
      locales.get(result.doc.locale)!.docs.push(result.doc);
      warnings.push(...result.doc.warnings);
    }
  }
  for (const content of locales.values()) errors.push(...duplicateRoutes(content.docs));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateUserError(errors);
  return { locales, warnings };
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
