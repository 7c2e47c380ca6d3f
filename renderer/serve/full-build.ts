// A complete dev build: the same preparation and render stages as `build` (renderer/site/), in collect
// mode and into memory. A page that fails is reported and left out instead of failing everything, so the
// server can show every other page (and the error) while the author fixes it.
import { relative, resolve } from 'node:path';
import { MERMAID_ENTRY, mermaidFiles } from '../bundle/mermaid.ts';
import type { Problem } from '../problems.ts';
import { prepareSite } from '../site/prepare.ts';
import { renderSite, staticPaths } from '../site/render.ts';
import { MemoryIndexCache } from '../search/memory-index-cache.ts';
import { MemoryOutput } from '../write.ts';
import type { DevState } from './state.ts';

export interface DevBuildOptions {
  root: string;
  configFile?: string;
  threads?: number;
}

export interface DevBuildResult {
  state: DevState;
  /** Problems by source (a file, or a stage): pages that failed are missing from the state. */
  problems: Map<string, Problem[]>;
  warnings: string[];
}

/** Builds everything; throws a UserError when nothing can be served (config, UI strings, templates). */
export async function fullDevBuild(options: DevBuildOptions): Promise<DevBuildResult> {
  const searchCache = new MemoryIndexCache();
  const site = await prepareSite({ root: resolve(options.root), configFile: options.configFile, threads: options.threads, mode: 'collect', bundle: { minify: false }, naming: 'stable', drafts: true, searchCache });
  const output = new MemoryOutput();
  // Pages are rendered when first requested, the rest in the background (DevSite.settle), links checked
  // after that: the server answers its first request long before every page is rendered.
  const rendered = renderSite(site, output, staticPaths(site, site.problems), { pages: false });
  // Always served: a diagram may be added by any edit, and these files never change while serving.
  if (!output.files.has(MERMAID_ENTRY)) for (const [file, bytes] of mermaidFiles()) output.write(file, bytes);
  const chunkFiles = new Map<string, Map<string, string>>();
  const { baseUrl } = site.loaded.config;
  for (const l of site.locales) chunkFiles.set(l.code, new Map());
  for (const r of site.table.routes) {
    const url = rendered.chunks.chunkOf.get(r.data.path);
    if (url) chunkFiles.get(r.data.locale)!.set(r.data.path, url.slice(baseUrl.length));
  }
  const state: DevState = {
    ...site,
    siteData: rendered.siteData,
    siteUrls: rendered.siteUrls,
    output,
    chunkFiles,
    dirty: new Map(site.table.routes.map((r) => [r.outFile, r])),
    broken: new Map(),
    ids: new Map(),
    searchCache,
  };
  return { state, problems: site.problems, warnings: site.warnings };
}

/** Where a file sits relative to the site, with forward slashes (for messages). */
export function shownPath(root: string, abs: string): string {
  const rel = relative(root, abs).split('\\').join('/');
  return rel && !rel.startsWith('../') ? rel : abs;
}
