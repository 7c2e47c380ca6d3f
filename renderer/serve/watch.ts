// Watches the site's folders with chokidar (folders, not globs: chokidar 5 has none) and hands over
// batches of changed paths: events that arrive while a rebuild runs are gathered into the next batch.
import { watch, type FSWatcher } from 'chokidar';
import { basename, sep } from 'node:path';
import type { SitePaths } from '../paths.ts';

export type ChangeKind = 'full' | 'code' | 'content' | 'static';

/** What is watched: the paths the build reads (paths.ts), so the two lists cannot drift apart. */
export type WatchRoots = Pick<SitePaths, 'content' | 'i18n' | 'static' | 'config' | 'code'>;

export function watchedPaths(roots: WatchRoots): string[] {
  return [...new Set([roots.content, roots.i18n, roots.static, roots.config, ...roots.code])];
}

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
  if (inside(roots.content, path)) return isDir || /\.mdx?$/.test(path) || basename(path) === '_category_.json' ? 'content' : undefined;
  if (inside(roots.static, path)) return 'static';
  if (roots.code.some((d) => inside(d, path))) return isDir || /\.(tsx?|jsx?|css|json)$/.test(path) ? 'code' : undefined;
  return undefined;
}

export interface Batch {
  full: boolean;
  code: boolean;
  static: boolean;
  content: Set<string>;
  paths: string[];
}

export function emptyBatch(): Batch {
  return { full: false, code: false, static: false, content: new Set(), paths: [] };
}

export class SiteWatcher {
  private readonly watcher: FSWatcher;
  private batch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
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
    clearTimeout(this.timer);
    return this.watcher.close();
  }
}
