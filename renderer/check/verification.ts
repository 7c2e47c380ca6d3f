// Sources and verification dates: a page the site says must cite its sources ends with a sources section
// (its heading per locale) of at least `min` links, and carries `last_verified`; a date older than the
// allowed age means the facts are due for another check against those sources.
export interface VerificationPage {
  locale: string;
  /** Doc id, e.g. compute/ec2. */
  id: string;
  relPath: string;
  file: string;
  body: string;
  /** Line in the file of the body's first line. */
  bodyLine: number;
  lastVerified?: string;
  /** Line of `last_verified` in the file (1 when absent). */
  lastVerifiedLine?: number;
}

export interface VerificationRules {
  /** Heading of the sources section, per locale. */
  heading: (locale: string) => string;
  min: number;
  /** Doc ids that need no sources; `folder/*` matches a whole folder. */
  except: string[];
  maxAgeMonths: number;
  /** Today as YYYY-MM-DD (a parameter so tests do not depend on the clock). */
  today: string;
}

export interface VerificationProblem {
  file: string;
  line: number;
  kind: 'unsourced' | 'stale' | 'unverified';
  message: string;
}

export interface SourcesSection {
  heading: string;
  line: number;
  urls: string[];
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const LINK = /\]\(\s*<?(https?:\/\/[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)|<(https?:\/\/[^\s>]+)>/g;

/** The last `##` section of a Markdown body (outside code fences) and the absolute URLs it links to. */
export function lastSection(body: string): SourcesSection | undefined {
  let section: SourcesSection | undefined;
  let fence: string | undefined;
  body.split('\n').forEach((text, i) => {
    const f = FENCE.exec(text);
    if (f) {
      if (!fence) fence = f[1]![0]!.repeat(f[1]!.length);
      else if (text.trim().startsWith(fence)) fence = undefined;
      return;
    }
    if (fence) return;
    const h = /^##\s+(.+?)\s*#*\s*$/.exec(text);
    if (h) section = { heading: h[1]!, line: i + 1, urls: [] };
    else if (/^#\s/.test(text)) section = undefined;
    else if (section) for (const m of text.matchAll(LINK)) section.urls.push(m[1] ?? m[2]!);
  });
  return section;
}

const exempt = (id: string, relPath: string, except: string[]) =>
  /(^|\/)(index|README)\.mdx?$/i.test(relPath) || except.some((e) => (e.endsWith('/*') ? id.startsWith(e.slice(0, -1)) : id === e));

/** The day `months` months after a YYYY-MM-DD day (the 31st of a shorter month runs into the next). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/** The problems of the pages that must cite sources, and how many such pages there were. */
export function checkVerification(pages: VerificationPage[], rules: VerificationRules): { checked: number; problems: VerificationProblem[] } {
  const problems: VerificationProblem[] = [];
  let checked = 0;
  for (const page of pages) {
    if (exempt(page.id, page.relPath, rules.except)) continue;
    checked++;
    const heading = rules.heading(page.locale);
    const section = lastSection(page.body);
    const at = (line: number) => page.bodyLine + line - 1;
    if (!section || section.heading !== heading) {
      problems.push({ file: page.file, line: section ? at(section.line) : page.bodyLine, kind: 'unsourced', message: `the page does not end with a "## ${heading}" section listing its sources${section ? ` (its last section is "${section.heading}")` : ''}` });
    } else if (section.urls.length < rules.min) {
      problems.push({ file: page.file, line: at(section.line), kind: 'unsourced', message: `"## ${heading}" links ${section.urls.length} source${section.urls.length === 1 ? '' : 's'}; cite at least ${rules.min}` });
    }
    if (!page.lastVerified) {
      problems.push({ file: page.file, line: 1, kind: 'unverified', message: 'no `last_verified` date in the front matter: check the facts against the sources, then add `last_verified: YYYY-MM-DD`' });
    } else {
      if (rules.today > addMonths(page.lastVerified, rules.maxAgeMonths)) {
        problems.push({ file: page.file, line: page.lastVerifiedLine ?? 1, kind: 'stale', message: `last verified ${page.lastVerified}, more than ${rules.maxAgeMonths} months ago: check the facts against the sources again` });
      } else if (page.lastVerified > rules.today) {
        problems.push({ file: page.file, line: page.lastVerifiedLine ?? 1, kind: 'stale', message: `last_verified ${page.lastVerified} is in the future` });
      }
    }
  }
  return { checked, problems };
}
