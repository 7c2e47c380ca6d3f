// The dev loop: one full build, then a watcher whose batches are applied one at a time. It never stops on
// a bad file: the last good pages stay served, the problem is reported (terminal and browser overlay) and
// disappears when the file is fixed.
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { warmHighlighter } from '../content/highlight.ts';
import { sitePaths } from '../paths.ts';
import { applyChanges, finishLinks, refreshSearch, type ApplyResult } from './apply.ts';
import { fullDevBuild, shownPath, type DevBuildOptions } from './full-build.ts';
import { brokenLinks, recheckLinks } from './recheck-links.ts';
import { formatProblem, linkProblem, toProblems, type Problem } from '../problems.ts';
import { renderSomeDirty, type DevState } from './state.ts';
import { SiteWatcher, type Batch } from './watch.ts';

export interface UpdateInfo {
  /** Files that triggered the update, relative to the site. */
  changed: string[];
  ms: number;
  rendered: number;
  /** Island scripts bundled again (only those of the pages a change touches, unless a component changed). */
  islandScripts?: number;
  /** Public paths whose HTML changed, or 'all'. */
  reload: string[] | 'all';
}

export interface DevSiteEvents {
  /** Pages changed: browsers showing them reload. */
  update: [UpdateInfo];
  /** The list of current problems changed (empty: everything is fine again). */
  problems: [Problem[]];
  warning: [string];
}

// Order in which problems are shown: what blocks everything first.
const ORDER = ['build', 'code', 'render'];

export class DevSite extends EventEmitter<DevSiteEvents> {
  state: DevState | undefined;
  private readonly problemsByKey = new Map<string, Problem[]>();
  private watcher: SiteWatcher | undefined;
  private queue: Promise<void> = Promise.resolve();
  private warnedLinks = new Set<string>();
  /** Bumped on every applied change: lets a reconnecting browser know whether it missed one. */
  generation = 0;

  constructor(private readonly options: DevBuildOptions & { watch?: boolean }) {
    super();
  }

  get problems(): Problem[] {
    const keys = [...this.problemsByKey.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    return keys.flatMap((k) => this.problemsByKey.get(k)!);
  }

  /** Builds everything once and starts watching. Resolves even when the build fails (the problem is shown). */
  async start(): Promise<void> {
    await this.rebuildAll([]);
    if (this.options.watch === false) return;
    this.watcher = new SiteWatcher(
      sitePaths(resolve(this.options.root), this.options.configFile),
      (batch) => this.enqueue(batch),
      (err) => this.emit('warning', `file watcher: ${err.message}`),
    );
    await this.watcher.ready;
  }

  /** Resolves once every change seen so far has been applied. */
  idle(): Promise<void> {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    await this.queue;
  }

  private enqueue(batch: Batch): void {
    this.queue = this.queue.then(() => this.apply(batch)).catch((err: unknown) => this.setProblems('build', toProblems(err)));
  }

  private async apply(batch: Batch): Promise<void> {
    const changed = batch.paths.map((p) => shownPath(this.options.root, p));
    if (batch.full || !this.state || this.problemsByKey.has('build') || this.problemsByKey.has('render')) {
      await this.rebuildAll(changed);
      return;
    }
    const started = performance.now();
    const state = this.state;
    const result = await applyChanges(state, batch);
    for (const [key, list] of result.problems) this.setProblems(key, list, false);
    this.emitProblems();
    // Once each: an edited source page is processed again for every locale that shows it untranslated.
    for (const w of new Set(result.warnings)) this.emit('warning', w);
    this.generation++;
    this.emit('update', { changed, ms: performance.now() - started, rendered: result.rendered, ...(result.islandScripts ? { islandScripts: result.islandScripts } : {}), reload: result.reload === 'all' ? 'all' : [...result.reload] });
    // Then, off the critical path: pages left dirty (each is also rendered at once if requested), links, search.
    await this.settle(result);
    // The search index does not change what an open page shows: no reload for it.
    refreshSearch(state);
  }

  /** Renders the pages still dirty, then checks links (on all pages, or on those an update re-rendered). */
  private async settle(update?: ApplyResult): Promise<void> {
    const state = this.state;
    if (!state) return;
    try {
      while (state.dirty.size) {
        renderSomeDirty(state, 12);
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      state.dirty.clear();
      this.setProblems('render', toProblems(err));
      return;
    }
    if (update) finishLinks(state, update);
    else recheckLinks(state);
    this.updateLinkProblems();
    this.emitProblems();
  }

  private async rebuildAll(changed: string[]): Promise<void> {
    const started = performance.now();
    try {
      const result = await fullDevBuild(this.options);
      this.state = result.state;
      this.problemsByKey.clear();
      for (const [key, list] of result.problems) this.problemsByKey.set(key, list);
      this.warnedLinks.clear();
      for (const w of result.warnings) this.emit('warning', w);
      this.queue = this.queue.then(() => this.settle()).then(() => warmCodeHighlighting(result.state));
    } catch (err) {
      // Nothing new can be served: the previous pages stay, with the problem shown over them.
      this.problemsByKey.set('build', toProblems(err));
    }
    this.emitProblems();
    this.generation++;
    const rendered = this.state?.table.routes.length ?? 0;
    if (changed.length || this.generation > 1) this.emit('update', { changed, ms: performance.now() - started, rendered, reload: 'all' });
  }

  private updateLinkProblems(): void {
    if (!this.state) return;
    const { errors, warnings } = brokenLinks(this.state);
    this.problemsByKey.set('links', errors.map(linkProblem));
    for (const w of warnings) {
      const text = formatProblem(linkProblem(w));
      if (!this.warnedLinks.has(text)) this.emit('warning', text);
      this.warnedLinks.add(text);
    }
  }

  private lastEmitted = '[]';
  private setProblems(key: string, list: Problem[], emit = true): void {
    if (list.length) this.problemsByKey.set(key, list);
    else this.problemsByKey.delete(key);
    if (emit) this.emitProblems();
  }

  private emitProblems(): void {
    for (const [k, v] of this.problemsByKey) if (!v.length) this.problemsByKey.delete(k);
    const json = JSON.stringify(this.problems);
    if (json === this.lastEmitted) return;
    this.lastEmitted = json;
    this.emit('problems', this.problems);
  }
}

/**
 * The first build's code blocks may have been highlighted by a worker thread: load the highlighter here
 * too, with the languages the pages use, once everything is served — not on the first edit.
 */
async function warmCodeHighlighting(state: DevState): Promise<void> {
  const langs = new Set<string>();
  for (const lc of state.content.values()) for (const doc of lc.docs) for (const m of doc.html.matchAll(/class="theme-code-block language-([\w+#-]+)"/g)) langs.add(m[1]!);
  const themes = state.loaded.config.themeConfig.code.theme;
  await warmHighlighter(themes, langs).catch(() => undefined);
}

function rank(key: string): number {
  const i = ORDER.indexOf(key);
  if (i >= 0) return i;
  return key === 'links' ? ORDER.length + 2 : ORDER.length + 1;
}
