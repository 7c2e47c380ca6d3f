// Watches the site's folders with chokidar (folders, not globs: chokidar 5 has none) and hands over
// batches of changed paths: events that arrive while a rebuild runs are gathered into the next batch.
import { watch, type FSWatcher } from 'chokidar';
import { existsSync, statSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import type { SitePaths } from '../paths.ts';

export type ChangeKind = 'full' | 'code' | 'content' | 'static' | 'components';

/**
 * What is watched: the paths the build reads (paths.ts), so the two lists cannot drift apart; `docs`: a
 * Docusaurus site's source-language docs folder (content/files.ts, localeContentDir), content like content/.
 */
export type WatchRoots = Pick<SitePaths, 'content' | 'i18n' | 'static' | 'config' | 'code'> & Partial<Pick<SitePaths, 'components'>> & { docs?: string };

export function watchedPaths(roots: WatchRoots): string[] {
  const optional = [roots.components, roots.docs].filter((d): d is string => !!d && existsSync(d));
  return [...new Set([roots.content, roots.i18n, roots.static, roots.config, ...roots.code, ...optional])];
}

/** Files MDX pages import besides partials: components, their styles and data. */
const COMPONENT_FILE = /\.(tsx?|jsx?|mjs|css|json|svg|png|jpe?g|gif|webp)$/;

const inside = (dir: string, path: string) => path === dir || path.startsWith(dir + sep);

/** Editor swap and backup files, dotfiles: never a change to the site. */
export function isNoise(path: string): boolean {
  const name = basename(path);
  return name.startsWith('.') || name.endsWith('~') || /\.(swp|swx|tmp)$/.test(name) || /^#.*#$/.test(name) || name === '4913';
}

/** What a changed path means for the build, or undefined when it means nothing. */
export function classify(path: string, roots: WatchRoots, isDir: boolean): ChangeKind | undefined {
  if (isNoise(path)) return undefined;
  if (path === roots.config || inside(roots.i18n, path)) return 'full';
  if (inside(roots.content, path) || (roots.docs && inside(roots.docs, path))) {
    return isDir || /\.mdx?$/.test(path) || /^_category_\.(json|ya?ml)$/.test(basename(path)) ? 'content' : COMPONENT_FILE.test(path) ? 'components' : undefined;
  }
  if (roots.components && inside(roots.components, path)) return isDir || COMPONENT_FILE.test(path) ? 'components' : undefined;
  if (inside(roots.static, path)) return 'static';
  if (roots.code.some((d) => inside(d, path))) return isDir || /\.(tsx?|jsx?|css|json)$/.test(path) ? 'code' : undefined;
  return undefined;
}

/** How long chokidar holds back a second read of a folder (handler.js, _handleRead). */
const CHOKIDAR_THROTTLE_MS = 1000;

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

export interface Batch {
  full: boolean;
  code: boolean;
  static: boolean;
  /** A file MDX pages may import (a component, its CSS module) changed. */
  components: boolean;
  content: Set<string>;
  paths: string[];
}

export function emptyBatch(): Batch {
  return { full: false, code: false, static: false, components: false, content: new Set(), paths: [] };
}

export class SiteWatcher {
  private readonly watcher: FSWatcher;
  private batch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly ready: Promise<void>;

  constructor(
    private readonly roots: WatchRoots,
    private readonly onBatch: (batch: Batch) => void,
    onError: (err: Error) => void,
  ) {
    this.watcher = watch(watchedPaths(roots), { ignoreInitial: true, ignored: (p) => isNoise(p) });
    this.ready = new Promise((resolve) => this.watcher.once('ready', () => resolve()));
    this.watcher.on('all', (event, path) => this.record(path, event === 'addDir' || event === 'unlinkDir'));
    this.watcher.on('error', (err) => onError(err as Error));
    this.watcher.on('raw', (event, name, details) => this.lookAgain(event, name, details));
  }

  /**
   * A file created in a watched folder can be missed by chokidar 5: it re-reads a folder at most once a
   * second, counting the changes that come meanwhile, and when a rebuild keeps the event loop busy past
   * that second the count is dropped with the throttle and no second read happens (handler.js,
   * _handleRead) — the page is never added. The folder's own (raw) event still names the entry: if it
   * exists and chokidar has still not listed it once its throttle is over, it is recorded here (apply.ts
   * compares each touched locale with the disk, so a late or repeated path is harmless).
   */
  private lookAgain(event: string, name: unknown, details: unknown): void {
    const folder = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
    if (event !== 'rename' || typeof name !== 'string' || typeof folder !== 'string' || !isFolder(folder)) return;
    const path = join(folder, name);
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      if (this.closed || !exists(path) || this.watcher.getWatched()[folder]?.includes(name)) return;
      this.record(path, isFolder(path));
    }, CHOKIDAR_THROTTLE_MS * 2);
    this.pending.add(timer);
  }

  private record(path: string, isDir: boolean): void {
    const kind = classify(path, this.roots, isDir);
    if (!kind) return;
    const b = this.batch;
    b.paths.push(path);
    if (kind === 'content') b.content.add(path);
    else b[kind] = true;
    // A short pause gathers the events of one save (editors often write several times).
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), 5);
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = emptyBatch();
    if (batch.paths.length) this.onBatch(batch);
  }

  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const t of this.pending) clearTimeout(t);
    return this.watcher.close();
  }
}
