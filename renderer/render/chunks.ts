// One content-hashed JavaScript chunk per route (its RouteData, Markdown HTML included) and one route
// manifest per locale (path → chunk URL), which the browser fetches lazily.
import { createHash } from 'node:crypto';
import { keyHash } from '../cache/key-hash.ts';
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

/** A route's chunk: its file (relative to the output folder) and its code. */
export interface RouteChunk {
  file: string;
  code: string;
}

/**
 * Chunks made by an earlier build (the build cache), by a key of what they are made of. Making a chunk
 * serialises its route twice and hashes the result (~0.35 ms a page: 170 ms of a warm build of 465 pages);
 * the key costs one serialisation of the route without its Markdown HTML and one hash of that HTML.
 */
export interface ChunkMemo {
  get(key: string): RouteChunk | undefined;
  set(key: string, chunk: RouteChunk): void;
}

/**
 * What a chunk is made of: the route's data with its HTML left empty (the key keeps its place among the
 * doc's fields, so the serialisation is the same but for the HTML) and the HTML itself.
 */
function chunkKey(data: RouteEntry['data'], html: string | undefined): string {
  const h = keyHash();
  h.update(JSON.stringify(data.doc ? { ...data, doc: { ...data.doc, html: '' } } : data)).update('\0');
  // (Two updates: a concatenation would copy each page's HTML once more.)
  if (data.doc) {
    if (html === undefined) h.update('none');
    else h.update('html:').update(html);
  }
  return h.digest('base64url');
}

function makeChunk(data: RouteEntry['data'], html: string | undefined): RouteChunk {
  const full = data.doc ? { ...data, doc: { ...data.doc, html } } : data;
  // JSON.parse of a string literal is faster for engines than an object literal of the same size.
  const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(full))});\n`;
  // (Stringifying twice costs ~0.1 ms a page; the browser saves more than that parsing the chunk.)
  return { file: `assets/pages/${hash(code)}.js`, code };
}

export function routeChunks(routes: RouteEntry[], baseUrl: string, htmlOf: (entry: RouteEntry) => string | undefined, naming: Naming = 'hashed', memo?: ChunkMemo): RouteChunks {
  const files = new Map<string, string>();
  const chunkOf = new Map<string, string>();
  const manifests = new Map<string, Record<string, string>>();
  for (const entry of routes) {
    if (entry.data.kind === 'notFound') continue;
    const html = htmlOf(entry);
    let chunk: RouteChunk;
    if (memo) {
      const key = chunkKey(entry.data, html);
      const known = memo.get(key);
      chunk = known ?? makeChunk(entry.data, html);
      if (!known) memo.set(key, chunk);
    } else chunk = makeChunk(entry.data, html);
    files.set(chunk.file, chunk.code);
    chunkOf.set(entry.data.path, baseUrl + chunk.file);
    const m = manifests.get(entry.data.locale) ?? {};
    m[entry.data.path] = baseUrl + chunk.file;
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
