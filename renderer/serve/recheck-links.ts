// Link checking for the dev server: the production checker, run on all pages after a full build and on
// just the re-rendered pages after an edit. Pages that are not re-checked stand in as "id stubs" (only their
// element ids), so anchors into them are still verified without scanning their links again.
import { isFatalLink, type BrokenLink } from '../problems.ts';
import { siteBaseOf } from '../shared/urls.ts';
import { checkLinks } from '../links/check.ts';
import { collectIds } from '../links/html-scan.ts';
import { listStatic } from '../write.ts';
import { pagesOf, type DevState } from './state.ts';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function idStub(ids: Set<string>): string {
  let out = '';
  for (const id of ids) out += ` id="${escapeAttr(id)}"`;
  return out;
}

function knownFiles(state: DevState): Set<string> {
  const { baseUrl } = state.loaded.config;
  const known = new Set<string>();
  for (const f of state.output.files.keys()) known.add(baseUrl + f);
  // The dev server answers only regular files inside static/ (the request handler); `build` reports the others.
  for (const f of listStatic(state.paths.static, baseUrl, false)) known.add(f);
  return known;
}

export interface LinkUpdate {
  /** True when some page's set of ids changed, so links from other pages may have broken or healed. */
  idsChanged: boolean;
}

/** Records the ids of re-rendered pages; reports whether any changed. */
export function updateIds(state: DevState, outFiles: Iterable<string>): LinkUpdate {
  let idsChanged = false;
  for (const outFile of outFiles) {
    const html = state.output.read(outFile);
    const ids = html !== undefined ? collectIds(html) : new Set<string>();
    const before = state.ids.get(outFile);
    if (!before || before.size !== ids.size || [...ids].some((id) => !before.has(id))) idsChanged = true;
    state.ids.set(outFile, ids);
  }
  return { idsChanged };
}

/** Re-checks the links of the given pages (all pages when omitted) and stores what is broken. */
export function recheckLinks(state: DevState, only?: Set<string>): void {
  const full = pagesOf(state);
  const pages = new Map<string, string>();
  for (const [outFile, html] of full) {
    if (!only || only.has(outFile)) pages.set(outFile, html);
    else pages.set(outFile, idStub(state.ids.get(outFile) ?? collectIds(html)));
  }
  const { config } = state.loaded;
  const result = checkLinks({ routes: state.table.routes, pages, files: knownFiles(state), baseUrl: config.baseUrl, siteBase: siteBaseOf(config) });
  const found = new Map<string, BrokenLink[]>();
  for (const link of [...result.links, ...result.anchors, ...result.ownUrls]) {
    const page = state.table.byPath.get(link.page)?.outFile ?? '';
    found.set(page, [...(found.get(page) ?? []), link]);
  }
  if (!only) state.broken = found;
  else {
    for (const outFile of only) state.broken.delete(outFile);
    for (const [page, links] of found) state.broken.set(page, links);
  }
  // Pages that no longer exist have no links.
  const live = new Set(state.table.routes.map((r) => r.outFile));
  for (const page of state.broken.keys()) if (page && !live.has(page)) state.broken.delete(page);
}

/** Every broken link currently known, split by whether the config makes it fatal. */
export function brokenLinks(state: DevState): { errors: BrokenLink[]; warnings: BrokenLink[] } {
  const errors: BrokenLink[] = [];
  const warnings: BrokenLink[] = [];
  for (const links of state.broken.values()) for (const l of links) (isFatalLink(l, state.loaded.config) ? errors : warnings).push(l);
  return { errors, warnings };
}
