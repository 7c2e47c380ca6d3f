// The dev loop: one full build, then a watcher whose batches are applied one at a time. It never stops on
// a bad file: the last good pages stay served, the problem is reported (terminal and browser overlay) and
// disappears when the file is fixed.
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { warmHighlighter } from '../content/highlight.ts';
import { sitePaths } from '../paths.ts';
import { applyChanges, finishLinks, refreshSearch } from './apply.ts';
import { fullDevBuild, shownPath, type DevBuildOptions } from './full-build.ts';
import { brokenLinks } from './recheck-links.ts';
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

/**
 * What an applied change leaves to do once its page is served: render the pages still dirty, check links,
 * rebuild the search index, warm the highlighter. Changes that come meanwhile add to it.
 */
interface Backlog {
  /** Links to check: on the pages rendered since the last check (their ids first), or on every page. */
  links: { full: boolean; rendered: Set<string> } | undefined;
  search: boolean;
  highlighter: boolean;
}

const noBacklog = (): Backlog => ({ links: undefined, search: false, highlighter: false });
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

export class DevSite extends EventEmitter<DevSiteEvents> {
  state: DevState | undefined;
  private readonly problemsByKey = new Map<string, Problem[]>();
  private watcher: SiteWatcher | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** Batches handed over and not yet being applied: the background work gives way to them. */
  private waiting = 0;
  private backlog = noBacklog();
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
    this.schedule(() => this.background());
    if (this.options.watch === false) return;
    const root = resolve(this.options.root);
    this.watcher = new SiteWatcher(
      { ...sitePaths(root, this.options.configFile), docs: join(root, 'docs') },
      (batch) => this.enqueue(batch),
      (err) => this.emit('warning', `file watcher: ${err.message}`),
    );
    await this.watcher.ready;
  }

  /** Resolves once every change seen so far has been applied and its background work is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    await this.queue;
  }

  /**
   * Applies a batch of changed files (what the watcher calls). Batches are applied one at a time, in order;
   * the background work of earlier ones waits until no batch does, so a save is never queued behind it.
   */
  enqueue(batch: Batch): void {
    this.waiting++;
    this.schedule(() => {
      this.waiting--;
      return this.apply(batch);
    });
    this.schedule(() => this.background());
  }

  private schedule(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => this.setProblems('build', toProblems(err)));
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
    const links = this.backlog.links;
    this.backlog.links = { full: (links?.full ?? false) || result.fullLinkCheck, rendered: new Set([...(links?.rendered ?? []), ...result.renderedNow]) };
    this.backlog.search = true;
  }

  /**
   * The backlog, off the critical path, one step at a time: pages left dirty (each is also rendered at once
   * if requested), links, search, highlighter. It stops as soon as a batch waits — on a busy machine all of
   * it can take seconds, and a save must not wait for it — and the next batch's background picks it up
   * (pages still dirty stay dirty, links and search are merged into its own).
   */
  private async background(): Promise<void> {
    const state = this.state;
    const backlog = this.backlog;
    if (!state) return;
    try {
      while (state.dirty.size) {
        if (this.waiting) return;
        renderSomeDirty(state, 12);
        await nextTurn();
      }
    } catch (err) {
      state.dirty.clear();
      this.backlog = noBacklog();
      this.setProblems('render', toProblems(err));
      return;
    }
    if (this.waiting) return;
    if (backlog.links) {
      const { full, rendered } = backlog.links;
      backlog.links = undefined;
      // Pages removed since they were rendered have no links (and no ids) any more.
      finishLinks(state, { fullLinkCheck: full, renderedNow: new Set([...rendered].filter((f) => state.output.files.has(f))) });
      this.updateLinkProblems();
      this.emitProblems();
      await nextTurn();
    }
    if (this.waiting) return;
    if (backlog.search) {
      backlog.search = false;
      // The search index does not change what an open page shows: no reload for it.
      refreshSearch(state);
      await nextTurn();
    }
    if (this.waiting) return;
    if (backlog.highlighter) backlog.highlighter = !(await warmCodeHighlighting(state, () => this.waiting > 0));
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
      // A new state: what was left to do on the old one is moot; every link is checked.
      this.backlog = { links: { full: true, rendered: new Set() }, search: false, highlighter: true };
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
 * too, with the languages the pages use, once everything is served — not on the first edit. One language
 * at a time, stopping when `givesWay` says a change waits; false when it stopped.
 */
async function warmCodeHighlighting(state: DevState, givesWay: () => boolean): Promise<boolean> {
  const langs = new Set<string>();
  for (const lc of state.content.values()) for (const doc of lc.docs) for (const m of doc.html.matchAll(/class="theme-code-block language-([\w+#-]+)"/g)) langs.add(m[1]!);
  const themes = state.loaded.config.themeConfig.code.theme;
  for (const lang of [undefined, ...langs]) {
    if (givesWay()) return false;
    await warmHighlighter(themes, lang ? [lang] : []).catch(() => undefined);
  }
  return true;
}

function rank(key: string): number {
  const i = ORDER.indexOf(key);
  if (i >= 0) return i;
  return key === 'links' ? ORDER.length + 2 : ORDER.length + 1;
}
