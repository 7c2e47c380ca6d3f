// Category metadata: `_category_.json` or `_category_.yml`, with every field Docusaurus documents. An unknown
// key is a warning (an error under --strict), as for front matter.
import matter from 'gray-matter';
import * as z from 'zod';
import { ContentError } from '../errors.ts';
import { PARSE_ONCE } from '../parse-once.ts';
import type { SoftProblem } from './front-matter.ts';
import { nearestKey, unknownKeysWarning } from './unknown-keys.ts';

const categoryLink = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('doc'), id: z.string().min(1) }),
  z.strictObject({
    type: z.literal('generated-index'),
    title: z.string().optional(),
    description: z.string().optional(),
    slug: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    image: z.string().optional(),
  }),
]);

export const categorySchema = z.object({
  /** Else the category page's title, else the folder name without its number prefix. */
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  /** Ours: shown under the category on the docs root. */
  description: z.string().optional(),
  collapsible: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  className: z.string().optional(),
  customProps: z.record(z.string(), z.unknown()).optional(),
  key: z.string().optional(),
  /** `null`: no category page, even when the folder has an index doc. */
  link: categoryLink.nullable().optional(),
});
export type CategoryMeta = z.infer<typeof categorySchema>;
export type CategoryLink = z.infer<typeof categoryLink>;
const KEYS = Object.keys(categorySchema.shape);

export function parseCategory(source: string, file: string): { meta: CategoryMeta; problems: SoftProblem[] } {
  const name = file.split('/').pop()!;
  const raw = /\.ya?ml$/.test(file) ? parseYaml(source, file) : parseJson(source, file);
  const result = categorySchema.safeParse(raw ?? {}, PARSE_ONCE);
  const lines = source.split('\n');
  const lineOfKey = (key: string) => {
    const i = lines.findIndex((l) => new RegExp(`^\\s*["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`).test(l));
    return i >= 0 ? i + 1 : 1;
  };
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    throw new ContentError(`Invalid ${name}: ${issue.path.join('.') || '(root)'}: ${issue.message}`, { file, line: key ? lineOfKey(key) : 1 }, { hint: 'Expected fields: label, position, collapsible, collapsed, className, customProps, key, link ({type: doc, id} or {type: generated-index, title, description, slug}).' });
  }
  const unknown = Object.keys(raw as object).filter((k) => !(k in categorySchema.shape));
  return { meta: result.data, problems: unknown.length ? [unknownKeysWarning(unknown, { file, what: `${name} key`, lineOfKey, nearest: (k) => nearestKey(k, KEYS) })] : [] };
}

function parseJson(source: string, file: string): unknown {
  try {
    return JSON.parse(source);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? source.slice(0, Number(m[1])).split('\n').length : undefined;
    throw new ContentError(`Invalid JSON in ${file.split('/').pop()}: ${(err as Error).message}`, { file, line });
  }
}

function parseYaml(source: string, file: string): unknown {
  try {
    // The YAML engine front matter uses (gray-matter's), fed the file as a front-matter block.
    return matter(`---\n${source}\n---\n`, {}).data;
  } catch (err) {
    const e = err as { reason?: string; mark?: { line: number } };
    throw new ContentError(`Invalid YAML in ${file.split('/').pop()}: ${e.reason ?? (err as Error).message}`, { file, line: e.mark ? e.mark.line : undefined });
  }
}
