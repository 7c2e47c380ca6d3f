// The local engine's per-locale index (see renderer/shared/search-index.ts for its files): records are
// tokenized with the locale's language (folding, stop words, stems), postings are grouped into term
// shards and display data into page chunks of bounded size, each file named by its content hash so it can
// be cached forever. The entry is written under assets/search/, the parts in a folder beside it.
import { createHash } from 'node:crypto';
import { LEVELS } from '../shared/search-hit.ts';
import type { ChunkPage, IndexEntry, IndexSource } from '../shared/search-index.ts';
import { searchLanguageOf } from '../shared/search-lang.ts';
import { commonTerms, PageAnalyser, pagesOf, termsOf, visitPostings, wordsOf, type PageIds, type PageTerms, type PostingSink, type Vocabulary } from './page-terms.ts';
import { PostingsLog } from './postings-log.ts';
import type { SearchRecord } from './records.ts';

/** Raw JSON size a shard or chunk grows to before the next one starts (about a third of it gzipped). */
export const PART_BYTES = { shard: 16_000, chunk: 12_000 };
/** A title word in this share of page titles or more ('Amazon', 'AWS') does not count as part of a name. */
export const COMMON_TITLE_SHARE = 0.2;

export interface BuiltIndex {
  entry: IndexEntry;
  /** File name (in entry.dir) → JSON. */
  parts: Map<string, string>;
  /** What an update of the index needs (index-update.ts); none when the index cannot be updated in place. */
  assembly?: IndexAssembly;
}

/**
 * What the index was assembled from and into, beside its files: a build that changes a few pages updates
 * the index from this (index-update.ts) instead of assembling it from every page's terms again.
 */
export interface IndexAssembly {
  siteUrl: string;
  /** Each page's key (build-search.ts), in order, and its number of records (docs). */
  keys: string[];
  docCounts: Int32Array;
  /** The postings of each term of the entry, as they ship, one term after the other: term i's are flats[offsets[i]] up to flats[offsets[i + 1]]. */
  flats: Int32Array;
  offsets: Int32Array;
  /** Per term of the entry: the number of page titles that hold it; and the number of titles. */
  titleCounts: Int32Array;
  titles: number;
  /** Per word of the entry: the number of pages that have it, and of those where a title, keyword or heading has it. */
  wordPages: Int32Array;
  wordStructuredPages: Int32Array;
  /**
   * Per page: the length of its row's JSON in the chunks (one row per page), so that an update takes the
   * rows of the pages that did not change from the last index's chunks instead of making their records.
   */
  rowLengths: Int32Array;
}

/** Builds a locale's index from its records. */
export function buildLocalIndex(records: SearchRecord[], siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex {
  const analyser = new PageAnalyser(searchLanguageOf(locale));
  return assembleIndex(pagesOf(records).map((page) => ({ records: page, ...analyser.analyseWithIds(page) })), siteUrl, locale, partBytes);
}

/** One page of the index: its records (consecutive, one URL) and their terms (page-terms.ts). */
export interface IndexPage {
  records: SearchRecord[];
  terms: PageTerms;
  /** The terms' and words' numbers, when the page was analysed in this build (not kept from an earlier one). */
  ids?: PageIds | undefined;
}

/** The terms and words of an index's pages, however they were numbered (byIds, byNames). */
interface IndexTerms {
  /** The terms by the index's term ids, and each page's term numbers' ids. */
  termNames: readonly string[];
  ids: ArrayLike<number>[];
  /** The indexed words, sorted; per word, its term's id and on how many pages it is (in a title, keyword or heading on how many). */
  words: string[];
  wordTerms: Int32Array;
  wordPages: Int32Array;
  wordStructured: Int32Array;
}

/**
 * The terms and words of pages all analysed by one analyser, by its numbers: the analyser already knew each
 * one's identity, so nothing is looked up by name per page (a cold build).
 */
function byIds(input: IndexPage[], vocabulary: Vocabulary): IndexTerms {
  const ids = input.map((p) => p.ids!.terms);
  const count = vocabulary.wordNames.length;
  const pages = new Int32Array(count);
  const structured = new Int32Array(count);
  const terms = new Int32Array(count);
  input.forEach((p, i) => {
    const words = p.ids!.words;
    const info = p.terms.wordInfo;
    const pageIds = ids[i]!;
    for (let w = 0; w < words.length; w++) {
      const id = words[w]!;
      pages[id]!++;
      structured[id]! += info[w]! & 1;
      terms[id] = pageIds[info[w]! >> 1]!;
    }
  });
  const wordIds = new Map<string, number>();
  vocabulary.wordNames.forEach((word, id) => pages[id]! > 0 && wordIds.set(word, id));
  const words = [...wordIds.keys()].sort();
  const order = words.map((word) => wordIds.get(word)!);
  return {
    termNames: vocabulary.termNames,
    ids,
    words,
    wordTerms: Int32Array.from(order, (id) => terms[id]!),
    wordPages: Int32Array.from(order, (id) => pages[id]!),
    wordStructured: Int32Array.from(order, (id) => structured[id]!),
  };
}

/** The terms and words of pages whose terms were (some of them) kept from an earlier build: by their names. */
function byNames(input: IndexPage[]): IndexTerms {
  const termNames: string[] = [];
  const termIds = new Map<string, number>();
  const termId = (term: string) => {
    let id = termIds.get(term);
    if (id === undefined) {
      termIds.set(term, (id = termNames.length));
      termNames.push(term);
    }
    return id;
  };
  // Each page's term numbers → the index's term ids.
  const ids = input.map((p) => termsOf(p.terms).map(termId));
  const wordInfo = new Map<string, { term: number; pages: number; structured: number }>();
  input.forEach((p, i) => {
    const words = wordsOf(p.terms);
    const info = p.terms.wordInfo;
    for (let w = 0; w < words.length; w++) {
      const known = wordInfo.get(words[w]!);
      const structured = info[w]! & 1;
      if (!known) wordInfo.set(words[w]!, { term: ids[i]![info[w]! >> 1]!, pages: 1, structured });
      else {
        known.pages++;
        known.structured += structured;
      }
    }
  });
  // The words' infos in the words' order (not objects made again with the word: ~6,000 a locale at 150 pages).
  const words = [...wordInfo.keys()].sort();
  const infos = words.map((word) => wordInfo.get(word)!);
  return {
    termNames,
    ids,
    words,
    wordTerms: Int32Array.from(infos, (w) => w.term),
    wordPages: Int32Array.from(infos, (w) => w.pages),
    wordStructured: Int32Array.from(infos, (w) => w.structured),
  };
}

/**
 * The index of a locale's pages, in order, from each page's terms: whether they were analysed in this build
 * or kept from an earlier one, the index is the same. Terms get small ids so that postings are gathered in
 * arrays rather than looked up by string per occurrence.
 */
export function assembleIndex(input: IndexPage[], siteUrl: string, locale: string, partBytes = PART_BYTES, keys: string[] = []): BuiltIndex {
  // By the analyser's numbers when one analyser made every page's terms, else by name: the index is the same.
  const vocabulary = input[0]?.ids?.vocabulary;
  const found = vocabulary && input.every((p) => p.ids?.vocabulary === vocabulary) ? byIds(input, vocabulary) : byNames(input);
  const { termNames, ids, words } = found;

  const titleCount = new Map<number, number>();
  let titles = 0;
  input.forEach((p, i) => {
    const { docs } = p.terms;
    for (let q = 0; q < docs.length; ) {
      const n = docs[q++]!;
      if (n >= 0) {
        titles++;
        const distinct = new Set<number>();
        for (let j = 0; j < n; j++) distinct.add(ids[i]![docs[q++]!]!);
        for (const t of distinct) titleCount.set(t, (titleCount.get(t) ?? 0) + 1);
      }
      // Past the elements and the postings.
      for (let e = docs[q++]!; e > 0; e--) q += docs[q]! + 1;
      q += docs[q]! + 1;
    }
  });
  const commonIds = [...titleCount].filter(([, n]) => n >= 3 && n >= titles * COMMON_TITLE_SHARE).map(([t]) => t);
  const common = commonIds.map((t) => termNames[t]!).sort();
  // By term id (a typed array: looked up for every term of every element of every record).
  const isCommon = new Uint8Array(termNames.length);
  for (const t of commonIds) isCommon[t] = 1;

  // Postings by term id, as they ship: doc delta, number of codes, the codes; docs come in order. Logged as
  // they come and copied into one array once the terms are sorted (postings-log.ts).
  const log = new PostingsLog(termNames.length);
  const sink = new LogSink(log);
  input.forEach((p, i) => {
    const id = ids[i]!;
    sink.ids = id;
    visitPostings(p.terms, commonTerms(p.terms, (t) => isCommon[id[t]!] === 1), sink);
    sink.first += p.records.length;
  });
  const { lengths } = log;

  // Only terms with postings are indexed, in the order of their names. Sorted without a comparator: the
  // order is the same (UTF-16 code units, the strings are distinct) and the native sort of strings is
  // several times faster than calling a function per comparison.
  const termIds = new Map<string, number>();
  termNames.forEach((term, id) => lengths[id]! > 0 && termIds.set(term, id));
  const terms = [...termIds.keys()].sort();
  const sortedIds = terms.map((term) => termIds.get(term)!);
  const sortedIndex: number[] = [];
  sortedIds.forEach((id, i) => (sortedIndex[id] = i));
  // The terms' postings in one array, in the order of the terms.
  const offsets = new Int32Array(terms.length + 1);
  sortedIds.forEach((id, i) => (offsets[i + 1] = offsets[i]! + lengths[id]!));
  const flat = new Int32Array(offsets[terms.length]!);
  const start = new Int32Array(termNames.length);
  sortedIds.forEach((id, i) => (start[id] = offsets[i]!));
  log.copyInto(flat, start);
  const titleCounts = new Int32Array(terms.length);
  for (const [t, n] of titleCount) titleCounts[sortedIndex[t]!] = n;
  const rows = rowsOf(input.map((p) => p.records), siteUrl);
  const list = rowList(rows);
  const index = indexOf(
    { locale, siteUrl, partBytes, rows: list, terms, offsets, common, words, wordTerm: Array.from(found.wordTerms, (t) => sortedIndex[t]!), wordFlags: Array.from(found.wordStructured, (n) => (n > 0 ? '1' : '0')).join('') },
    (first, last) => shardJson(flat, offsets, first, last),
  );
  // An update finds every title term and every word's term among the terms with postings, and one chunk row
  // per page (so does this, but whatever the pages were made of, an index it could not update is assembled
  // again rather than wrong).
  if (index.entry.wordTerm.some((t) => t === undefined) || [...titleCount.keys()].some((t) => sortedIndex[t] === undefined) || rows.rows.length !== input.length) return index;
  const docCounts = Int32Array.from(input, (p) => p.records.length);
  const { wordPages, wordStructured: wordStructuredPages } = found;
  const rowLengths = list.lengths;
  return { ...index, assembly: { siteUrl, keys, docCounts, flats: flat, offsets, titleCounts, titles, wordPages, wordStructuredPages, rowLengths } };
}

/** A page's postings (visitPostings) into the locale's log, by the index's term ids, docs numbered on. */
class LogSink implements PostingSink {
  /** The page's term numbers' ids (typed as byIds gives them: one type for the field in a cold build), and
   *  its first doc. */
  ids: ArrayLike<number> = new Int32Array(0);
  first = 0;
  /** Per term id, the doc of its last posting (postings hold the delta). */
  private readonly lasts: Int32Array;

  constructor(private readonly log: PostingsLog) {
    this.lasts = new Int32Array(log.lengths.length);
  }

  posting(doc: number, term: number, count: number): void {
    const id = this.ids[term]!;
    this.log.start(id, this.first + doc - this.lasts[id]!, count);
    this.lasts[id] = this.first + doc;
  }

  code(n: number): void {
    this.log.push(n);
  }
}

/**
 * A shard's JSON from postings in one array (term t's from offsets[t] up to offsets[t + 1]): as JSON.stringify
 * writes the terms' postings as arrays. Copied into arrays, a shard at a time: JSON.stringify writes those
 * about twice as fast as a typed array's join.
 */
export function shardJson(flats: Int32Array, offsets: Int32Array, first: number, last: number): string {
  const shard: number[][] = [];
  for (let t = first; t <= last; t++) {
    const flat: number[] = [];
    for (let q = offsets[t]!; q < offsets[t + 1]!; q++) flat.push(flats[q]!);
    shard.push(flat);
  }
  return JSON.stringify(shard);
}

/**
 * The chunks' rows of records (pages, in order): one per run of records with the same path, and each row's
 * first doc less the one before's (IndexEntry's pageDocs).
 */
export function rowsOf(pages: SearchRecord[][], siteUrl: string): { rows: ChunkPage[]; pageDocs: number[] } {
  const rows: ChunkPage[] = [];
  const starts: number[] = [];
  let doc = 0;
  for (const page of pages) {
    for (const r of page) {
      const path = r.url_without_anchor.slice(siteUrl.length);
      let row = rows[rows.length - 1];
      if (!row || row[0] !== path) {
        row = [path, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', []];
        rows.push(row);
        starts.push(doc);
      }
      const rest = LEVELS.slice(2).map((l) => r.hierarchy[l]);
      while (rest.length > 0 && rest[rest.length - 1] === null) rest.pop();
      row[3].push([r.anchor ? encodeURIComponent(r.anchor) : '', r.type, rest, r.content]);
      doc++;
    }
  }
  return { rows, pageDocs: starts.map((d, i) => d - (i > 0 ? starts[i - 1]! : 0)) };
}

/**
 * IndexRows of rows (rowsOf), each made JSON when its length is asked for (indexOf asks in order) and let go
 * once its chunk has it: the rows' JSON is not all held at once. `lengths`: each row's, once asked for.
 */
function rowList({ rows, pageDocs }: { rows: ChunkPage[]; pageDocs: number[] }): IndexRows & { lengths: Int32Array } {
  const json: (string | undefined)[] = [];
  const lengths = new Int32Array(rows.length);
  return {
    count: rows.length,
    pageDocs,
    lengths,
    length: (i) => (lengths[i] = (json[i] ??= JSON.stringify(rows[i])).length),
    json: (i) => {
      const text = json[i] ?? JSON.stringify(rows[i]);
      json[i] = undefined;
      return text;
    },
  };
}

/** The chunks' rows of an index (one per page): their JSON, asked for only for the chunks that are made. */
export interface IndexRows {
  count: number;
  /** Row i's JSON, and its length (known without it). */
  length(i: number): number;
  json(i: number): string;
  /** Each row's first doc less the one before's (IndexEntry's pageDocs). */
  pageDocs: number[];
}

/** What makes a locale's index files, however its postings were assembled. */
export interface IndexContents {
  locale: string;
  siteUrl: string;
  partBytes: typeof PART_BYTES;
  /** The chunks' rows, in order. */
  rows: IndexRows;
  /** The indexed terms, sorted, and where each one's postings start and end (IndexAssembly's offsets). */
  terms: string[];
  offsets: Int32Array;
  common: string[];
  /** The indexed words, sorted, with their term's index and flag (IndexEntry's). */
  words: string[];
  wordTerm: number[];
  wordFlags: string;
}

/**
 * The entry and parts of an index. `shard` gives the JSON of the shard of the terms from `first` to `last`
 * (an update: also its name, when it is the last index's shard as it was); `keptChunk`, the last index's
 * chunk of the rows from `first` to `last` when it is the same (an update).
 */
export function indexOf(c: IndexContents, shard: (first: number, last: number) => string | { name: string; json: string }, keptChunk?: (first: number, last: number) => { name: string; json: string } | undefined): BuiltIndex {
  const { rows, offsets, partBytes } = c;
  const parts = new Map<string, string>();
  const store = (json: string): string => {
    const name = createHash('sha256').update(json).digest('hex').slice(0, 12) + '.json';
    parts.set(name, json);
    return name;
  };

  const shards: IndexEntry['shards'] = [];
  let first = 0;
  let size = 0;
  const count = c.terms.length;
  for (let i = 0; i < count; i++) {
    // About the JSON size: small numbers, most of one or two digits and a comma.
    size += (offsets[i + 1]! - offsets[i]!) * 3 + 3;
    if (size >= partBytes.shard || i === count - 1) {
      const made = shard(first, i);
      if (typeof made === 'string') shards.push([first, store(made)]);
      else {
        parts.set(made.name, made.json);
        shards.push([first, made.name]);
      }
      first = i + 1;
      size = 0;
    }
  }

  const chunks: IndexEntry['chunks'] = [];
  // A chunk's JSON is its rows' JSON in brackets.
  let firstPage = 0;
  size = 0;
  for (let i = 0; i < rows.count; i++) {
    size += rows.length(i);
    if (size >= partBytes.chunk || i === rows.count - 1) {
      const kept = keptChunk?.(firstPage, i);
      if (kept) parts.set(kept.name, kept.json);
      const json: string[] = [];
      if (!kept) for (let r = firstPage; r <= i; r++) json.push(rows.json(r));
      chunks.push([firstPage, kept ? kept.name : store(`[${json.join(',')}]`)]);
      firstPage = i + 1;
      size = 0;
    }
  }

  const entry: IndexEntry = {
    v: 2,
    lang: searchLanguageOf(c.locale),
    dir: `${c.locale}/`,
    pages: rows.count,
    pageDocs: rows.pageDocs,
    words: c.words.join(' '),
    wordTerm: c.wordTerm,
    wordFlags: c.wordFlags,
    terms: c.terms.join(' '),
    common: c.common,
    shards,
    chunks,
  };
  return { entry, parts };
}

export interface IndexFile {
  /** Output path relative to the output folder. */
  file: string;
  /** Public URL. */
  url: string;
  json: string;
}

/** A locale's index as output files: the entry (its URL goes to the browser) and its parts by output path. */
export interface LocaleIndexFiles {
  entry: IndexFile;
  parts: Map<string, string>;
}

/**
 * LocaleIndexFiles as the build's search stage is given it: a part a worker made stays its file's UTF-8 bytes
 * (written as they are; the build cache decodes each to keep it, one at a time): as strings held until
 * written, the 600 × 3 corpus's parts were ~16 M characters, 6.5 M of them two-byte (~23 MB of the build
 * thread's heap), garbage afterwards until its next full collection, at the render's end, where the peak is.
 */
export interface MadeIndexFiles {
  entry: IndexFile;
  parts: Map<string, string | Uint8Array>;
}

/** The index's files with every part as text (for what reads them as text: `serve`'s cache, tests). */
export function indexAsText({ entry, parts }: MadeIndexFiles): LocaleIndexFiles {
  const decoder = new TextDecoder();
  return { entry, parts: new Map([...parts].map(([file, part]) => [file, typeof part === 'string' ? part : decoder.decode(part)])) };
}

/**
 * Where a locale's index entry is written, below the output folder: one name whatever the index holds (the
 * browser revalidates it; its parts are named by content), so that the site data naming it, and every page
 * naming the site data, stays the same when a page's text changes (render/names.ts).
 */
export const indexEntryFile = (locale: string) => `assets/search/index.${locale}.json`;

/** A locale's index as output files. */
export function indexFiles(built: BuiltIndex, locale: string, baseUrl: string): LocaleIndexFiles {
  const json = JSON.stringify(built.entry);
  const file = indexEntryFile(locale);
  const parts = new Map([...built.parts].map(([name, text]) => [`assets/search/${built.entry.dir}${name}`, text]));
  return { entry: { file, url: baseUrl + file, json }, parts };
}

/** Reads a built index from memory, as the browser reads it from files; `onLoad` sees each part loaded. */
export function memorySource(built: BuiltIndex, onLoad?: (file: string, json: string) => void): IndexSource {
  const get = async (file: string) => {
    const json = built.parts.get(file);
    if (json === undefined) throw new Error(`No index part ${file}`);
    onLoad?.(file, json);
    return JSON.parse(json);
  };
  return { entry: built.entry, shard: get, chunk: get };
}
