// Gathers what the sources-and-verification check needs from the processed pages and the config.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedConfig } from '../config/load.ts';
import { localize } from '../config/localize.ts';
import { parseFrontMatter } from '../content/front-matter.ts';
import type { LocaleContent } from '../content/load.ts';
import { checkVerification, type VerificationProblem } from './verification.ts';

export interface VerificationStatus {
  maxAgeMonths: number;
  /** Pages that had to cite sources. */
  checked: number;
  problems: VerificationProblem[];
}

export function verificationOf(config: LoadedConfig['config'], content: Map<string, LocaleContent>, opts: { root: string; maxAgeMonths?: number; today?: string }): VerificationStatus | undefined {
  const sources = config.check.sources;
  if (!sources) return undefined;
  const maxAgeMonths = opts.maxAgeMonths ?? config.check.verifiedMaxAgeMonths;
  const pages = [...content.values()].flatMap((lc) =>
    lc.docs.map((d) => {
      const text = readFileSync(join(opts.root, d.file), 'utf8');
      const { body, bodyLine } = parseFrontMatter(text, d.file);
      return { locale: d.locale, id: d.id, relPath: d.relPath, file: d.file, body, bodyLine, lastVerified: d.frontMatter.last_verified, lastVerifiedLine: lineOf(text, 'last_verified') };
    }),
  );
  const { checked, problems } = checkVerification(pages, { heading: (locale) => localize(sources.heading, locale), min: sources.min, except: sources.except, maxAgeMonths, today: opts.today ?? new Date().toISOString().slice(0, 10) });
  return { maxAgeMonths, checked, problems };
}

/** 1-based line of a front-matter key, or 1. */
function lineOf(text: string, key: string): number {
  const i = text.split('\n').findIndex((l) => l.startsWith(`${key}:`));
  return i + 1 || 1;
}
