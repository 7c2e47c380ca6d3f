// The AWS cheat sheet's content against its requirement (spec section 2 + issue 3 + the content brief):
// every page in every locale, valid front matter, the spec's sidebar membership, the service-page outline,
// a word floor, real translations, resolving related-service links, twins, and retired-service warnings.
// Each check gathers every problem first, so one run lists all files to fix, each with what to do.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter, type FrontMatter } from '../renderer/content/front-matter.ts';
import { RELATED_SERVICES_INDEX, SERVICE_OUTLINE } from '../renderer/content/outline.ts';
import { LOCALES, NO_SIDEBAR, NON_SERVICE_PAGES, RETIRED_PAGES, TWINS, servicePageIds, specDocIds, specPosition, type Locale } from './content/spec-pages.ts';
import { countWords, firstLine, h2Headings, hasH1, links, normalisedText, proseUnits, sectionLines, tuForms } from './content/markdown-text.ts';

const ROOT = process.cwd();
const CONTENT = join(ROOT, 'content');
const MIN_WORDS = 350;
/** Prose shared verbatim between locales or twins is flagged from this length (shorter: names, labels). */
const MAX_SHARED_PROSE = 80;

interface Page {
  id: string;
  locale: Locale;
  /** Repository-relative path, as printed in failure messages. */
  file: string;
  data?: FrontMatter;
  body: string;
  /** Why the front matter could not be read, when it could not. */
  error?: string;
}

const DOC_IDS = specDocIds();
const SERVICE_IDS = new Set(servicePageIds());
const CATEGORY_PAGE_IDS = DOC_IDS.filter((id) => id.includes('/') && !id.startsWith('getting-started/'));

function fileOf(locale: string, id: string): string {
  return join(CONTENT, locale, `${id}.md`);
}
function rel(path: string): string {
  return relative(ROOT, path).split('\\').join('/');
}

const pages = new Map<string, Page>();
const missing: string[] = [];
for (const locale of LOCALES) {
  for (const id of DOC_IDS) {
    const path = fileOf(locale, id);
    if (!existsSync(path)) {
      missing.push(rel(path));
      continue;
    }
    const source = readFileSync(path, 'utf8');
    const page: Page = { id, locale, file: rel(path), body: '' };
    try {
      const parsed = parseFrontMatter(source, page.file);
      page.data = parsed.data;
      page.body = parsed.body;
    } catch (err) {
      page.error = (err as Error).message;
      page.body = source;
    }
    pages.set(`${locale}:${id}`, page);
  }
}

function get(locale: Locale, id: string): Page | undefined {
  return pages.get(`${locale}:${id}`);
}
function all(ids: Iterable<string>): Page[] {
  const out: Page[] = [];
  for (const id of ids) for (const locale of LOCALES) {
    const p = get(locale, id);
    if (p) out.push(p);
  }
  return out;
}
/** The outline section "Related services", whose links must resolve. */
function relatedHeading(locale: Locale): string {
  return SERVICE_OUTLINE[locale][RELATED_SERVICES_INDEX]!;
}
function relatedSection(page: Page) {
  return sectionLines(page.body, relatedHeading(page.locale));
}
/** Resolves a relative link of a page to a file path (anchor and query dropped), or null when not relative .md. */
function resolveMdLink(page: Page, href: string): string | null {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return null;
  const target = href.split('#')[0]!.split('?')[0]!;
  if (!target.endsWith('.md')) return null;
  return join(dirname(fileOf(page.locale, page.id)), decodeURI(target));
}

describe('content: the spec page list', () => {
  it('has the 148 docs of spec section 2 (144 category pages + intro, test, getting-started) in every locale', () => {
    expect(DOC_IDS).toHaveLength(148);
    expect(CATEGORY_PAGE_IDS).toHaveLength(144);
    expect(missing.map((f) => `${f}: missing — create it (same file name, front matter and outline as the other locales)`)).toEqual([]);
  });
});

describe('content: front matter', () => {
  it('parses with the real schema (renderer/content/front-matter.ts)', () => {
    const problems = [...pages.values()].filter((p) => p.error).map((p) => `${p.file}: ${p.error}`);
    expect(problems).toEqual([]);
  });

  it('has title, description, tags and the spec sidebar_position, identical across locales where the brief says so', () => {
    const problems: string[] = [];
    for (const id of DOC_IDS) {
      const ps = LOCALES.map((l) => get(l, id)).filter((p): p is Page => !!p?.data);
      for (const p of ps) {
        const d = p.data!;
        if (!d.description || d.description.trim().length === 0) problems.push(`${p.file}: add a one-sentence "description"`);
        else if (d.description.length > 200) problems.push(`${p.file}: "description" is ${d.description.length} characters — shorten it to about 160`);
        const position = specPosition(id);
        if (position !== undefined && d.sidebar_position !== position) problems.push(`${p.file}: sidebar_position is ${d.sidebar_position} — set it to ${position} (its place in the spec's list)`);
        if (CATEGORY_PAGE_IDS.includes(id)) {
          const tags = d.tags ?? [];
          if (tags.length < 2 || tags.length > 5) problems.push(`${p.file}: has ${tags.length} tags — use 2 to 5`);
          for (const t of tags.map((tag) => (typeof tag === 'string' ? tag : tag.label))) if (t !== t.toLowerCase() || /\s/.test(t)) problems.push(`${p.file}: tag "${t}" — tags are lowercase English words without spaces`);
        }
      }
      const [first, ...others] = ps;
      if (!first) continue;
      for (const p of others) {
        if (JSON.stringify(p.data!.tags ?? []) !== JSON.stringify(first.data!.tags ?? [])) problems.push(`${p.file}: tags ${JSON.stringify(p.data!.tags)} differ from ${first.file} ${JSON.stringify(first.data!.tags)} — use the same tags in every locale`);
        if (SERVICE_IDS.has(id) && p.data!.title !== first.data!.title) problems.push(`${p.file}: title "${p.data!.title}" differs from ${first.file} "${first.data!.title}" — service titles are the official English name in every locale`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('sets `sidebar: false` exactly on the pages of the spec\'s "Sidebar membership" list', () => {
    const problems: string[] = [];
    for (const p of pages.values()) {
      if (!p.data) continue;
      const hidden = p.data.sidebar === false;
      if (NO_SIDEBAR.has(p.id) && !hidden) problems.push(`${p.file}: add \`sidebar: false\` (the spec lists ${p.id} as having no sidebar entry)`);
      if (!NO_SIDEBAR.has(p.id) && hidden) problems.push(`${p.file}: remove \`sidebar: false\` (the spec puts ${p.id} in the sidebar)`);
    }
    expect(problems).toEqual([]);
  });
});

describe('content: outline and length', () => {
  it('has no h1 in any body (the title is the h1)', () => {
    expect([...pages.values()].filter((p) => hasH1(p.body)).map((p) => `${p.file}: remove the "# …" heading; the front-matter title is rendered as the h1`)).toEqual([]);
  });

  it('gives every service page the nine h2 sections of the outline (renderer/content/outline.ts), in order, and no other h2', () => {
    const problems: string[] = [];
    for (const p of all(SERVICE_IDS)) {
      const expected = SERVICE_OUTLINE[p.locale];
      const got = h2Headings(p.body);
      if (JSON.stringify(got) === JSON.stringify(expected)) continue;
      const absent = expected.filter((h) => !got.includes(h));
      const extra = got.filter((h) => !expected.includes(h));
      const hint = absent.length ? `add ${absent.map((h) => `"## ${h}"`).join(', ')}` : extra.length ? `remove or demote to h3 ${extra.map((h) => `"## ${h}"`).join(', ')}` : `reorder the h2 headings to: ${expected.join(' → ')}`;
      problems.push(`${p.file}: h2 outline is [${got.join(' | ')}] — ${hint}`);
    }
    expect(problems).toEqual([]);
  });

  it(`gives every category page at least ${MIN_WORDS} words per locale (rule: see countWords in test/content/markdown-text.ts)`, () => {
    const problems: string[] = [];
    for (const p of all(CATEGORY_PAGE_IDS)) {
      const n = countWords(p.body);
      if (n < MIN_WORDS) problems.push(`${p.file}: ${n} words — expand it to at least ${MIN_WORDS} (420+ recommended), code blocks and table separators do not count`);
    }
    expect(problems).toEqual([]);
  });
});

describe('content: translations', () => {
  it('never has two locales of a page with the same text', () => {
    const problems: string[] = [];
    for (const id of DOC_IDS) {
      const ps = LOCALES.map((l) => get(l, id)).filter((p): p is Page => !!p);
      for (let i = 0; i < ps.length; i++) for (let j = i + 1; j < ps.length; j++) {
        if (normalisedText(ps[i]!.body) === normalisedText(ps[j]!.body)) problems.push(`${ps[j]!.file}: same text as ${ps[i]!.file} — translate it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it(`shares no paragraph or list item longer than ${MAX_SHARED_PROSE} characters between two locales (code, tables and link targets aside)`, () => {
    const problems: string[] = [];
    for (const id of DOC_IDS) {
      const ps = LOCALES.map((l) => get(l, id)).filter((p): p is Page => !!p);
      const seen = new Map<string, Page>();
      for (const p of ps) {
        for (const unit of new Set(proseUnits(p.body))) {
          if (unit.length <= MAX_SHARED_PROSE) continue;
          const other = seen.get(unit);
          if (other && other.locale !== p.locale) problems.push(`${p.file}: "${unit.slice(0, 70)}…" is copied verbatim from ${other.file} — translate it`);
          else seen.set(unit, p);
        }
      }
    }
    expect(problems).toEqual([]);
  });
  it('addresses the reader as "usted" in Spanish: no word form that only "tú" takes', () => {
    const problems: string[] = [];
    for (const id of DOC_IDS) {
      const p = get('es', id);
      if (!p) continue;
      // The body is the file's last lines: its line numbers in the file are shifted by the front matter's.
      const shift = readFileSync(fileOf('es', id), 'utf8').split('\n').length - p.body.split('\n').length;
      for (const { line, word } of tuForms(p.body)) problems.push(`${p.file}:${line + shift}: "${word}" is a tú form — write it for usted`);
    }
    expect(problems).toEqual([]);
  });
});

describe('content: links', () => {
  it('lists 3+ related pages on every service page, each a relative .md link to an existing page of the same locale', () => {
    const problems: string[] = [];
    for (const p of all(SERVICE_IDS)) {
      const heading = relatedHeading(p.locale);
      const ls = links(relatedSection(p));
      const md = ls.filter((l) => resolveMdLink(p, l.href) !== null);
      if (md.length < 3) problems.push(`${p.file}: "## ${heading}" has ${md.length} relative .md links — list 3 to 6, like [Amazon S3](../storage/s3.md)`);
      for (const l of ls) {
        const target = resolveMdLink(p, l.href);
        if (target === null) problems.push(`${p.file}: related link "${l.href}" is not a relative .md link — link to a page of this site, like ../storage/s3.md`);
        else if (!existsSync(target)) problems.push(`${p.file}: related link "${l.href}" points to ${rel(target)}, which does not exist — fix the path or pick a page of the spec's list`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no relative .md link anywhere that points to a missing file', () => {
    const problems: string[] = [];
    for (const p of pages.values()) {
      for (const l of links(sectionLines('## x\n' + p.body, 'x'))) {
        const target = resolveMdLink(p, l.href);
        if (target !== null && !existsSync(target)) problems.push(`${p.file}: link "${l.href}" points to ${rel(target)}, which does not exist — fix the path`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('content: twins (one service in two categories)', () => {
  it('link to each other under "Related services" in every locale', () => {
    const problems: string[] = [];
    for (const [a, b] of TWINS) {
      for (const locale of LOCALES) {
        for (const [from, to] of [[a, b], [b, a]] as const) {
          const p = get(locale, from);
          if (!p) continue;
          const targets = links(relatedSection(p)).map((l) => resolveMdLink(p, l.href));
          if (!targets.includes(fileOf(locale, to))) problems.push(`${p.file}: link its twin under "## ${relatedHeading(locale)}" — add [${p.data?.title ?? to}](${posix.relative(posix.dirname(from), to)}.md)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it(`share no paragraph or list item longer than ${MAX_SHARED_PROSE} characters`, () => {
    const problems: string[] = [];
    for (const [a, b] of TWINS) {
      for (const locale of LOCALES) {
        const pa = get(locale, a);
        const pb = get(locale, b);
        if (!pa || !pb) continue;
        const unitsA = new Set(proseUnits(pa.body).filter((u) => u.length > MAX_SHARED_PROSE));
        for (const u of new Set(proseUnits(pb.body))) {
          if (unitsA.has(u)) problems.push(`${pb.file}: "${u.slice(0, 70)}…" is copied from its twin ${pa.file} — rewrite it from this category's angle`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('content: retired and closing services', () => {
  it('open with a :::warning admonition on every page of a retired or closing service', () => {
    const problems: string[] = [];
    for (const p of all(RETIRED_PAGES)) {
      if (!firstLine(p.body).startsWith(':::warning')) problems.push(`${p.file}: start the body with a :::warning admonition (date of the retirement and the successor) before the first h2`);
    }
    expect(problems).toEqual([]);
  });

  it('keep the retired list honest: a service page that opens with :::warning is in RETIRED_PAGES', () => {
    const problems = all(SERVICE_IDS)
      .filter((p) => !RETIRED_PAGES.has(p.id) && firstLine(p.body).startsWith(':::warning'))
      .map((p) => `${p.file}: opens with :::warning but ${p.id} is not in RETIRED_PAGES (test/content/spec-pages.ts) — add it there if AWS retired the service, or use :::note/:::info`);
    expect(problems).toEqual([]);
  });

  it('has no retired page outside the spec list and no non-service page in it', () => {
    for (const id of RETIRED_PAGES) expect(SERVICE_IDS.has(id) && !NON_SERVICE_PAGES.has(id), id).toBe(true);
  });
});

describe('content test helpers (so the checks above measure what they claim)', () => {
  const sample = [
    '## Pricing',
    '',
    'Billed per request, see [Amazon S3](../storage/s3.md) and `aws s3 ls`.',
    '',
    '| Item | Value |',
    '|---|:--:|',
    '| Memory | 10,240 MB |',
    '',
    '```bash title="Not counted"',
    'aws lambda invoke --function-name f out.json',
    '## not a heading',
    '```',
    '',
    ':::tip[Tip]',
    '- **Bold term**: one list item',
    ':::',
  ].join('\n');

  it('counts words outside code blocks and table separators, ignoring bare Markdown punctuation', () => {
    // "Pricing" (1) + "Billed per request, see [Amazon S3](../storage/s3.md) and `aws s3 ls`." (10, inline code counts)
    // + "| Item | Value |" (2) + "| Memory | 10,240 MB |" (3) + ":::tip[Tip]" (1) + "- **Bold term**: one list item" (5)
    expect(countWords(sample)).toBe(22);
  });

  it('finds h2 headings outside code fences only', () => {
    expect(h2Headings(sample)).toEqual(['Pricing']);
  });

  it('reduces prose to text: link targets and inline code dropped, tables and fences skipped', () => {
    expect(proseUnits(sample)).toEqual(['Billed per request, see Amazon S3 and .', 'Bold term: one list item']);
  });

  it('reads the links of a section', () => {
    expect(links(sectionLines(sample, 'Pricing'))).toEqual([{ text: 'Amazon S3', href: '../storage/s3.md' }]);
  });

  it('finds the forms only "tú" takes, outside code and link targets, and none in text written for usted', () => {
    const es = ['Si usted **activa** los controles, puede [ver tus datos](tu.md).', '', '```', 'tu', '```', 'Tú eliges; `tienes`.'];
    expect(tuForms(es.join('\n'))).toEqual([{ line: 1, word: 'tus' }, { line: 6, word: 'Tú' }, { line: 6, word: 'eliges' }]);
  });
});
