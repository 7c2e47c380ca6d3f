// Finds and loads the chunk of a route. The per-locale manifest (path → chunk URL) is fetched lazily, so
// the first load ships nothing that grows with the number of pages.
import type { RouteData } from '../renderer/shared/types.ts';
import { importChunk } from './import-chunk.ts';
import { otherSpelling } from '../renderer/shared/locale-urls.ts';

export class RouteLoader {
  private manifest: Promise<Record<string, string>> | null = null;
  private chunks = new Map<string, Promise<RouteData>>();
  private prefetched = new Set<string>();
  /** Failed imports per chunk URL: the next attempt uses a URL the module map has not seen. */
  private failures = new Map<string, number>();

  /** `initial` is the route the page was served with: going back to it needs no request. */
  constructor(
    private readonly manifestUrl: string,
    initial?: RouteData,
  ) {
    if (initial) this.chunks.set(initial.path, Promise.resolve(initial));
  }

  loadManifest(): Promise<Record<string, string>> {
    if (!this.manifest) {
      this.manifest = fetch(this.manifestUrl)
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status} for ${this.manifestUrl}`);
          return r.json() as Promise<Record<string, string>>;
        })
        .catch((err: unknown) => {
          this.manifest = null;
          throw err;
        });
    }
    return this.manifest;
  }

  /** Resolves to the route's data, or rejects (network error, missing chunk). A failure is not cached. */
  load(path: string): Promise<RouteData> {
    let pending = this.chunks.get(path);
    if (!pending) {
      pending = this.loadManifest().then(async (manifest) => {
        const url = urlIn(manifest, path);
        if (!url) throw new Error(`No page at ${path}`);
        const attempt = this.failures.get(url) ?? 0;
        try {
          return (await importChunk<{ default: RouteData }>(url, attempt)).default;
        } catch (err) {
          this.failures.set(url, attempt + 1);
          throw err;
        }
      });
      pending.catch(() => this.chunks.delete(path));
      this.chunks.set(path, pending);
    }
    return pending;
  }

  /** Puts the route's chunk in the HTTP cache at low priority, without running it. */
  prefetch(path: string): void {
    if (this.chunks.has(path) || this.prefetched.has(path)) return;
    this.prefetched.add(path);
    this.loadManifest().then(
      (manifest) => {
        const url = urlIn(manifest, path);
        if (!url) return;
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.crossOrigin = 'anonymous';
        link.href = url;
        document.head.appendChild(link);
      },
      () => this.prefetched.delete(path),
    );
  }
}

/** A route's chunk URL, by its path as linked: with `trailingSlash` unset a link may add or drop the slash its URL has. */
function urlIn(manifest: Record<string, string>, path: string): string | undefined {
  return Object.hasOwn(manifest, path) ? manifest[path] : Object.hasOwn(manifest, otherSpelling(path)) ? manifest[otherSpelling(path)] : undefined;
}
