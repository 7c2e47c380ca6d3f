// One content-hashed JavaScript chunk per route (its RouteData, Markdown HTML included) and one route
// manifest per locale (path → chunk URL), which the browser fetches lazily.
import { createHash } from 'node:crypto';
import type { RouteEntry } from '../routes/route-table.ts';
import { manifestFile, type Naming } from './names.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');

export interface RouteChunks {
  files: Map<string, string>;
  /** Public URL of each route's chunk, by route path. */
  chunkOf: Map<string, string>;
  /** Public URL of each locale's manifest. */
  manifestOf: Map<string, string>;
}

export function routeChunks(routes: RouteEntry[], baseUrl: string, htmlOf: (entry: RouteEntry) => string | undefined, naming: Naming = 'hashed'): RouteChunks {
  const files = new Map<string, string>();
  const chunkOf = new Map<string, string>();
  const manifests = new Map<string, Record<string, string>>();
  for (const entry of routes) {
    if (entry.data.kind === 'notFound') continue;
    const data = entry.data.doc ? { ...entry.data, doc: { ...entry.data.doc, html: htmlOf(entry) } } : entry.data;
    // JSON.parse of a string literal is faster for engines than an object literal of the same size.
    const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
    // (Stringifying twice costs ~0.1 ms a page; the browser saves more than that parsing the chunk.)
    const file = `assets/pages/${hash(code)}.js`;
    files.set(file, code);
    chunkOf.set(entry.data.path, baseUrl + file);
    const m = manifests.get(entry.data.locale) ?? {};
    m[entry.data.path] = baseUrl + file;
    manifests.set(entry.data.locale, m);
  }
  const manifestOf = new Map<string, string>();
  for (const [locale, m] of manifests) {
    const json = JSON.stringify(m);
    const file = manifestFile(locale, json, naming);
    files.set(file, json);
    manifestOf.set(locale, baseUrl + file);
  }
  return { files, chunkOf, manifestOf };
}
