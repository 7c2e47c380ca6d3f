// A locale's `tags.yml` (the docs plugin's `tags` option, at its default place): in the locale's docs folder,
// else in the source locale's, as Docusaurus looks in the localized docs folder before the default one.
// Keys are the tags docs name; each may give a label, a permalink and a description.
import matter from 'gray-matter';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as z from 'zod';
import { ContentError } from '../errors.ts';
import type { TagsFile } from '../routes/doc-tags.ts';
import { localeContentDir } from './files.ts';

const entry = z.object({ label: z.string().optional(), permalink: z.string().optional(), description: z.string().optional() }).nullable();
const schema = z.record(z.string(), entry);

export function readTagsFile(root: string, locale: string, sourceLocale: string | undefined): TagsFile | undefined {
  const dirs = [localeContentDir(root, locale, sourceLocale), ...(sourceLocale && sourceLocale !== locale ? [localeContentDir(root, sourceLocale, sourceLocale)] : [])];
  const file = dirs.flatMap((d) => (d ? [join(d, 'tags.yml'), join(d, 'tags.yaml')] : [])).find((f) => existsSync(f));
  if (!file) return undefined;
  const shown = relative(root, file).split('\\').join('/');
  let raw: unknown;
  try {
    // The YAML engine front matter uses (gray-matter's), fed the file as a front-matter block.
    raw = matter(`---\n${readFileSync(file, 'utf8')}\n---\n`, {}).data;
  } catch (err) {
    throw new ContentError(`Invalid YAML: ${(err as Error).message.split('\n')[0]}`, { file: shown }, { hint: 'Write one key per tag, each with optional label, permalink and description.' });
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContentError(`Invalid tag "${String(issue.path[0])}": ${issue.path.slice(1).join('.') || '(entry)'}: ${issue.message}`, { file: shown }, { hint: 'Each tag may have label, permalink and description, all strings.' });
  }
  return parsed.data;
}
