// The docs sidebar of one locale, built from the folder structure, `_category_.json` and front matter.
import type { SidebarCategory, SidebarItem, SidebarLink } from '../shared/types.ts';
import type { CategorySource } from '../content/load.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';

export interface SidebarInput {
  docs: ProcessedDoc[];
  categories: Map<string, CategorySource>;
  hrefOf: (docId: string) => string;
}

interface Entry {
  position: number;
  label: string;
  item: SidebarItem;
}

const byPosition = (a: Entry, b: Entry) => a.position - b.position || a.label.localeCompare(b.label);

export function docLabel(doc: ProcessedDoc): string {
  return doc.frontMatter.sidebar_label ?? doc.frontMatter.title;
}

export function buildSidebar({ docs, categories, hrefOf }: SidebarInput): SidebarItem[] {
  const build = (folder: string): { items: SidebarItem[]; indexDoc?: ProcessedDoc } => {
    const entries: Entry[] = [];
    let indexDoc: ProcessedDoc | undefined;
    const prefix = folder ? `${folder}/` : '';
    for (const doc of docs) {
      const rest = doc.relPath.slice(prefix.length);
      if (!doc.relPath.startsWith(prefix) || rest.includes('/')) continue;
      if (folder && (rest === 'index.md')) {
        indexDoc = doc;
        continue;
      }
      if (doc.frontMatter.sidebar === false) continue;
      const link: SidebarLink = { type: 'link', label: docLabel(doc), href: hrefOf(doc.id), docId: doc.id };
      entries.push({ position: doc.frontMatter.sidebar_position ?? Number.MAX_SAFE_INTEGER, label: link.label, item: link });
    }
    const subfolders = new Set<string>();
    for (const doc of docs) {
      if (!doc.relPath.startsWith(prefix)) continue;
      const rest = doc.relPath.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash > 0) subfolders.add(prefix + rest.slice(0, slash));
    }
    for (const sub of subfolders) {
      const child = build(sub);
      const meta = categories.get(sub)?.meta;
      const indexInSidebar = child.indexDoc && child.indexDoc.frontMatter.sidebar !== false;
      if (!child.items.length && !indexInSidebar) continue;
      const label = meta?.label ?? (child.indexDoc ? docLabel(child.indexDoc) : sub.split('/').pop()!);
      const category: SidebarCategory = {
        type: 'category',
        key: sub,
        docsRootAnchor: sub,
        label,
        ...(indexInSidebar ? { href: hrefOf(child.indexDoc!.id) } : {}),
        collapsed: meta?.collapsed ?? true,
        items: child.items,
      };
      entries.push({ position: meta?.position ?? child.indexDoc?.frontMatter.sidebar_position ?? Number.MAX_SAFE_INTEGER, label, item: category });
    }
    return { items: entries.sort(byPosition).map((e) => e.item), indexDoc };
  };
  return build('').items;
}

/** Every link of the sidebar in reading order, category links included: the order of prev/next. */
export function flattenSidebar(items: SidebarItem[]): { label: string; href: string; docId?: string; trail: SidebarCategory[] }[] {
  const out: { label: string; href: string; docId?: string; trail: SidebarCategory[] }[] = [];
  const walk = (list: SidebarItem[], trail: SidebarCategory[]) => {
    for (const item of list) {
      if (item.type === 'link') out.push({ label: item.label, href: item.href, docId: item.docId, trail });
      else {
        if (item.href) out.push({ label: item.label, href: item.href, trail: [...trail, item] });
        walk(item.items, [...trail, item]);
      }
    }
  };
  walk(items, []);
  return out;
}

export function firstSidebarLink(items: SidebarItem[]): string | undefined {
  return flattenSidebar(items)[0]?.href;
}
