// What a doc page shows around its content, as Docusaurus computes it: previous/next links (sidebar order,
// `pagination_prev`/`pagination_next` by doc id, `null` hides, `pagination_label`), "Edit this page"
// (`custom_edit_url`, `editUrl` string or function, `editLocalizedFiles`) and "Last updated" (`last_update`,
// else git).
import type { EditUrlFunction } from '../config/schema.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { PageLink } from '../shared/types.ts';

export interface FlatLink {
  label: string;
  href: string;
  docId?: string;
}

export function pagination(doc: ProcessedDoc, ctx: { flat: FlatLink[]; position: number; byId: Map<string, ProcessedDoc>; hrefOf: (slug: string) => string }): { prev?: PageLink; next?: PageLink } {
  const fm = doc.frontMatter;
  const labelOf = (l: FlatLink): PageLink => {
    const target = l.docId ? ctx.byId.get(l.docId) : undefined;
    return { label: target?.frontMatter.pagination_label ?? l.label, href: l.href };
  };
  const pick = (override: string | null | undefined, neighbour: FlatLink | undefined): PageLink | undefined => {
    if (override === null) return undefined;
    if (override !== undefined) {
      const target = ctx.byId.get(override);
      return target ? { label: target.frontMatter.pagination_label ?? target.frontMatter.sidebar_label ?? target.title, href: ctx.hrefOf(target.slug) } : undefined;
    }
    return neighbour && labelOf(neighbour);
  };
  const inFlat = ctx.position >= 0;
  const prev = pick(fm.pagination_prev, inFlat && ctx.position > 0 ? ctx.flat[ctx.position - 1] : undefined);
  const next = pick(fm.pagination_next, inFlat ? ctx.flat[ctx.position + 1] : undefined);
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) };
}

/** `pagination_prev`/`_next` ids that name no doc: reported like a broken link, with the key's file. */
export function unknownPaginationIds(docs: ProcessedDoc[], byId: Map<string, ProcessedDoc>): string[] {
  const out: string[] = [];
  for (const d of docs)
    for (const key of ['pagination_prev', 'pagination_next'] as const) {
      const id = d.frontMatter[key];
      if (typeof id === 'string' && !byId.has(id)) out.push(`${d.file}: ${key} "${id}" names no doc of this locale`);
    }
  return out;
}

export interface EditOptions {
  editUrl?: string | EditUrlFunction;
  editLocalizedFiles: boolean;
  locale: string;
  /** The file the source locale has for this doc, relative to the site (`docs/a.md`, `content/pt-BR/a.md`). */
  sourceFile: string;
  permalink: string;
}

export function editUrlOf(doc: ProcessedDoc, o: EditOptions): string | undefined {
  const custom = doc.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom ?? undefined;
  if (!o.editUrl) return undefined;
  // A fallback page has no file of its own in this locale: its edit link is the source's.
  const file = o.editLocalizedFiles && !doc.fallback ? doc.file : o.sourceFile;
  const dir = file.slice(0, file.length - doc.relPath.length).replace(/\/$/, '');
  if (typeof o.editUrl === 'function') return o.editUrl({ locale: o.locale, version: 'current', versionDocsDirPath: dir, docPath: doc.relPath, permalink: o.permalink }) ?? undefined;
  return `${o.editUrl.replace(/\/+$/, '')}/${file}`;
}

export interface LastUpdate {
  /** ISO date-time. */
  date?: string;
  author?: string;
}

export function lastUpdateOf(doc: ProcessedDoc, o: { showTime: boolean; showAuthor: boolean; git?: { time?: number; author?: string } }): LastUpdate | undefined {
  if (!o.showTime && !o.showAuthor) return undefined;
  const fm = doc.frontMatter.last_update;
  const date = fm?.date ?? (o.git?.time !== undefined ? new Date(o.git.time * 1000).toISOString() : undefined);
  const author = fm?.author ?? o.git?.author;
  const out: LastUpdate = { ...(o.showTime && date ? { date } : {}), ...(o.showAuthor && author ? { author } : {}) };
  return out.date || out.author ? out : undefined;
}
