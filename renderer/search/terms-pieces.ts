// A locale's kept terms (LocaleTerms: every page's terms and the index as assembled), and its index files,
// serialised in pieces of ~48 KB rather than as one buffer: on the 150 × 3 corpus one locale's is 4.8 MB
// (13–25 MB at 600 × 3), and a buffer that large, once freed, makes glibc's malloc keep what every thread frees
// afterwards (cache/pieces.ts). The worker that analysed the pages serialises them so; the build's thread
// passes the pieces on to the cache unread, which writes them one after the other into one entry. No module of
// the search analysis is imported here: the build cache reads the entry back with `assembleTerms`.
import { deserialize } from 'node:v8';
import { keyDigest } from '../cache/key-hash.ts';
import { deserializePieces, PIECE_BYTES, serializeInPieces } from '../cache/pieces.ts';
import type { LocaleTerms } from './build-search.ts';
import type { IndexAssembly, LocaleIndexFiles } from './local-index.ts';
import type { PageTerms } from './page-terms.ts';

/**
 * One item of the pieces, in this order: the index's entry and assembly (its postings apart), the postings,
 * its parts, the pages.
 */
type Item =
  | ['entry', unknown]
  | ['assembly', Omit<IndexAssembly, 'flats'>, number]
  | ['flats', Int32Array]
  | ['part', string, string]
  | ['page', string, PageTerms];

/** Numbers of the postings per item: 12 K numbers are 48 KB (PIECE_BYTES). */
const FLATS_PER_ITEM = 12 * 1024;

export function termsPieces(terms: LocaleTerms): Uint8Array[] {
  return serializeInPieces(items(terms), sizeOf);
}

function* items({ pages, index }: LocaleTerms): Generator<Item> {
  if (index) {
    const { flats, ...assembly } = index.assembly;
    yield ['entry', index.entry];
    yield ['assembly', assembly, flats.length];
    for (let at = 0; at < flats.length; at += FLATS_PER_ITEM) yield ['flats', flats.slice(at, at + FLATS_PER_ITEM)];
    for (const [name, text] of index.parts) yield ['part', name, text];
  }
  for (const [key, page] of pages) yield ['page', key, page];
}

/** About what an item serialises to (a string counted at two bytes a character: it may be two-byte). */
function sizeOf(item: Item): number {
  switch (item[0]) {
    case 'flats':
      return item[1].byteLength;
    case 'part':
      return 2 * item[2].length;
    case 'page': {
      const p = item[2];
      return 2 * (p.terms.length + p.words.length) + p.wordInfo.byteLength + p.docs.byteLength + 64;
    }
    default:
      // The entry and the assembly's small arrays: each in a piece of its own or nearly (sizes unknown here).
      return 48 * 1024;
  }
}

/** The LocaleTerms `termsPieces` made, from its pieces deserialised; undefined when they do not make one. */
export function assembleTerms(pieces: Uint8Array[]): LocaleTerms | undefined {
  const pages = new Map<string, PageTerms>();
  const parts = new Map<string, string>();
  let entry: unknown;
  let assembly: Omit<IndexAssembly, 'flats'> | undefined;
  let flats: Int32Array | undefined;
  let filled = 0;
  for (const item of deserializePieces<Item>(pieces)) {
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
      case 'part':
        parts.set(item[1], item[2]);
        break;
      case 'page':
        pages.set(item[1], item[2]);
        break;
      default:
        return undefined;
    }
  }
  if (entry === undefined) return { pages };
  if (!assembly || !flats || filled !== flats.length) return undefined;
  return { pages, index: { entry: entry as NonNullable<LocaleTerms['index']>['entry'], assembly: { ...assembly, flats }, parts } };
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

/** One item of an index's pieces: its head (the first piece, alone), the entry's JSON in slices, each part. */
type IndexItem = ['head', IndexHead] | ['json', string] | ['part', string, string];

/** Characters of the entry's JSON per item (its parts are ~20 KB each already). */
const JSON_PER_ITEM = 16 * 1024;

/** A locale's index files (LocaleIndexFiles) in pieces, as the build cache keeps them (see assembleIndexFiles). */
export function indexPieces({ entry, parts }: LocaleIndexFiles): Uint8Array[] {
  const head: IndexHead = { file: entry.file, url: entry.url, digest: keyDigest(entry.json), parts: [...parts.keys()] };
  function* items(): Generator<IndexItem> {
    yield ['head', head];
    for (let at = 0; at < entry.json.length; at += JSON_PER_ITEM) yield ['json', entry.json.slice(at, at + JSON_PER_ITEM)];
    for (const [file, json] of parts) yield ['part', file, json];
  }
  // The head counted as a whole piece: it stays alone in the first, which indexHead reads.
  return serializeInPieces(items(), (item) => (item[0] === 'head' ? PIECE_BYTES : 2 * (item[0] === 'json' ? item[1].length : item[2].length)));
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

/** The index files of an entry's pieces; undefined when they do not make the files their head names. */
export function assembleIndexFiles(pieces: Uint8Array[]): LocaleIndexFiles | undefined {
  const head = pieces[0] && indexHead(pieces[0]);
  if (!head) return undefined;
  let json = '';
  const parts = new Map<string, string>();
  for (const item of deserializePieces<IndexItem>(pieces.slice(1))) {
    if (item[0] === 'json') json += item[1];
    else if (item[0] === 'part') parts.set(item[1], item[2]);
    else return undefined;
  }
  if (parts.size !== head.parts.length || !head.parts.every((f) => parts.has(f))) return undefined;
  return { entry: { file: head.file, url: head.url, json }, parts };
}
