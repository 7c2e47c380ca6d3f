// Applies a batch of file changes to a DevState, redoing only what they touch:
// - a Markdown file → that doc is reprocessed and its page re-rendered; when its title, sidebar_label,
//   sidebar_position or sidebar flag changed (or a page or category came or went), every page of its locale
//   is re-rendered, since they all show the sidebar; pages added or removed also change the language links
//   of the same page in the other locales;
// - templates/ or client/ → the browser bundle and the server templates are rebuilt, every page re-rendered.
// - an image or file a doc copies (next to it or in static/) → that doc again, for its new hashed URL; a
//   component, or anything in static/, → the MDX pages too (they may import it).
// Config and UI strings changes are not handled here: they need a full build (dev-site.ts).
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { listContentFiles, localeContentDir, type ContentFile } from '../content/files.ts';
import { fileKey, loadCategory } from '../content/load.ts';
import { categoryTranslations } from '../content/docs-translations.ts';
import { finishLocale } from '../content/finish.ts';
import { docHrefFactory } from '../site/prepare.ts';
import { deserialize, processDoc, type ProcessedDoc } from '../content/process-doc.ts';
import { toProblems, type Problem } from '../problems.ts';
import { buildRouteTable, type RouteEntry } from '../routes/route-table.ts';
import { islandKey, islandsOf, loadTheme, searchOf } from '../site/prepare.ts';
import { recheckLinks, updateIds } from './recheck-links.ts';
import { putBundle, putSearch, putSitemap, renderRoutes, routesOf, updateChunks, updateSiteData, type DevState } from './state.ts';

export interface ChangeBatch {
  /** Absolute paths of changed, added or removed files under content/. */
  content: Set<string>;
  /** Something under templates/ or client/ changed. */
  code: boolean;
  /** Something under static/ changed (only link checking and the browser care). */
  static: boolean;
  /** A file MDX pages may import changed (a component of the site, its CSS module). */
  components?: boolean;
  /** Absolute paths of every changed file: an image or file a doc copies is among them. */
  paths?: string[];
}

export interface ApplyResult {
  /** Public paths whose HTML changed, or 'all'. */
  reload: Set<string> | 'all';
  /** Problems by key; an empty list clears the key. */
  problems: Map<string, Problem[]>;
  warnings: string[];
  /** Pages rendered now plus pages left dirty (rendered on request or in the background). */
  rendered: number;
  /** Links must be checked on every page (ids or routes changed), not just on the re-rendered ones. */
  fullLinkCheck: boolean;
  /** Pages rendered now, by output file: their links are re-checked. */
  renderedNow: Set<string>;
  /** Island scripts bundled again. */
  islandScripts: number;
}

const SIDEBAR_FIELDS = ['sidebar_label', 'sidebar', 'sidebar_class_name', 'pagination_label', 'pagination_next', 'pagination_prev', 'unlisted', 'draft', 'displayed_sidebar'] as const;
const IDENTITY_FIELDS = ['id', 'slug', 'title', 'position'] as const;

function sidebarChanged(before: ProcessedDoc, after: ProcessedDoc): boolean {
  return SIDEBAR_FIELDS.some((k) => before.frontMatter[k] !== after.frontMatter[k]) || IDENTITY_FIELDS.some((k) => before[k] !== after[k]);
}

/** Reprocesses the content files of the batch; returns the locales whose sidebar data changed. */
async function applyContent(state: DevState, changed: Set<string>, result: ApplyResult) {
  const structural = new Set<string>();
  const docChanged = new Set<ProcessedDoc>();
  const keysChanged = new Set<string>();
  const touched = new Set<string>();
  // Each locale's folder: content/<locale>/, or Docusaurus's docs/ and i18n/<locale>/…/current/.
  const { locales: all, sourceLocale } = state.loaded.config.i18n;
  const dirs = all.flatMap((l) => (state.content.has(l) ? [[l, localeContentDir(state.paths.root, l, sourceLocale)] as const] : []));
  for (const abs of changed) {
    for (const [locale, dir] of dirs) if (dir && abs.startsWith(dir + sep)) touched.add(locale);
  }
  for (const locale of touched) {
    const lc = state.content.get(locale)!;
    const onDisk = listContentFiles(state.paths.root, all, sourceLocale).filter((f) => f.locale === locale);
    const present = new Set(onDisk.map((f) => f.file));
    // Removed files: their doc or category leaves the locale.
    for (const doc of [...lc.docs]) {
      if (present.has(doc.file)) continue;
      lc.docs.splice(lc.docs.indexOf(doc), 1);
      result.problems.set(fileKey(doc.file), []);
      structural.add(locale);
      keysChanged.add(doc.id);
    }
    for (const [key, cat] of [...lc.categories]) {
      if (present.has(cat.file)) continue;
      lc.categories.delete(key);
      structural.add(locale);
    }
    for (const file of onDisk) {
      const known = file.kind === 'doc' ? lc.docs.find((d) => d.relPath === file.relPath) : [...lc.categories.values()].find((c) => c.file === file.file);
      if (known && !changed.has(file.absPath)) continue;
      if (file.kind === 'category') applyCategory(state, file, result) && structural.add(locale);
      else {
        const doc = await applyDoc(state, file, result);
        if (!doc) continue;
        if (!known) {
          structural.add(locale);
          keysChanged.add(doc.id);
        } else if (sidebarChanged(known as ProcessedDoc, doc)) structural.add(locale);
        docChanged.add(doc);
      }
    }
    // `serve` shows drafts and only warns about unknown keys.
    const finished = finishLocale(lc, { includeDrafts: true, strict: false, docHref: docHrefFactory(state.loaded, state.locales), onInlineTags: state.loaded.config.docs.onInlineTags });
    result.problems.set(`routes:${locale}`, finished.errors.flatMap(toProblems));
    result.warnings.push(...finished.warnings);
  }
  return { structural, docChanged, keysChanged };
}

function applyCategory(state: DevState, file: ContentFile, result: ApplyResult): boolean {
  try {
    const cat = loadCategory(file, categoryTranslations(state.paths.root, file.locale));
    state.content.get(file.locale)!.categories.set(cat.key, cat);
    result.problems.set(fileKey(file.file), []);
    return true;
  } catch (err) {
    result.problems.set(fileKey(file.file), toProblems(err));
    return false;
  }
}

/** Reprocesses one Markdown file; on failure the last good version stays and the problem is reported. */
async function applyDoc(state: DevState, file: ContentFile, result: ApplyResult): Promise<ProcessedDoc | undefined> {
  const out = await processDoc(state.jobFor(file));
  if (!out.ok) {
    result.problems.set(fileKey(file.file), toProblems(deserialize(out.error)));
    return undefined;
  }
  const lc = state.content.get(file.locale)!;
  const i = lc.docs.findIndex((d) => d.relPath === file.relPath);
  if (i >= 0) lc.docs[i] = out.doc;
  else lc.docs.push(out.doc);
  result.problems.set(fileKey(file.file), []);
  result.warnings.push(...out.doc.warnings);
  for (const a of out.doc.assets) if (!state.output.files.has(a.out)) state.output.write(a.out, readFileSync(a.abs));
  return out.doc;
}

/** The files of the docs that may import components of the site (MDX pages): what a component's edit touches. */
function importingDocs(state: DevState): string[] {
  const files: string[] = [];
  for (const lc of state.content.values()) for (const doc of lc.docs) if (doc.islands || /\.mdx$/.test(doc.relPath) || doc.html.startsWith('<style>')) files.push(resolve(state.paths.root, doc.file));
  return files;
}

/**
 * The files of the docs that copy one of `changed` (an image or file they reference, next to them or in
 * static/): processed again, their copy gets the new content's hash and their HTML the new URL.
 */
function docsCopying(state: DevState, changed: Set<string>): string[] {
  const files: string[] = [];
  if (!changed.size) return files;
  for (const lc of state.content.values()) for (const doc of lc.docs) if (doc.assets.some((a) => changed.has(resolve(a.abs)))) files.push(resolve(state.paths.root, doc.file));
  return files;
}

/**
 * The island pages a batch touches, or 'all' (a component or the runtime changed): pages edited that have
 * islands or had them, and pages with islands that are gone. Other pages' scripts stay as they are.
 */
function islandPagesTouched(state: DevState, batch: ChangeBatch, docChanged: Set<ProcessedDoc>): Set<string> | 'all' {
  if (batch.components || batch.code) return 'all';
  const had = state.islands.scripts;
  const touched = new Set<string>();
  for (const doc of docChanged) if (doc.islands || had.has(islandKey(doc.locale, doc.relPath))) touched.add(islandKey(doc.locale, doc.relPath));
  const live = new Set<string>();
  for (const [locale, lc] of state.content) for (const doc of lc.docs) if (doc.islands) live.add(islandKey(locale, doc.relPath));
  for (const key of had.keys()) if (!live.has(key)) touched.add(key);
  return touched;
}

/**
 * Bundles the island scripts of `pages` again. Stable names, and in serve one file per page with no chunk
 * shared (renderer/bundle/islands.ts), so a page's files are replaced without touching the others', and the
 * pages that load them need not change for it.
 */
async function applyIslands(state: DevState, result: ApplyResult, pages: Set<string> | 'all'): Promise<void> {
  try {
    const previous = state.islands;
    const fresh = await islandsOf({ ...state, minify: false, naming: 'stable' }, pages === 'all' ? undefined : pages);
    const baseUrl = state.loaded.config.baseUrl;
    const filesOf = (bundle: typeof previous, key: string) => [bundle.scripts.get(key), bundle.styles.get(key)].filter((u): u is string => !!u).map((u) => u.slice(baseUrl.length));
    if (pages === 'all') {
      for (const file of previous.files.keys()) state.output.delete(file);
      state.islands = fresh;
    } else {
      const files = new Map(previous.files);
      const scripts = new Map(previous.scripts);
      const styles = new Map(previous.styles);
      for (const key of pages) {
        for (const file of filesOf(previous, key)) (files.delete(file), state.output.delete(file));
        scripts.delete(key);
        styles.delete(key);
      }
      for (const [file, bytes] of fresh.files) files.set(file, bytes);
      for (const [key, url] of fresh.scripts) scripts.set(key, url);
      for (const [key, url] of fresh.styles) styles.set(key, url);
      state.islands = { files, scripts, styles };
    }
    for (const [file, bytes] of fresh.files) state.output.write(file, bytes);
    result.islandScripts = fresh.scripts.size;
    result.problems.set('islands', []);
  } catch (err) {
    result.problems.set('islands', toProblems(err));
  }
}

/** Rebuilds the browser bundle and server templates; false (with a problem) when they do not compile. */
async function applyCode(state: DevState, result: ApplyResult): Promise<boolean> {
  try {
    const theme = loadTheme(state.paths, state.loaded.config.baseUrl, { minify: false });
    const [bundle, templates] = await Promise.all([theme.bundle, theme.templates]);
    const previous = state.bundle;
    state.bundle = bundle;
    state.templates = templates;
    putBundle(state, previous);
    result.problems.set('code', []);
    return true;
  } catch (err) {
    result.problems.set('code', toProblems(err));
    return false;
  }
}

/**
 * Applies a batch: the changed pages are rendered at once; other pages whose sidebar or language links
 * changed are marked dirty (rendered when requested, or by `renderSomeDirty` in the background), so the
 * page being edited is served as soon as possible. Links are checked afterwards (`finishLinks`).
 */
export async function applyChanges(state: DevState, batch: ChangeBatch): Promise<ApplyResult> {
  const result: ApplyResult = { reload: new Set(), problems: new Map(), warnings: [], rendered: 0, fullLinkCheck: false, renderedNow: new Set(), islandScripts: 0 };
  const codeOk = batch.code ? await applyCode(state, result) : false;
  // MDX pages may import what changed (a component, or an image or SVG by require/import, static/ included);
  // a page that copies a changed image or file needs its new hashed URL.
  const reprocess = new Set([...batch.content, ...(batch.components || batch.static ? importingDocs(state) : []), ...docsCopying(state, new Set((batch.paths ?? []).map((p) => resolve(p))))]);
  const { structural, docChanged, keysChanged } = await applyContent(state, reprocess, result);
  const islandPages = islandPagesTouched(state, batch, docChanged);
  if (islandPages === 'all' || islandPages.size) await applyIslands(state, result, islandPages);

  const { loaded, locales, content, strings } = state;
  const served = state.table.routes.map((r) => r.outFile);
  state.table = buildRouteTable({ loaded, locales, content, strings });
  for (const l of locales) if (structural.has(l.code)) updateSiteData(state, l);

  const now = new Map<string, RouteEntry>();
  const later = new Map<string, RouteEntry>();
  const chunked = new Map<string, RouteEntry[]>();
  for (const r of state.table.routes) {
    const own = !!r.doc && docChanged.has(r.doc);
    if (own) now.set(r.outFile, r);
    else if (codeOk || structural.has(r.data.locale) || (r.doc && keysChanged.has(r.doc.id)) || state.dirty.has(r.outFile)) later.set(r.outFile, r);
    if (own || (r.doc && keysChanged.has(r.doc.id))) chunked.set(r.data.locale, [...(chunked.get(r.data.locale) ?? []), r]);
  }
  for (const l of locales) {
    if (structural.has(l.code)) updateChunks(state, l.code);
    else if (chunked.has(l.code)) updateChunks(state, l.code, chunked.get(l.code));
  }
  state.dirty = later;
  try {
    renderRoutes(state, [...now.values()]);
    result.problems.set('render', []);
  } catch (err) {
    result.problems.set('render', toProblems(err));
    return result;
  }
  result.rendered = now.size + later.size;
  result.renderedNow = new Set(now.keys());
  if (keysChanged.size) putSitemap(state);

  // Removed pages stop being served: those of the last route table (a page rendered by the previous batch
  // may not have its ids yet, its link check having given way to this batch) and any other left behind.
  const live = new Set(state.table.routes.map((r) => r.outFile));
  for (const outFile of new Set([...served, ...state.ids.keys()])) {
    if (live.has(outFile)) continue;
    state.output.delete(outFile);
    state.ids.delete(outFile);
  }
  result.fullLinkCheck = codeOk || batch.static || keysChanged.size > 0 || later.size > 0;
  result.reload = codeOk || batch.static ? 'all' : new Set([...now.values(), ...later.values()].map((r) => r.data.path));
  return result;
}

/** Checks links after an update: on the re-rendered pages, or everywhere when ids or routes changed. */
export function finishLinks(state: DevState, result: Pick<ApplyResult, 'renderedNow' | 'fullLinkCheck'>): void {
  const { idsChanged } = updateIds(state, result.renderedNow);
  if (result.fullLinkCheck || idsChanged) recheckLinks(state);
  else recheckLinks(state, result.renderedNow);
}

/**
 * The search stage after an edit. A locale's index is served under a stable name; only the locales whose
 * records changed are indexed again, and in those only the changed pages analysed (state.searchCache), so
 * the other locales' files stay as they are. Pages are re-rendered only when what they embed (settings,
 * extra head markup) changed.
 */
export function refreshSearch(state: DevState): Set<string> {
  const previous = state.search;
  const next = searchOf(state.loaded, state.locales, state.table, state.searchCache);
  state.search = next;
  putSearch(state, previous);
  const changed = new Set<string>();
  for (const l of state.locales) {
    const same = JSON.stringify(previous.settings.get(l.code)) === JSON.stringify(next.settings.get(l.code)) && previous.extraHead(l.code) === next.extraHead(l.code);
    if (same) continue;
    changed.add(l.code);
    updateSiteData(state, l);
    renderRoutes(state, routesOf(state, l.code));
  }
  return changed;
}
