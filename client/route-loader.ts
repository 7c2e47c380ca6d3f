// Finds and loads the chunk of a route. The per-locale manifest (path → chunk URL) is fetched lazily, so
// the first load ships nothing that grows with the number of pages. It keeps one name across deploys while
// the chunks it lists are renamed by every edit of their page (and the old ones removed), so it is
// revalidated with the server (`no-cache`: a conditional request, answered 304 when unchanged) before a
// page not loaded yet is shown: a visitor who opened a page before a deploy gets the new chunks.
import type { RouteData } from '../renderer/shared/types.ts';
import { importChunk } from './import-chunk.ts';
import { otherSpelling } from '../renderer/shared/locale-urls.ts';

export class RouteLoader {
  /** The manifest as last asked for (settled or not). */
  private manifest: Promise<Record<string, string>> | null = null;
  /** The manifest as last received, used when asking again fails (offline: chunks in the HTTP cache still load). */
  private received: Record<string, string> | null = null;
  /** The request for the manifest on its way, if any: a second asker shares it. */
  private asking: Promise<Record<string, string>> | null = null;
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

  /** The manifest as known (prefetching may use one a deploy made stale: a wasted request at worst). */
  loadManifest(): Promise<Record<string, string>> {
    return this.manifest ?? this.askManifest();
  }

  /** The manifest as the server has it now. */
  private freshManifest(): Promise<Record<string, string>> {
    return this.asking ?? this.askManifest();
  }

  private askManifest(): Promise<Record<string, string>> {
    const previous = this.received;
    const asked = fetch(this.manifestUrl, { cache: 'no-cache' })
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status} for ${this.manifestUrl}`);
        return r.json() as Promise<Record<string, string>>;
      })
      .then(
        (manifest) => (this.received = manifest),
        (err: unknown) => {
          if (previous) return previous;
          if (this.manifest === asked) this.manifest = null;
          throw err;
        },
      )
      .finally(() => {
        if (this.asking === asked) this.asking = null;
      });
    this.manifest = this.asking = asked;
    return asked;
  }

  /** Resolves to the route's data, or rejects (network error, missing chunk). A failure is not cached. */
  load(path: string): Promise<RouteData> {
    let pending = this.chunks.get(path);
    if (!pending) {
      pending = this.freshManifest().then(async (manifest) => {
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
