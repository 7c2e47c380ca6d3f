// Docusaurus keeps the translations of category labels (and of generated index pages' titles and
// descriptions) in `i18n/<locale>/docusaurus-plugin-content-docs/current.json`, keyed by the source label:
// `sidebar.<sidebarId>.category.<label>` → `{ "message": "…" }`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../errors.ts';
import type { CategoryMeta } from './category.ts';

/** Translations by source key suffix: `Guides`, `Guides.link.generated-index.title`, … */
export function categoryTranslations(root: string, locale: string): Map<string, string> {
  const file = join(root, 'i18n', locale, 'docusaurus-plugin-content-docs', 'current.json');
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  let raw: Record<string, { message?: unknown }>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message?: unknown }>;
  } catch (err) {
    throw new ContentError(`Invalid JSON: ${(err as Error).message}`, { file: `i18n/${locale}/docusaurus-plugin-content-docs/current.json` });
  }
  for (const [key, value] of Object.entries(raw)) {
    const m = /^sidebar\.[^.]+\.category\.(.+)$/.exec(key);
    if (m && typeof value?.message === 'string') out.set(m[1]!, value.message);
  }
  return out;
}

export function translateCategory(meta: CategoryMeta, translations: Map<string, string> | undefined): CategoryMeta {
  if (!translations?.size || !meta.label) return meta;
  // Docusaurus keys a category's translations by its `key` when it has one, else by its label.
  const t = (suffix: string) => translations.get((meta.key ?? meta.label) + suffix);
  const link = meta.link?.type === 'generated-index' ? { ...meta.link, ...(t('.link.generated-index.title') ? { title: t('.link.generated-index.title') } : {}), ...(t('.link.generated-index.description') ? { description: t('.link.generated-index.description') } : {}) } : meta.link;
  return { ...meta, label: t('') ?? meta.label, ...(link !== undefined ? { link } : {}) };
}
