// Front matter: gray-matter splits it off, zod checks the keys Docusaurus 3's docs plugin documents plus our
// own. A key nobody knows is a warning naming its line and the nearest known key (an error under --strict),
// as Docusaurus validates what it knows and ignores the rest. Errors carry the file and the line of the key.
import matter from 'gray-matter';
import * as z from 'zod';
import { ContentError } from '../errors.ts';
import { assertDataFrontMatter, NO_CODE_ENGINES } from './front-matter-language.ts';
import { readSimpleFrontMatter, type FastMatter } from './front-matter-fast.ts';
import { nearestKey, unknownKeysWarning } from './unknown-keys.ts';

// YAML reads `sidebar_position: "3"` as a string; Docusaurus (Joi) converts numeric strings, so do we.
const number = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), z.number());
const nonBlank = z.string().refine((s) => s.trim() !== '', 'must not be blank');
const tag = z.union([z.string(), z.looseObject({ label: z.string(), permalink: z.string().optional(), description: z.string().optional() })]);
// YAML turns an unquoted 2026-01-02 into a Date: both spellings give the same string.
const isoDay = z.preprocess((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v), z.iso.date());
const dateLike = z.preprocess((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v), z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'));

export const frontMatterSchema = z.object({
  id: nonBlank.optional(),
  /**
   * Else the page's first `# Heading`, else the file name. Docusaurus accepts `title: ""` (its schema allows the
   * empty string): the page then has no title of its own — its <title> is the site's title alone — and shows its
   * own heading. Kept as '' for the head; everything else reads it as no title. Only spaces is still a mistake.
   */
  title: z.union([z.literal(''), nonBlank]).optional(),
  description: z.string().optional(),
  slug: nonBlank.optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: number.optional(),
  sidebar_class_name: z.string().optional(),
  sidebar_key: z.string().optional(),
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  displayed_sidebar: z.string().nullable().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  pagination_label: z.string().optional(),
  /** A doc id; `null` hides the link. */
  pagination_next: z.string().nullable().optional(),
  pagination_prev: z.string().nullable().optional(),
  parse_number_prefixes: z.boolean().optional(),
  /** `null` hides the "Edit this page" link. */
  custom_edit_url: z.string().nullable().optional(),
  tags: z.array(tag).optional(),
  /** What people call the page's subject and the needs it answers: `<meta name="keywords">` and search. */
  keywords: z.array(z.string()).optional(),
  /** The page's social card (og:image), instead of themeConfig.image: a path under static/ or an absolute URL. */
  image: z.string().min(1).optional(),
  /** Built by `serve`, left out of production builds. */
  draft: z.boolean().optional(),
  /** Built, but noindex and out of the sidebar, search and sitemap. */
  unlisted: z.boolean().optional(),
  last_update: z.strictObject({ date: dateLike.optional(), author: z.string().optional() }).optional(),
  /** `false` on pages that have no sidebar entry (they render without a sidebar). */
  sidebar: z.literal(false).optional(),
  /** Hash of the source-language page this translation was made from (see `cheatsheet check`). */
  source_hash: z.string().optional(),
  /** When the page's facts were last checked against its sources (YYYY-MM-DD). */
  last_verified: isoDay.optional(),
  /** `false` keeps the page out of the search index. */
  search: z.boolean().optional(),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;
export const FRONT_MATTER_KEYS = Object.keys(frontMatterSchema.shape);

/** A problem that does not stop the page: a warning, or an error under `--strict`. */
export interface SoftProblem {
  file: string;
  line: number;
  message: string;
}

export interface ParsedSource {
  data: FrontMatter;
  body: string;
  /** Line number (1-based) in the file of the body's first line. */
  bodyLine: number;
  problems: SoftProblem[];
  /** The line of the `tags` key, when there is one (inline tags are reported there). */
  tagsLine?: number;
}

interface YamlErrorLike {
  name?: string;
  reason?: string;
  mark?: { line: number; column: number };
}

export function parseFrontMatter(source: string, file: string): ParsedSource {
  assertDataFrontMatter(source, file);
  let parsed: FastMatter | matter.GrayMatterFile<string>;
  try {
    // A few `key: value` lines are read without gray-matter and js-yaml, with the same result (see the module).
    // An options object disables gray-matter's cache, which would share one data object between equal inputs.
    parsed = readSimpleFrontMatter(source) ?? matter(source, { engines: NO_CODE_ENGINES });
  } catch (err) {
    const e = err as YamlErrorLike;
    const line = e.mark ? e.mark.line + 2 : 1;
    throw new ContentError(`Malformed YAML front matter: ${e.reason ?? (err as Error).message}`, { file, line }, { hint: 'Check the indentation and quote values that contain a colon.' });
  }
  const bodyStart = source.length - parsed.content.length;
  const bodyLine = source.slice(0, bodyStart).split('\n').length;
  const yamlLines = source.slice(0, bodyStart).split('\n');
  const lineOfKey = (key: string): number => {
    const i = yamlLines.findIndex((l) => l.startsWith(`${key}:`) || l.startsWith(`'${key}':`) || l.startsWith(`"${key}":`));
    return i >= 0 ? i + 1 : 1;
  };
  const raw = (parsed.data ?? {}) as Record<string, unknown>;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ContentError('The front matter must be a list of `key: value` lines.', { file, line: 2 });
  }
  const result = frontMatterSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const got = raw[key];
    const shown = JSON.stringify(got) ?? String(got);
    throw new ContentError(`Invalid front-matter field "${key}": ${issue.message} (got ${shown.length > 80 ? `${shown.slice(0, 77)}…` : shown}).`, { file, line: lineOfKey(key) });
  }
  const data = result.data;
  if (data.toc_min_heading_level && data.toc_max_heading_level && data.toc_min_heading_level > data.toc_max_heading_level) {
    throw new ContentError('toc_min_heading_level is greater than toc_max_heading_level.', { file, line: lineOfKey('toc_min_heading_level') });
  }
  // YAML turns 2026-13-40 into a valid Date of a later month: the day must be the one written.
  if (data.last_verified && !yamlLines[lineOfKey('last_verified') - 1]?.includes(data.last_verified)) {
    throw new ContentError(`Invalid front-matter field "last_verified": not a real day (write it as YYYY-MM-DD).`, { file, line: lineOfKey('last_verified') });
  }
  const unknown = Object.keys(raw).filter((k) => !(k in frontMatterSchema.shape));
  const problems = unknown.length ? [unknownKeysWarning(unknown, { file, lineOfKey, nearest: (k) => nearestKey(k, FRONT_MATTER_KEYS) })] : [];
  return { data, body: parsed.content, bodyLine, problems, ...(data.tags ? { tagsLine: lineOfKey('tags') } : {}) };
}
