// Issue 17: every page of the cheat sheet but intro, test and getting-started (framework pages included)
// ends with its sources — at least three official AWS pages — and says when its facts were last checked;
// the three locales of a page cite the same pages (AWS's Portuguese or Spanish version of a page counts as
// that page). Every problem is gathered first, so one run lists every file to fix.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastSection } from '../renderer/check/verification.ts';
import { parseFrontMatter } from '../renderer/content/front-matter.ts';
import { SERVICE_OUTLINE } from '../renderer/content/outline.ts';
import { LOCALES, specDocIds, type Locale } from './content/spec-pages.ts';

const SOURCED_IDS = specDocIds().filter((id) => id.includes('/') && !id.startsWith('getting-started/'));
const MIN_SOURCES = 3;
const TODAY = new Date().toISOString().slice(0, 10);

/** Official AWS pages: its documentation, its site (blogs and What's New included) and its GitHub organisations. */
export function isOfficialAwsUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:') return false;
  if (u.hostname === 'docs.aws.amazon.com' || u.hostname === 'aws.amazon.com') return true;
  return u.hostname === 'github.com' && /^\/(aws|awslabs|awsdocs|aws-samples|aws-solutions|aws-amplify|FreeRTOS)\//.test(u.pathname);
}

/** The page a URL names, whatever the language AWS shows it in. */
export function samePage(url: string): string {
  const u = new URL(url);
  let path = u.pathname;
  if (u.hostname === 'docs.aws.amazon.com') path = path.replace(/^\/(pt_br|es_es)\//, '/');
  if (u.hostname === 'aws.amazon.com') path = path.replace(/^\/(pt|es|pt-br|es-es)\//, '/');
  return `${u.hostname}${path.replace(/\/$/, '')}${u.hash}`;
}

interface Sourced {
  file: string;
  heading?: string;
  urls: string[];
  lastVerified?: string;
  error?: string;
}

function read(locale: Locale, id: string): Sourced {
  const file = `content/${locale}/${id}.md`;
  try {
    const { data, body } = parseFrontMatter(readFileSync(join(process.cwd(), file), 'utf8'), file);
    const section = lastSection(body);
    return { file, heading: section?.heading, urls: section?.urls ?? [], lastVerified: data.last_verified };
  } catch (err) {
    return { file, urls: [], error: (err as Error).message };
  }
}

const pages = new Map(SOURCED_IDS.map((id) => [id, Object.fromEntries(LOCALES.map((l) => [l, read(l, id)])) as Record<Locale, Sourced>]));
const sourcesHeading = (locale: Locale) => SERVICE_OUTLINE[locale].at(-1)!;

describe('content: sources and verification', () => {
  it(`ends every page with its sources section, citing at least ${MIN_SOURCES} official AWS pages`, () => {
    const problems: string[] = [];
    for (const byLocale of pages.values()) {
      for (const locale of LOCALES) {
        const p = byLocale[locale];
        if (p.error) problems.push(`${p.file}: ${p.error}`);
        else if (p.heading !== sourcesHeading(locale)) problems.push(`${p.file}: the last section is "${p.heading ?? '(none)'}", not "## ${sourcesHeading(locale)}"`);
        else if (p.urls.length < MIN_SOURCES) problems.push(`${p.file}: "## ${p.heading}" cites ${p.urls.length} links; cite at least ${MIN_SOURCES}`);
        for (const url of p.urls.filter((u) => !isOfficialAwsUrl(u))) problems.push(`${p.file}: ${url} is not an official AWS page (docs.aws.amazon.com, aws.amazon.com, AWS's GitHub)`);
        const seen = new Set<string>();
        for (const url of p.urls) {
          if (seen.has(samePage(url))) problems.push(`${p.file}: ${url} is cited twice`);
          seen.add(samePage(url));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('dates every page with a last_verified day that has come', () => {
    const problems: string[] = [];
    for (const byLocale of pages.values()) {
      for (const p of Object.values(byLocale)) {
        if (!p.lastVerified) problems.push(`${p.file}: no last_verified in the front matter`);
        else if (p.lastVerified > TODAY) problems.push(`${p.file}: last_verified ${p.lastVerified} is in the future`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cites the same pages in the three locales of a page', () => {
    const problems: string[] = [];
    for (const [id, byLocale] of pages) {
      const want = byLocale['pt-BR'].urls.map(samePage).sort();
      for (const locale of LOCALES.filter((l) => l !== 'pt-BR')) {
        const got = byLocale[locale].urls.map(samePage).sort();
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${id}: ${locale} cites ${JSON.stringify(got)}, pt-BR ${JSON.stringify(want)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('recognises official URLs and the language versions of one AWS page', () => {
    expect(isOfficialAwsUrl('https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html')).toBe(true);
    expect(isOfficialAwsUrl('https://aws.amazon.com/blogs/aws/some-launch/')).toBe(true);
    expect(isOfficialAwsUrl('https://github.com/awsdocs/aws-cloudformation-user-guide/blob/main/x.md')).toBe(true);
    expect(isOfficialAwsUrl('http://docs.aws.amazon.com/x')).toBe(false);
    expect(isOfficialAwsUrl('https://docs.aws.amazon.com.evil.example/x')).toBe(false);
    expect(isOfficialAwsUrl('https://github.com/someone/aws-notes')).toBe(false);
    expect(isOfficialAwsUrl('https://en.wikipedia.org/wiki/Amazon_S3')).toBe(false);
    expect(samePage('https://docs.aws.amazon.com/pt_br/lambda/latest/dg/welcome.html')).toBe(samePage('https://docs.aws.amazon.com/lambda/latest/dg/welcome.html'));
    expect(samePage('https://aws.amazon.com/es/sqs/pricing/')).toBe(samePage('https://aws.amazon.com/sqs/pricing/'));
    expect(samePage('https://aws.amazon.com/sqs/faqs/')).not.toBe(samePage('https://aws.amazon.com/sqs/pricing/'));
  });
});
