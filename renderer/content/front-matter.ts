// Front matter: gray-matter splits it off, zod checks it. Errors carry the file and the line of the key.
import matter from 'gray-matter';
import * as z from 'zod';
import { ContentError } from '../errors.ts';
import { assertDataFrontMatter, NO_CODE_ENGINES } from './front-matter-language.ts';

export const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  tags: z.array(z.string()).optional(),
  /** What people call the page's subject and the needs it answers: `<meta name="keywords">` and search. */
  keywords: z.array(z.string()).optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  /** `false` on pages that have no sidebar entry (they render without a sidebar). */
  sidebar: z.literal(false).optional(),
  /** Hash of the source-language page this translation was made from (see `cheatsheet check`). */
  source_hash: z.string().optional(),
  /** When the page's facts were last checked against its sources (YYYY-MM-DD). */
  // YAML reads an unquoted 2026-01-02 as a Date: both spellings give the same string.
  last_verified: z.preprocess((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v), z.iso.date()).optional(),
  /** The page's social card (og:image), instead of themeConfig.image: a path under static/ or an absolute URL. */
  image: z.string().min(1).optional(),
  /** `false` keeps the page out of the search index. */
  search: z.boolean().optional(),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;
export const FRONT_MATTER_KEYS = Object.keys(frontMatterSchema.shape);

export interface ParsedSource {
  data: FrontMatter;
  body: string;
  /** Line number (1-based) in the file of the body's first line. */
  bodyLine: number;
}

interface YamlErrorLike {
  name?: string;
  reason?: string;
  mark?: { line: number; column: number };
}

export function parseFrontMatter(source: string, file: string): ParsedSource {
  assertDataFrontMatter(source, file);
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An options object disables gray-matter's cache, which would share one data object between equal inputs.
    parsed = matter(source, { engines: NO_CODE_ENGINES });
  } catch (err) {
    const e = err as YamlErrorLike;
    const line = e.mark ? e.mark.line + 2 : 1;
    throw new ContentError(`Malformed YAML front matter: ${e.reason ?? (err as Error).message}`, { file, line }, { hint: 'Check the indentation and quote values that contain a colon.' });
  }
  const bodyStart = source.length - parsed.content.length;
  const bodyLine = source.slice(0, bodyStart).split('\n').length;
  const yamlLines = source.slice(0, bodyStart).split('\n');
  const lineOfKey = (key: string): number => {
    const i = yamlLines.findIndex((l) => l.startsWith(`${key}:`));
    return i >= 0 ? i + 1 : 1;
  };
  const raw = parsed.data as Record<string, unknown>;
  if (!parsed.matter && Object.keys(raw).length === 0) {
    throw new ContentError('Missing front matter: every page needs at least a `title`.', { file, line: 1 }, { hint: 'Start the file with:\n---\ntitle: Page title\n---' });
  }
  const result = frontMatterSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys;
      throw new ContentError(`Unknown front-matter key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}.`, { file, line: lineOfKey(keys[0]!) }, { hint: `Allowed keys: ${FRONT_MATTER_KEYS.join(', ')}.` });
    }
    if (key === 'title' && raw.title === undefined) {
      throw new ContentError('Missing required front-matter field "title".', { file, line: 1 }, { hint: 'Add a line `title: …` to the front matter.' });
    }
    const got = raw[key];
    throw new ContentError(`Invalid front-matter field "${key}": ${issue.message} (got ${JSON.stringify(got)}).`, { file, line: lineOfKey(key) });
  }
  const data = result.data;
  if (data.toc_min_heading_level && data.toc_max_heading_level && data.toc_min_heading_level > data.toc_max_heading_level) {
    throw new ContentError('toc_min_heading_level is greater than toc_max_heading_level.', { file, line: lineOfKey('toc_min_heading_level') });
  }
  // YAML turns 2026-13-40 into a valid Date of a later month: the day must be the one written.
  if (data.last_verified && !yamlLines[lineOfKey('last_verified') - 1]?.includes(data.last_verified)) {
    throw new ContentError(`Invalid front-matter field "last_verified": not a real day (write it as YYYY-MM-DD).`, { file, line: lineOfKey('last_verified') });
  }
  return { data, body: parsed.content, bodyLine };
}
