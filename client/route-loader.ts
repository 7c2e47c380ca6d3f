// Finds and loads the chunk of a route. The per-locale manifest (path → chunk URL) is fetched lazily, so
// the first load ships nothing that grows with the number of pages.
import type { RouteData } from '../renderer/shared/types.ts';

export class RouteLoader {
  private manifest: Promise<Record<string, string>> | null = null;
  private chunks = new Map<string, Promise<RouteData>>();

  constructor(private readonly manifestUrl: string) {}

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

  async chunkUrl(path: string): Promise<string | undefined> {
    const manifest = await this.loadManifest();
    return manifest[path];
  }

  /** Resolves to the route's data, or rejects (network error, missing chunk). A failure is not cached. */
  load(path: string): Promise<RouteData> {
    let pending = this.chunks.get(path);
    if (!pending) {
      pending = this.chunkUrl(path).then(async (url) => {
        if (!url) throw new Error(`No page at ${path}`);
        const mod = (await import(/* @vite-ignore */ url)) as { default: RouteData };
        return mod.default;
      });
      pending.catch(() => this.chunks.delete(path));
      this.chunks.set(path, pending);
    }
    return pending;
  }

  has(path: string): Promise<boolean> {
    return this.chunkUrl(path).then((u) => u !== undefined, () => false);
  }
}
