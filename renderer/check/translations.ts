// Translation status against the source locale: pages (and category files) missing in a locale,
// translations older than their source, and h2 outlines that do not follow the source page.
import { join } from 'node:path';
import { outlineIndex, SERVICE_OUTLINE, type OutlineLocale } from '../content/outline.ts';
import type { FileTimes } from './git-times.ts';

/** What the checks need of one processed page. */
export interface PageInfo {
  locale: string;
  relPath: string;
  file: string;
  bodyHash: string;
  /** Text of the page's h2 headings, in order. */
  h2: string[];
  /** Levels of the page's h2 and h3 headings, in order: the shape of its sections. */
  levels?: number[];
  /** `source_hash` from the front matter: the source body hash the translation was made from. */
  sourceHash?: string;
}

export interface MissingTranslation {
  locale: string;
  file: string;
  /** The page it should translate. */
  source: string;
}

export interface StaleTranslation {
  file: string;
  source: string;
  reason: string;
}

export interface OutlineMismatch {
  file: string;
  source: string;
  expected: string[];
  actual: string[];
}

export interface TranslationStatus {
  sourceLocale: string;
  missing: MissingTranslation[];
  stale: StaleTranslation[];
  outline: OutlineMismatch[];
  /** How staleness was judged: by source_hash, by git history, or not at all for some pages. */
  staleBasis: { sourceHash: number; git: number; unknown: number };
}

export interface TranslationInput {
  root: string;
  locales: string[];
  sourceLocale: string;
  pages: PageInfo[];
  /** Category files present, as locale + relPath (e.g. compute/_category_.json). */
  categories: { locale: string; relPath: string }[];
  times?: FileTimes;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** The h2 list a translation should have: outline headings translated, other headings left open (null). */
export function expectedOutline(source: string[], sourceLocale: string, locale: string): (string | null)[] {
  return source.map((h) => {
    const i = outlineIndex(sourceLocale, h);
    return i >= 0 && Object.hasOwn(SERVICE_OUTLINE, locale) ? SERVICE_OUTLINE[locale as OutlineLocale][i]! : null;
  });
}

const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether a translation's heading is the section the source has there. Only structure counts: a heading
 * worded differently ("¿Qué es?" for "Qué es") is the same section; another outline section in its place
 * is not (sections out of order).
 */
function sameSection(expected: string | null, actual: string, locale: string): boolean {
  if (expected === null || folded(expected) === folded(actual)) return true;
  const outline = locale in SERVICE_OUTLINE ? SERVICE_OUTLINE[locale as OutlineLocale] : [];
  return !outline.some((h) => folded(h) === folded(actual));
}

export function checkTranslations(input: TranslationInput): TranslationStatus {
  const { locales, sourceLocale } = input;
  const status: TranslationStatus = { sourceLocale, missing: [], stale: [], outline: [], staleBasis: { sourceHash: 0, git: 0, unknown: 0 } };
  const fileOf = (locale: string, rel: string) => `content/${locale}/${rel}`;

  const present = new Map<string, Set<string>>();
  for (const { locale, relPath } of [...input.pages, ...input.categories]) {
    present.set(relPath, (present.get(relPath) ?? new Set()).add(locale));
  }
  for (const [rel, have] of [...present].sort((a, b) => a[0].localeCompare(b[0]))) {
    const from = have.has(sourceLocale) ? sourceLocale : locales.find((l) => have.has(l))!;
    for (const locale of locales) if (!have.has(locale)) status.missing.push({ locale, file: fileOf(locale, rel), source: fileOf(from, rel) });
  }

  const sources = new Map(input.pages.filter((p) => p.locale === sourceLocale).map((p) => [p.relPath, p]));
  for (const page of input.pages) {
    const source = sources.get(page.relPath);
    if (page.locale === sourceLocale || !source) continue;

    if (page.sourceHash !== undefined) {
      status.staleBasis.sourceHash++;
      if (page.sourceHash !== source.bodyHash) status.stale.push({ file: page.file, source: source.file, reason: `source_hash ${page.sourceHash} does not match the source's current hash ${source.bodyHash}` });
    } else {
      const t = input.times?.timeOf(join(input.root, page.file));
      const s = input.times?.timeOf(join(input.root, source.file));
      if (t === undefined || s === undefined) status.staleBasis.unknown++;
      else {
        status.staleBasis.git++;
        if (s > t) status.stale.push({ file: page.file, source: source.file, reason: `the source changed ${day(s)}, the translation last ${day(t)} (git)` });
      }
    }

    const expected = expectedOutline(source.h2, sourceLocale, page.locale);
    const sameShape = !source.levels || !page.levels || source.levels.join() === page.levels.join();
    const matches = sameShape && expected.length === page.h2.length && expected.every((h, i) => sameSection(h, page.h2[i]!, page.locale));
    if (!matches) status.outline.push({ file: page.file, source: source.file, expected: expected.map((h, i) => h ?? `(translation of "${source.h2[i]}")`), actual: page.h2 });
  }
  return status;
}
