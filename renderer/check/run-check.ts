// `check`: everything `build` checks, without writing anything, plus the translation status. The site is
// prepared in collect mode, so the translation report still covers every page that parses when some do not.
import { join, resolve } from 'node:path';
import { listContentFiles } from '../content/files.ts';
import type { LocaleContent } from '../content/load.ts';
import { isUserError } from '../errors.ts';
import { formatProblem, linkProblem, toProblems, type Problem } from '../problems.ts';
import { prepareSite, type PreparedSite } from '../site/prepare.ts';
import { checkSiteLinks, renderSite, staticPaths } from '../site/render.ts';
import { MemoryOutput } from '../write.ts';
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
    // A page shown from the source locale is not a translation: it is reported missing.
    lc.docs.filter((d) => !d.fallback).map((d) => ({
      locale: d.locale,
      relPath: d.relPath,
      file: d.file,
      bodyHash: d.bodyHash,
      h2: d.headings.filter((h) => h.level === 2).map((h) => h.text),
      levels: d.headings.filter((h) => h.level === 2 || h.level === 3).map((h) => h.level),
      ...(d.frontMatter.source_hash !== undefined ? { sourceHash: d.frontMatter.source_hash } : {}),
    })),
  );
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const root = resolve(options.root);
  const errors: Problem[] = [];
  const warnings: string[] = [];
  let site: PreparedSite | undefined;
  try {
    // Collect mode: a page that fails is reported and the others are still read, for the translation report.
    site = await prepareSite({ root, configFile: options.configFile, mode: 'collect', bundle: false, strict: options.strict ?? false });
    for (const list of site.problems.values()) errors.push(...list);
    warnings.push(...site.warnings);
    // Links are checked on the rendered pages, as `build` does — only once every page renders (a page left
    // out would make every link to it look broken). `check` fails on broken links even where the config
    // only warns about them: it is what CI runs.
    if (!errors.length) {
      const out = new MemoryOutput();
      const result = checkSiteLinks(site, renderSite(site, out, staticPaths(site)), out);
      errors.push(...[...result.links, ...result.anchors].map(linkProblem));
      // Links to the site's own absolute address only warn, as Docusaurus does not check them at all.
      warnings.push(...result.ownUrls.map((l) => formatProblem(linkProblem(l))));
    }
  } catch (err) {
    if (!isUserError(err)) throw err;
    errors.push(...toProblems(err));
  }

  let translations: TranslationStatus | undefined;
  let verification: VerificationStatus | undefined;
  if (site) {
    const { locales, sourceLocale } = site.loaded.config.i18n;
    const categories = listContentFiles(root, locales, sourceLocale).filter((f) => f.kind === 'category' && !f.fallbackFrom);
    translations = checkTranslations({ root, locales, sourceLocale, pages: pageInfos(site.content), categories, times: gitTimes(join(root, 'content')) });
    verification = verificationOf(site.loaded.config, site.content, { root, maxAgeMonths: options.maxAgeMonths, today: options.today });
  }
  const strict = options.strict ?? false;
  const failing =
    errors.length +
    (translations ? translations.missing.length + translations.outline.length + (strict ? translations.stale.length : 0) : 0) +
    (strict && verification ? verification.problems.length : 0);
  const pages = site ? [...site.content.values()].reduce((n, lc) => n + lc.docs.length, 0) : 0;
  return { ok: failing === 0, strict, errors, warnings, translations, verification, pages };
}
