// `check`: everything `build` checks, without writing anything, plus the translation status. When the build
// fails, the pages are processed one by one so the translation report still covers every page that parses.
import { join, resolve } from 'node:path';
import { build, docJobFactory } from '../build.ts';
import { loadConfig } from '../config/load.ts';
import { listContentFiles } from '../content/files.ts';
import type { LocaleContent } from '../content/load.ts';
import { isUserError } from '../errors.ts';
import { loadDevContent } from '../dev/full-build.ts';
import { toProblems, type Problem } from '../problems.ts';
import { localeInfos } from '../routes/site-data.ts';
import { loadStrings } from '../strings.ts';
import { gitTimes } from './git-times.ts';
import { checkTranslations, type PageInfo, type TranslationStatus } from './translations.ts';
import { verificationOf, type VerificationStatus } from './verify-pages.ts';

export interface CheckOptions {
  root: string;
  configFile?: string;
  strict?: boolean;
  /** Months after which a `last_verified` date is reported (default: the config's, 12). */
  maxAgeMonths?: number;
  /** Today as YYYY-MM-DD (tests). */
  today?: string;
}

export interface CheckReport {
  ok: boolean;
  strict: boolean;
  /** Build problems: config, front matter, Markdown, templates, links and anchors. */
  errors: Problem[];
  warnings: string[];
  translations?: TranslationStatus;
  /** Sources sections and `last_verified` dates, when the config asks for them (`check.sources`). */
  verification?: VerificationStatus;
  pages: number;
}

function pageInfos(content: Map<string, LocaleContent>): PageInfo[] {
  return [...content.values()].flatMap((lc) =>
    lc.docs.map((d) => ({
      locale: d.locale,
      relPath: d.relPath,
      file: d.file,
      bodyHash: d.bodyHash,
      h2: d.headings.filter((h) => h.level === 2).map((h) => h.text),
      ...(d.frontMatter.source_hash !== undefined ? { sourceHash: d.frontMatter.source_hash } : {}),
    })),
  );
}

/** Processed pages without the rest of the build (used when the build stops early). */
async function processAlone(root: string, configFile: string | undefined): Promise<Map<string, LocaleContent> | undefined> {
  try {
    const loaded = await loadConfig(root, configFile);
    const { config } = loaded;
    const strings = loadStrings(root, config.i18n.locales, config.i18n.sourceLocale);
    const jobFor = docJobFactory(loaded, localeInfos(config), strings);
    return (await loadDevContent(root, config.i18n.locales, jobFor, 2)).content;
  } catch {
    return undefined;
  }
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const root = resolve(options.root);
  const errors: Problem[] = [];
  const warnings: string[] = [];
  let content: Map<string, LocaleContent> | undefined;
  try {
    const result = await build({ root, configFile: options.configFile, write: false, bundle: false });
    content = result.content;
    // `check` fails on broken links even where the config only warns about them: it is what CI runs.
    errors.push(...result.problems);
    warnings.push(...result.warnings);
  } catch (err) {
    if (!isUserError(err)) throw err;
    errors.push(...toProblems(err));
    content = await processAlone(root, options.configFile);
  }

  let translations: TranslationStatus | undefined;
  let verification: VerificationStatus | undefined;
  if (content) {
    const loaded = await loadConfig(root, options.configFile);
    const { locales, sourceLocale } = loaded.config.i18n;
    const categories = listContentFiles(root, locales).filter((f) => f.kind === 'category');
    translations = checkTranslations({ root, locales, sourceLocale, pages: pageInfos(content), categories, times: gitTimes(join(root, 'content')) });
    verification = verificationOf(loaded.config, content, { root, maxAgeMonths: options.maxAgeMonths, today: options.today });
  }
  const strict = options.strict ?? false;
  const failing =
    errors.length +
    (translations ? translations.missing.length + translations.outline.length + (strict ? translations.stale.length : 0) : 0) +
    (strict && verification ? verification.problems.length : 0);
  const pages = content ? [...content.values()].reduce((n, lc) => n + lc.docs.length, 0) : 0;
  return { ok: failing === 0, strict, errors, warnings, translations, verification, pages };
}
