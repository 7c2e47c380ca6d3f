// One content-hashed JavaScript chunk per route (its RouteData, Markdown HTML included) and one route
// manifest per locale (path → chunk URL), which the browser fetches lazily.
import { createHash } from 'node:crypto';
import { keyHash } from '../cache/key-hash.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { manifestFile } from './names.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');

export interface RouteChunks {
  files: Map<string, string>;
  /**
   * Chunks named from the build cache (with a memo), by file: their code is made only when asked for, which a
   * warm build does only when its output no longer holds the file.
   */
  deferred: Map<string, () => string>;
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
 * The file names of the chunks an earlier build made (the build cache), by a key of what they are made of.
 * Making a chunk serialises its route twice and hashes the result (~0.35 ms a page: 170 ms of a warm build
 * of 465 pages); the key costs one serialisation of the route without its Markdown HTML and one hash of that
 * HTML. Only the name is kept: the code is needed only where the output lacks the file, and keeping every
 * chunk's code (the pages' HTML again, 11 MB at 150 × 3) cost each warm build its reading, and each edit
 * its writing in full.
 */
export interface ChunkMemo {
  get(key: string): string | undefined;
  set(key: string, file: string): void;
  /**
   * A key that stands for a route's Markdown HTML without hashing it (~25 ms of a warm build of 465 pages):
   * the build cache's key of the doc when the route holds the very object the cache returned or stored, whose
   * HTML is therefore the stored one. Undefined for a doc changed since (links retargeted, doc cards filled).
   */
  htmlKeyOf?(doc: object): string | undefined;
}

/**
 * What a chunk is made of: the route's data with its HTML left empty (the key keeps its place among the
 * doc's fields, so the serialisation is the same but for the HTML) and the HTML itself.
 */
function chunkKey(data: RouteEntry['data'], html: () => string | undefined, htmlKey: string | undefined): string {
  const h = keyHash();
  h.update(JSON.stringify(data.doc ? { ...data, doc: { ...data.doc, html: '' } } : data)).update('\0');
  // (Two updates: a concatenation would copy each page's HTML once more.) A route with a key for its HTML
  // has a doc, so HTML: it is not read (a doc from the build cache reads it on demand).
  if (data.doc) {
    if (htmlKey !== undefined) h.update('doc:').update(htmlKey);
    else {
      const text = html();
      if (text === undefined) h.update('none');
      else h.update('html:').update(text);
    }
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

/** A route's chunk, named: its code made now, or (named from the memo) made only if the output lacks it. */
interface NamedChunk {
  file: string;
  code: string | (() => string);
}

function nameChunk(entry: RouteEntry, htmlOf: (entry: RouteEntry) => string | undefined, memo: ChunkMemo | undefined): NamedChunk {
  const html = () => htmlOf(entry);
  const key = memo && chunkKey(entry.data, html, entry.doc && memo.htmlKeyOf?.(entry.doc));
  const known = key === undefined ? undefined : memo!.get(key);
  if (known !== undefined) return { file: known, code: () => madeAs(makeChunk(entry.data, html()), known) };
  const chunk = makeChunk(entry.data, html());
  if (key !== undefined) memo!.set(key, chunk.file);
  return chunk;
}

/** Each locale's manifest (path → chunk URL, in the routes' order) and its public URL. */
function manifestsOf(routes: RouteEntry[], baseUrl: string, chunkOf: (entry: RouteEntry) => string): { files: Map<string, string>; manifestOf: Map<string, string> } {
  const manifests = new Map<string, Record<string, string>>();
  for (const entry of routes) {
    if (entry.data.kind === 'notFound') continue;
    const m = manifests.get(entry.data.locale) ?? {};
    m[entry.data.path] = chunkOf(entry);
    manifests.set(entry.data.locale, m);
  }
  const files = new Map<string, string>();
  const manifestOf = new Map<string, string>();
  for (const [locale, m] of manifests) {
    const file = manifestFile(locale);
    files.set(file, JSON.stringify(m));
    manifestOf.set(locale, baseUrl + file);
  }
  return { files, manifestOf };
}

export function routeChunks(routes: RouteEntry[], baseUrl: string, htmlOf: (entry: RouteEntry) => string | undefined, memo?: ChunkMemo): RouteChunks {
  const files = new Map<string, string>();
  const deferred = new Map<string, () => string>();
  const chunkOf = new Map<string, string>();
  const urls = new Map<RouteEntry, string>();
  for (const entry of routes) {
    if (entry.data.kind === 'notFound') continue;
    const { file, code } = nameChunk(entry, htmlOf, memo);
    if (typeof code === 'string') files.set(file, code);
    else deferred.set(file, code);
    chunkOf.set(entry.data.path, baseUrl + file);
    urls.set(entry, baseUrl + file);
  }
  const manifests = manifestsOf(routes, baseUrl, (entry) => urls.get(entry)!);
  for (const [k, v] of manifests.files) files.set(k, v);
  return { files, deferred, chunkOf, manifestOf: manifests.manifestOf };
}

/** What a page's cache keys read of the route chunks: the URL of the chunk of the route at a path. */
export interface RouteChunkNames {
  get(path: string): string | undefined;
}

/**
 * The route chunks of a build whose output keeps nothing (cold, or without the build cache), each made when
 * first asked for — by its page's cache keys, or as its page is written — rather than all before the first
 * page (150 × 3 corpus: 462 chunks, 5.5 MB, whose burst overran the writer's in-flight limit while the pool's
 * worker waited for its first search job). The manifests name chunks only: their files have fixed names,
 * so the site data does not wait for them, and they are written once the last page is (`finish`).
 */
export class RouteChunksAsRendered implements RouteChunkNames {
  /** Public URL of each locale's manifest. */
  readonly manifestOf: Map<string, string>;
  private readonly urls = new Map<RouteEntry | object, string>();
  private readonly byPath = new Map<string, RouteEntry>();

  constructor(
    private readonly routes: RouteEntry[],
    private readonly baseUrl: string,
    private readonly htmlOf: (entry: RouteEntry) => string | undefined,
    private readonly memo: ChunkMemo | undefined,
    /** Takes each chunk's file as it is named (its code, or how to make it when the output lacks the file). */
    private readonly put: (file: string, code: string | (() => string)) => void,
  ) {
    const locales = new Set<string>();
    for (const entry of routes) {
      if (entry.data.kind === 'notFound') continue;
      // (The last route of a path names its chunk, as routeChunks' map has it.)
      this.byPath.set(entry.data.path, entry);
      locales.add(entry.data.locale);
    }
    this.manifestOf = new Map([...locales].map((locale) => [locale, baseUrl + manifestFile(locale)]));
  }

  get(path: string): string | undefined {
    const entry = this.byPath.get(path);
    return entry && this.of(entry);
  }

  /** The URL of `entry`'s chunk, made and put now if it was not yet (none for a 404 page). */
  of(entry: RouteEntry | { data: RouteEntry['data'] }): string | undefined {
    if (entry.data.kind === 'notFound') return undefined;
    let url = this.urls.get(entry);
    if (url === undefined) {
      const { file, code } = nameChunk(entry as RouteEntry, this.htmlOf, this.memo);
      this.put(file, code);
      this.urls.set(entry, (url = this.baseUrl + file));
    }
    return url;
  }

  /** Makes the chunks no one asked for, and returns the manifests' files with every chunk's URL by path. */
  finish(): RouteChunks {
    const chunkOf = new Map<string, string>();
    for (const entry of this.routes) {
      const url = this.of(entry);
      if (url !== undefined) chunkOf.set(entry.data.path, url);
    }
    const { files } = manifestsOf(this.routes, this.baseUrl, (entry) => this.urls.get(entry)!);
    return { files, deferred: new Map(), chunkOf, manifestOf: this.manifestOf };
  }
}

/** The code of a chunk made again for the name the memo gave: the same name, or the cache was wrong. */
function madeAs(chunk: RouteChunk, file: string): string {
  if (chunk.file !== file) throw new Error(`The build cache named a route chunk ${file}, but its code hashes to ${chunk.file}: delete the cache folder (or build with --no-cache).`);
  return chunk.code;
}
