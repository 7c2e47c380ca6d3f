// A locale's kept terms (LocaleTerms: every page's terms and the index as assembled), and its index files,
// serialised in pieces of ~48 KB rather than as one buffer: on the 150 × 3 corpus one locale's is 4.8 MB
// (13–25 MB at 600 × 3), and a buffer that large, once freed, makes glibc's malloc keep what every thread frees
// afterwards (cache/pieces.ts). The worker that analysed the pages serialises them so; the build's thread
// passes the pieces on to the cache unread. The build cache keeps them as a head (the buckets' names and keys,
// then the index as assembled, less its parts: the index entry holds those, and the head names it) and the
// pages' terms in TERM_BUCKETS buckets by page key, each an entry of its own: a build that changes one page
// reads and writes one or two buckets, not every page's terms. No module of the search analysis is imported
// here: the build cache reads the entries back with `assembleTermsHead` and `assembleBucket`.
import { deserialize } from 'node:v8';
import { keyDigest } from '../cache/key-hash.ts';
import { deserializePieces, PIECE_BYTES, serializeInPieces } from '../cache/pieces.ts';
import type { LocaleTerms } from './build-search.ts';
import type { IndexEntry } from '../shared/search-index.ts';
import type { AssembledIndex } from './index-update.ts';
import type { IndexAssembly, LocaleIndexFiles, MadeIndexFiles } from './local-index.ts';
import type { PageTerms, SerializedPageTerms } from './page-terms.ts';

/**
 * One item of a locale's terms head, in this order: its buckets (alone in the first piece: the names of the
 * bucket entries and the page keys in each, read alone to keep them), the index's entry and assembly (its
 * postings apart), the postings, and last, in a piece of its own, the key of the index entry that holds the
 * index's parts (`partsPiece`: added by the build cache, which alone knows the key). The parts are not in the
 * head: ~2.1 MB a locale at 150 × 3, they were written there and in the index entry by every build that made
 * the locale's index.
 */
type Item =
  | ['buckets', string[], string[][]]
  | ['entry', unknown]
  | ['assembly', Omit<IndexAssembly, 'flats'>, number]
  | ['flats', Int32Array]
  | ['parts', string];

/** One item of a bucket entry: a page's terms by its key. */
type BucketItem = ['page', string, PageTerms];

/** Numbers of the postings per item: 12 K numbers are 48 KB (PIECE_BYTES). */
const FLATS_PER_ITEM = 12 * 1024;

/**
 * Buckets of a locale's page terms: each is an entry of its own (~57 KB a bucket at 150 × 3, ~1.8 MB in all),
 * so a build that changes one page reads the one or two buckets its old and new keys fall in, and writes only
 * those: the others keep their entries, named by the page keys they hold.
 */
export const TERM_BUCKETS = 32;

/** The bucket of a page key (a hash of it: page keys are hashes already, but need not be base64url). */
export function bucketOf(pageKey: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < pageKey.length; i++) h = Math.imul(h ^ pageKey.charCodeAt(i), 0x01000193);
  return (h >>> 0) % TERM_BUCKETS;
}

/**
 * What a locale's kept terms look up pages by: a Map, or the pages of the build cache's buckets (each read
 * when a key in it is first asked for), or makeIndex's pages (each analysed when first asked for).
 */
export interface PageTermsLookup {
  readonly size: number;
  has(key: string): boolean;
  get(key: string): PageTerms | undefined;
  keys(): Iterable<string>;
}

/**
 * A locale's page keys in buckets (bucketOf), each in page order, and each bucket's name (its keys' digest).
 */
export function bucketsOf(keys: Iterable<string>): { name: string; keys: string[] }[] {
  const buckets: string[][] = Array.from({ length: TERM_BUCKETS }, () => []);
  for (const key of keys) buckets[bucketOf(key)]!.push(key);
  return buckets.filter((b) => b.length > 0).map((b) => ({ name: keyDigest(b.join('\0')), keys: b }));
}

/**
 * A locale's kept terms as the build cache stores them: the head (buckets, index) in pieces, and each bucket's
 * pages in pieces, made only when asked for (a bucket the cache has under its name is not serialised).
 */
export interface TermsLayout {
  head: Uint8Array[];
  buckets: { name: string; keys: string[]; pieces(): Uint8Array[] }[];
}

export function termsLayout({ pages, index }: LocaleTerms): TermsLayout {
  const buckets = bucketsOf(pages.keys());
  return {
    head: serializeInPieces(headItems(buckets, index), sizeOf),
    buckets: buckets.map((b) => ({ ...b, pieces: () => serializeInPieces(b.keys.map((key): BucketItem => ['page', key, pages.get(key)!]), pageSize) })),
  };
}

/**
 * The kept terms serialised whole (a worker's: SerializedPageTerms), the head's pieces first, then each
 * bucket's; `buckets` says where each bucket's pieces are.
 */
export function termsPieces(terms: LocaleTerms): Pick<SerializedPageTerms, 'pieces' | 'head' | 'buckets'> {
  const layout = termsLayout(terms);
  const pieces = [...layout.head];
  const buckets = layout.buckets.map(({ name, pieces: of }) => {
    const from = pieces.length;
    pieces.push(...of());
    return { name, from, to: pieces.length };
  });
  return { pieces, head: layout.head.length, buckets };
}

function* headItems(buckets: { name: string; keys: string[] }[], index: LocaleTerms['index']): Generator<Item> {
  yield ['buckets', buckets.map((b) => b.name), buckets.map((b) => b.keys)];
  if (index) {
    const { flats, ...assembly } = index.assembly;
    yield ['entry', index.entry];
    yield ['assembly', assembly, flats.length];
    for (let at = 0; at < flats.length; at += FLATS_PER_ITEM) yield ['flats', flats.slice(at, at + FLATS_PER_ITEM)];
  }
}

/** The last piece of a terms head: the key of the build cache's index entry that holds the index's parts. */
export const partsPiece = (indexKey: string): Uint8Array => serializeInPieces<Item>([['parts', indexKey]], () => PIECE_BYTES)[0]!;

/** About what an item serialises to (a string counted at two bytes a character: it may be two-byte). */
function sizeOf(item: Item): number {
  switch (item[0]) {
    case 'flats':
      return item[1].byteLength;
    default:
      // The buckets, the entry and the assembly's small arrays: each in a piece of its own or nearly.
      return PIECE_BYTES;
  }
}

const pageSize = ([, , p]: BucketItem) => 2 * (p.terms.length + p.words.length) + p.wordInfo.byteLength + p.docs.byteLength + 64;

/**
 * A locale's terms head as the build cache reads it: its buckets, the index as assembled less its parts, and
 * the key of the index entry that holds them (`partsIn`).
 */
export interface TermsHead {
  buckets: { name: string; keys: string[] }[];
  index?: Omit<AssembledIndex, 'parts'>;
  partsIn?: string;
}

/** The buckets a terms head's first piece names; undefined when it is not one. */
export function termsBuckets(first: Uint8Array): TermsHead['buckets'] | undefined {
  try {
    const items = deserialize(first) as unknown;
    if (!Array.isArray(items) || items.length !== 1) return undefined;
    return bucketsItem(items[0]);
  } catch {
    return undefined;
  }
}

function bucketsItem(item: unknown): TermsHead['buckets'] | undefined {
  if (!Array.isArray(item) || item[0] !== 'buckets') return undefined;
  const [, names, keys] = item as [string, unknown, unknown];
  if (!Array.isArray(names) || !Array.isArray(keys) || names.length !== keys.length) return undefined;
  if (!names.every(isString) || !keys.every((k) => Array.isArray(k) && k.every(isString))) return undefined;
  return names.map((name: string, i) => ({ name, keys: keys[i] as string[] }));
}

/** The TermsHead `termsLayout` made, from its pieces; undefined when they do not make one. */
export function assembleTermsHead(pieces: Uint8Array[]): TermsHead | undefined {
  const buckets = pieces[0] && termsBuckets(pieces[0]);
  if (!buckets) return undefined;
  let partsIn: string | undefined;
  let entry: unknown;
  let assembly: Omit<IndexAssembly, 'flats'> | undefined;
  let flats: Int32Array | undefined;
  let filled = 0;
  for (const item of deserializePieces<Item>(pieces.slice(1))) {
    switch (item[0]) {
      case 'entry':
        entry = item[1];
        break;
      case 'assembly':
        assembly = item[1];
        flats = new Int32Array(item[2]);
        break;
      case 'flats':
        if (!flats || filled + item[1].length > flats.length) return undefined;
        flats.set(item[1], filled);
        filled += item[1].length;
        break;
      case 'parts':
        if (!isString(item[1])) return undefined;
        partsIn = item[1];
        break;
      default:
        return undefined;
    }
  }
  if (entry === undefined) return { buckets };
  if (!assembly || !flats || filled !== flats.length) return undefined;
  return { buckets, index: { entry: entry as IndexEntry, assembly: { ...assembly, flats } }, ...(partsIn === undefined ? {} : { partsIn }) };
}

/**
 * The parts of an index as AssembledIndex holds them (by their names in the entry's folder), from the index's
 * files; undefined unless the files have every shard and chunk the entry names (they are not that entry's).
 */
export function partsOf(files: LocaleIndexFiles, entry: IndexEntry): Map<string, string> | undefined {
  if (!Array.isArray(entry.shards) || !Array.isArray(entry.chunks)) return undefined;
  // The parts' files are below the folder of the entry's file (local-index.ts, indexFiles).
  const base = files.entry.file.slice(0, files.entry.file.lastIndexOf('/') + 1) + entry.dir;
  const parts = new Map<string, string>();
  for (const [, name] of [...entry.shards, ...entry.chunks]) {
    const json = files.parts.get(base + name);
    if (json === undefined) return undefined;
    parts.set(name, json);
  }
  return parts;
}

/** A bucket's pages from its pieces; undefined when they are not a bucket's. */
export function assembleBucket(pieces: Uint8Array[]): Map<string, PageTerms> | undefined {
  const pages = new Map<string, PageTerms>();
  for (const item of deserializePieces<BucketItem>(pieces)) {
    if (item[0] !== 'page') return undefined;
    pages.set(item[1], item[2]);
  }
  return pages;
}

/**
 * Kept terms serialised by a worker (termsPieces), whole again, the index's parts taken from its files: for a
 * cache that keeps them in memory.
 */
export function assembleTerms({ pieces, head, buckets }: Pick<SerializedPageTerms, 'pieces' | 'head' | 'buckets'>, files: LocaleIndexFiles): LocaleTerms | undefined {
  const top = assembleTermsHead(pieces.slice(0, head));
  if (!top) return undefined;
  const parts = top.index && partsOf(files, top.index.entry);
  const pages = new Map<string, PageTerms>();
  for (const b of buckets) {
    const bucket = assembleBucket(pieces.slice(b.from, b.to));
    if (!bucket) return undefined;
    for (const [key, page] of bucket) pages.set(key, page);
  }
  return { pages, ...(top.index && parts ? { index: { ...top.index, parts } } : {}) };
}

/**
 * What an index entry of the build cache says of its files before they are read (its first piece): the
 * entry's file, URL and digest (keyDigest of its JSON), and the names of its parts. A build whose output
 * holds these files already keeps them without reading the rest (build-search.ts).
 */
export interface IndexHead {
  file: string;
  url: string;
  digest: string;
  parts: string[];
}

/** One item of an index's pieces: its head (the first piece, alone), then the entry's JSON in slices. */
type IndexItem = ['head', IndexHead] | ['json', string];

/** Characters of the entry's JSON per item. */
const JSON_PER_ITEM = 16 * 1024;

/**
 * A locale's index entry in pieces, as the build cache keeps it (see assembleIndexFiles): its head and the
 * entry's JSON, not its parts. Those (~2.1 MB a locale at 150 × 3, named by content) are kept by the cache
 * as entries of their own: an edit of one page changes a few shards and one chunk, and the cache writes
 * those, not every part again.
 */
export function indexPieces({ entry, parts }: MadeIndexFiles): Uint8Array[] {
  const head: IndexHead = { file: entry.file, url: entry.url, digest: keyDigest(entry.json), parts: [...parts.keys()] };
  function* items(): Generator<IndexItem> {
    yield ['head', head];
    for (let at = 0; at < entry.json.length; at += JSON_PER_ITEM) yield ['json', entry.json.slice(at, at + JSON_PER_ITEM)];
  }
  // The head counted as a whole piece: it stays alone in the first, which indexHead reads.
  return serializeInPieces(items(), (item) => (item[0] === 'head' ? PIECE_BYTES : 2 * item[1].length));
}

/** The head of an index entry from its first piece; undefined when it is not one. */
export function indexHead(first: Uint8Array): IndexHead | undefined {
  try {
    const items = deserialize(first) as unknown;
    if (!Array.isArray(items) || items.length !== 1) return undefined;
    const [kind, head] = items[0] as [unknown, IndexHead | undefined];
    const ok = kind === 'head' && isString(head?.file) && isString(head.url) && isString(head.digest) && Array.isArray(head.parts) && head.parts.every(isString);
    return ok ? head : undefined;
  } catch {
    return undefined;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * The index files of an entry's pieces (indexPieces), each part the head names given by `partOf` (by its
 * output path); undefined when they do not make the files their head names.
 */
export function assembleIndexFiles(pieces: Uint8Array[], partOf: (file: string) => string | undefined): LocaleIndexFiles | undefined {
  const head = pieces[0] && indexHead(pieces[0]);
  if (!head) return undefined;
  let json = '';
  for (const item of deserializePieces<IndexItem>(pieces.slice(1))) {
    if (item[0] === 'json' && isString(item[1])) json += item[1];
    else return undefined;
  }
  // Every part asked for, even past one that is missing: the cache notes each that does not read back.
  const parts = new Map<string, string>();
  for (const file of head.parts) {
    const part = partOf(file);
    if (part !== undefined) parts.set(file, part);
  }
  return parts.size === head.parts.length ? { entry: { file: head.file, url: head.url, json }, parts } : undefined;
}
