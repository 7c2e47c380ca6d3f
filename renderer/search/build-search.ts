// The search stage: per locale, the settings the browser needs, the local index (when Algolia is not
// configured), the OpenSearch description and the <link rel="search"> every page's head carries.
import type { LoadedConfig } from '../config/load.ts';
import type { RouteEntry, RouteTable } from '../routes/route-table.ts';
import type { LocaleInfo, SearchSettings } from '../shared/types.ts';
import { localeBase } from '../shared/locale-urls.ts';
import { createHash } from 'node:crypto';
import { keyHash } from '../cache/key-hash.ts';
import { searchLanguageOf } from '../shared/search-lang.ts';
import { assembleIndex, indexEntryFile, indexFiles, PART_BYTES, type IndexPage, type LocaleIndexFiles, type MadeIndexFiles } from './local-index.ts';
import { updateIndex, type AssembledIndex } from './index-update.ts';
import { termsPieces, type IndexHead, type PageTermsLookup } from './terms-pieces.ts';
import { isSerialized, PageAnalyser, pagesOf, type PageIds, type PageTerms, type SerializedPageTerms } from './page-terms.ts';
import { openSearchLink, openSearchXml } from './opensearch.ts';
import { docsTagOf, pagePlaceOf, pageRecords, searchPages, type SearchRecord } from './records.ts';

export interface SearchAssets {
  files: Map<string, string>;
  settings: Map<string, SearchSettings>;
  extraHead: (locale: string) => string;
  /**
   * Index files still being made (the build, on its worker threads while pages render: their settings
   * already name them), one promise per locale's index; the caller writes each locale's files as they come.
   */
  pending?: Promise<Map<string, string | Uint8Array>>[];
  /**
   * Index files of the build cache not read yet (IndexCache.head), by file: each read only if the output
   * lacks it; `digest`, the entry's (keyDigest of its JSON), keys it as its bytes would (parts are named by
   * their content).
   */
  lazyFiles?: Map<string, LazyFile>;
}

export interface LazyFile {
  content(): string;
  digest?: string;
}

/** The route of the search page below a locale's base (the route table always has it). */
export const SEARCH_PAGE_PATH = 'search';

/** A store of built indexes (the build cache), by a key of the locale and everything the index is made from. */
export interface IndexCache {
  /** The key of a locale's index, from its digest (IndexJob's: what the index is made from). */
  keyOf(locale: string, digest: string): string;
  get(key: string): LocaleIndexFiles | undefined;
  /**
   * What get() would give, its head only (the files' names, the entry's URL and digest), and `read()` for the
   * files, which gives undefined if the entry no longer reads back by then (the index is then made again).
   */
  head?(key: string): (IndexHead & { read(): LocaleIndexFiles | undefined }) | undefined;
  set(key: string, index: MadeIndexFiles): void;
  /** The terms of the locale's pages kept by the last build that made its index, and that index. */
  pageTerms(locale: string): LocaleTerms;
  /**
   * Keeps the terms of the locale's pages and its index for the next build; `analysed` of the pages were
   * analysed by this one (read after the terms are kept: a page whose kept terms did not read back is
   * analysed when they are asked for), and `updated`: the index was updated from the last one
   * (index-update.ts). The index's parts are not kept with the terms: the next build takes them from the
   * index's files, `made.index`, kept by set() under `indexKey`.
   */
  setPageTerms(locale: string, made: KeptTerms, indexKey?: string): void;
  /** The locale's index came from the cache: the terms of its pages stay as they are. */
  keepPageTerms(locale: string): void;
  /**
   * A key of everything a doc of the locale was made from (the build cache's: its source and its job; the
   * site's file list and the code, which every doc depends on, key recordKeys' entry), when the cache knows
   * it; with recordKeys, it saves making the records of a page that did not change only to hash them.
   */
  docKey?(locale: string, relPath: string): string | undefined;
  /** The page keys (pageKeyOf) of the locale's pages at the last build, by their doc's key and place (pageKeysOf). */
  recordKeys?(locale: string): Map<string, string>;
  /** Keeps this build's page keys by doc key and place for the next build. */
  setRecordKeys?(locale: string, keys: Map<string, string>): void;
}

/**
 * What a build keeps of a locale's index for the next one: the terms of its pages by page key (pageKeyOf),
 * so that only changed pages are analysed again, and the index as assembled, so that it is updated rather
 * than assembled again from every page (index-update.ts).
 */
export interface LocaleTerms {
  pages: PageTermsLookup;
  index?: AssembledIndex;
}

/** What setPageTerms keeps of a made index. */
export type KeptTerms = Pick<MadeIndex, 'terms' | 'analysed' | 'updated'> & { index: MadeIndexFiles };

/** What one locale's local index is made from. */
export interface IndexJob {
  locale: string;
  records: SearchRecord[];
  siteUrl: string;
  baseUrl: string;
  /** The records and URLs as JSON: what a worker thread is sent ('' when not needed). */
  input: string;
  /** A digest of what the index is made from (indexDigest): the build cache's key. */
  digest?: string;
  /** With the build cache: each page's key (records.ts's pages, in order), by which its terms are kept. */
  pageKeys?: string[];
  /** Terms of pages analysed by an earlier build, by page key (those pages are not analysed again), and its index. */
  known?: LocaleTerms;
}

/** A locale's index, and (when the job had page keys) the terms of its pages by key. */
export interface MadeIndex {
  index: LocaleIndexFiles;
  /** As kept for the next build; serialised when made on a worker (withSerializedTerms). */
  terms: LocaleTerms | SerializedPageTerms;
  /** Pages whose terms were made here rather than taken from `known` (so far: see setPageTerms). */
  readonly analysed: number;
  /** The index was updated from `known`'s rather than assembled from every page. */
  updated: boolean;
}

/**
 * What another thread is sent to make a locale's index (makeIndexFromInput): the records travel as JSON only,
 * in UTF-8 pieces handed over rather than copied, each piece a JSON array of whole pages' records
 * (RecordPieces), so that they are parsed a piece at a time.
 */
export type IndexInput = Pick<IndexJob, 'locale' | 'pageKeys' | 'siteUrl' | 'baseUrl'> & { input: Uint8Array[] };

/** A made index as a builder gives it back: its parts as text, or as a worker sent them (MadeIndexFiles). */
export type IndexFromBuilder = Omit<MadeIndex, 'index'> & { index: MadeIndexFiles };

/**
 * Builds local indexes (on several threads in a build: renderer/workers/pool.ts): one promise per job, in job
 * order, each settled as soon as its index is made. It owns `jobs`: each is let go once a thread has it, so a
 * locale's JSON is not held while the others' are made.
 */
export type IndexBuilder = (jobs: IndexInput[]) => Promise<IndexFromBuilder>[];

/**
 * A digest of what a locale's index is made from: the code that makes it (`codeKey`: the pipeline key), the
 * locale, the URLs and each page's records, by their page keys (each a hash of the page's records' JSON), so
 * the records are hashed once, page by page, rather than once more whole for each use of the digest.
 */
export function indexDigest(codeKey: string, locale: string, siteUrl: string, baseUrl: string, pageKeys: string[]): string {
  return createHash('sha256').update([codeKey, locale, siteUrl, baseUrl, ...pageKeys].join('\0')).digest('hex');
}

/** A page's key: its records as JSON (what its terms are made from, with the locale's language). */
const pageKeyOf = (locale: string, json: string) => keyHash().update(locale).update('\0').update(json).digest('base64url').slice(0, 24);

/** What makeIndex is given: a job's records whole, or its pages' records one by one (made only when asked for). */
export type IndexMaking = Omit<IndexJob, 'input' | 'records'> & ({ records: SearchRecord[] } | { pages: { count: number; at(i: number): SearchRecord[] } });

/**
 * A full collection of a worker's heap once a job's JSON is parsed: V8 collects its old generation only when it
 * has grown well past what was alive at its last collection, and none of an index's steps (parsing the JSON,
 * analysing the pages, assembling the index) gets there alone, so their garbage piled up. Collected once the
 * JSON (7–14 MB as a string) is garbage, the heap is small again, and V8 collects the rest on its own in time.
 * One 600 × 3 locale made alone: heap used at the end of makeIndex 44.3 → 30.6 MB (en), 63.0 → 34.6 MB
 * (pt-BR), 22 and 28 MB alive — as low as with a second collection after the analysis (30.1, 36.8 MB).
 */
export type IndexCollect = () => void;

export function makeIndex(job: IndexMaking): MadeIndex {
  let analyser: PageAnalyser | undefined;
  const known = job.known?.pages;
  let analysed = 0;
  const { pageKeys } = job;
  const split = 'records' in job ? pagesOf(job.records) : undefined;
  const count = split ? split.length : (job as { pages: { count: number } }).pages.count;
  const at = split ? (i: number) => split[i]! : (job as { pages: { at(i: number): SearchRecord[] } }).pages.at;
  // A page's terms by the analyser's numbers too (the index is assembled from those when it analysed them all).
  const idList: (PageIds | undefined)[] = new Array(count);
  const analyse = (i: number) => {
    analysed++;
    const made = (analyser ??= new PageAnalyser(searchLanguageOf(job.locale))).analyseWithIds(at(i));
    idList[i] = made.ids;
    return made.terms;
  };
  // Every page's terms (kept for the next build): the last build's when it had the page, else analysed. A
  // known page's are taken only when asked for (the build cache reads them by bucket: an update asks only for
  // the changed pages'); if they no longer read back then, the page is analysed.
  const termList: (PageTerms | undefined)[] = new Array(count);
  const termAt = (i: number): PageTerms => {
    const key = pageKeys?.[i];
    return (termList[i] ??= (key === undefined ? undefined : known?.get(key)) ?? analyse(i));
  };
  for (let i = 0; i < count; i++) {
    const key = pageKeys?.[i];
    if (key === undefined || !known?.has(key)) termAt(i);
  }
  const pageAt = (i: number): IndexPage => ({ records: at(i), terms: termAt(i), ids: idList[i] });
  const previous = job.known?.index;
  // An update asks only for the changed pages' records: the others' are not made.
  const update = previous && pageKeys && known && pageKeys.length === count ? updateIndex(previous, pageKeys, pageAt, known, job.siteUrl, job.locale) : undefined;
  const built = update ?? assembleIndex(Array.from({ length: count }, (_, i) => pageAt(i)), job.siteUrl, job.locale, PART_BYTES, pageKeys);
  // The index is kept for the next build's update only with the keys of its pages.
  const kept: LocaleTerms = { pages: pageKeys ? keptPages(pageKeys, termAt) : new Map(), ...(pageKeys && built.assembly ? { index: { entry: built.entry, assembly: built.assembly, parts: built.parts } } : {}) };
  return {
    index: indexFiles(built, job.locale, job.baseUrl),
    terms: kept,
    get analysed() {
      return analysed;
    },
    updated: update !== undefined,
  };
}

/** The pages' terms by key (a key's first page), each as `termAt` gives it when first asked for. */
function keptPages(pageKeys: string[], termAt: (i: number) => PageTerms): PageTermsLookup {
  const first = new Map<string, number>();
  pageKeys.forEach((key, i) => {
    if (!first.has(key)) first.set(key, i);
  });
  return {
    size: first.size,
    has: (key) => first.has(key),
    get: (key) => {
      const i = first.get(key);
      return i === undefined ? undefined : termAt(i);
    },
    keys: () => first.keys(),
  };
}

/**
 * makeIndex on another thread, from a job (its `input` taken over: its pieces are let go as they are parsed)
 * and page keys (the terms of every page are made there). The JSON is never one string: a locale's was ~6.5 M
 * characters at 600 × 3 (13 MB when two-byte), alive beside the records parsed from it.
 */
export function makeIndexFromInput(job: IndexInput, collect?: IndexCollect): MadeIndex {
  const pieces = job.input;
  job.input = [];
  const records = recordsOfPieces(pieces);
  // The pieces' strings, garbage once parsed (IndexCollect).
  collect?.();
  return makeIndex({ locale: job.locale, records, siteUrl: job.siteUrl, baseUrl: job.baseUrl, ...(job.pageKeys ? { pageKeys: job.pageKeys } : {}) });
}

/** The records of RecordPieces's pieces, in order; `pieces` is emptied as they are parsed. */
export function recordsOfPieces(pieces: Uint8Array[]): SearchRecord[] {
  const decoder = new TextDecoder();
  const records: SearchRecord[] = [];
  for (let piece = pieces.shift(); piece; piece = pieces.shift()) for (const record of JSON.parse(decoder.decode(piece)) as SearchRecord[]) records.push(record);
  return records;
}

/** Records of a piece (RecordPieces), about: below glibc's mmap threshold (cache/pieces.ts) as UTF-8. */
const RECORD_PIECE_CHARS = 16 * 1024;

/**
 * A locale's records as UTF-8 pieces, each a JSON array of the records of whole pages given in turn, of
 * about RECORD_PIECE_CHARS (one page's may be more). A page's JSON is given as it is made, and let go.
 */
export class RecordPieces {
  private readonly pieces: Uint8Array[] = [];
  private run: string[] = [];
  private chars = 0;

  /** A page's records as JSON without its brackets (`[]` sliced off); '' for none. */
  add(json: string): void {
    if (json === '') return;
    this.run.push(json);
    this.chars += json.length;
    if (this.chars >= RECORD_PIECE_CHARS) this.cut();
  }

  end(): Uint8Array[] {
    this.cut();
    return this.pieces;
  }

  private cut(): void {
    if (this.run.length === 0) return;
    this.pieces.push(Buffer.from(`[${this.run.join(',')}]`, 'utf8'));
    this.run = [];
    this.chars = 0;
  }
}

/** A made index with its pages' terms serialised, as a worker sends it back (SerializedPageTerms). */
export function withSerializedTerms(made: MadeIndex): MadeIndex {
  return isSerialized(made.terms) ? made : { index: made.index, terms: { pages: made.terms.pages.size, ...termsPieces(made.terms) }, analysed: made.analysed, updated: made.updated };
}

/** A locale's index job before its records are made: enough to look its index up in the cache and name it. */
interface PlannedJob extends Omit<IndexJob, 'records' | 'input'> {
  /** The records, made when asked for: only for an index that has to be built. */
  records(): SearchRecord[];
  /** The records page by page, each made when first asked for (an update asks only for the changed pages'). */
  pages: { count: number; at(i: number): SearchRecord[] };
  /** The JSON a worker thread is sent (IndexJob's input), as UTF-8 pieces (utf8Pieces); asked for once. */
  input(): Uint8Array[];
}

/**
 * The local index jobs of the site: one per locale, none when Algolia is the engine. One at a time, so that
 * the records of a locale whose index is in the cache are garbage before the next locale's are made.
 * `keyed`: page keys too; `codeKey` (called once, only for a local index): the code in each index's digest
 * (indexDigest, the build cache's key). With a cache that knows the docs' keys (the build cache), a page
 * whose doc and place are those of a page of the last build takes that page's key as it was, and its records
 * are not made. `sent`: the jobs' input will be asked for (a worker is sent it), so it is made in the same pass
 * as the page keys.
 */
function* indexJobs(loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, keyed: boolean, codeKey?: () => string, cache?: IndexCache, sent = false): Generator<PlannedJob> {
  const { config } = loaded;
  if (config.themeConfig.algolia) return;
  const code = codeKey?.();
  const options = { siteUrl: config.url, docsTag: docsTagOf(config.docs.pluginId, config.docs.version.name) };
  const optionsJson = JSON.stringify(options);
  for (const l of locales) {
    const { entries, labels } = searchPages(table, l.code);
    const recordsOf: (SearchRecord[] | undefined)[] = [];
    const recordsAt = (i: number) => (recordsOf[i] ??= pageRecords(entries[i]!, labels, options));
    // Each page's records as JSON: hashed, they key the page's terms and the index; in pieces
    // (RecordPieces), they are what a worker is sent. Not kept: a locale's were ~6.5 M characters at 600 × 3,
    // alive until its job was sent, so promoted to the old generation and garbage there.
    const jsonAt = (i: number) => JSON.stringify(recordsAt(i)).slice(1, -1);
    const records = () => entries.flatMap((_, i) => recordsAt(i));
    const inputOf = () => {
      const pieces = new RecordPieces();
      for (let i = 0; i < entries.length; i++) pieces.add(jsonAt(i));
      return pieces.end();
    };
    const job: PlannedJob = { locale: l.code, siteUrl: config.url, baseUrl: config.baseUrl, records, pages: { count: entries.length, at: recordsAt }, input: inputOf };
    if (keyed || code !== undefined) {
      // The input made as the keys are (one JSON per page, given to the pieces at once), when every page is
      // keyed from its JSON in order; else (a page's key taken from the cache) made again when asked for.
      let early = sent ? new PagesInOrder() : undefined;
      const keyAt = (i: number) => {
        const json = jsonAt(i);
        early?.add(i, json);
        return pageKeyOf(l.code, json);
      };
      const pageKeys = pageKeysOf(l.code, entries, keyAt, (entry) => `${pagePlaceOf(entry, labels)}\0${optionsJson}`, cache);
      if (keyed) job.pageKeys = pageKeys;
      job.digest = indexDigest(code ?? '', l.code, config.url, config.baseUrl, pageKeys);
      job.input = () => {
        const pieces = early?.end(entries.length);
        early = undefined;
        return pieces ?? inputOf();
      };
    }
    yield job;
  }
}

/** RecordPieces given each page's JSON as it is made: complete only if given every page, in order. */
class PagesInOrder {
  private readonly pieces = new RecordPieces();
  private next = 0;

  add(i: number, json: string): void {
    if (this.next < 0) return;
    // Out of order (a page keyed twice, or one skipped): these pieces are never used.
    if (i !== this.next) {
      this.next = -1;
      return;
    }
    this.next++;
    this.pieces.add(json);
  }

  /** The pieces, if every one of `pages` was given in order; else undefined. */
  end(pages: number): Uint8Array[] | undefined {
    return this.next === pages ? this.pieces.end() : undefined;
  }
}

/**
 * The key of each page (pageKeyOf: a hash of its records' JSON), or, for a page whose doc the cache knows
 * by its key and which stands where a page of the last build stood (same doc key, same `placeOf`: so the same
 * records), that page's key as the cache kept it: making and serialising every page's records to hash
 * them was most of a warm build's search stage.
 */
function pageKeysOf(locale: string, entries: RouteEntry[], keyAt: (i: number) => string, placeOf: (entry: RouteEntry) => string, cache?: IndexCache): string[] {
  const known = cache?.recordKeys?.(locale);
  if (!known) return entries.map((_, i) => keyAt(i));
  const now = new Map<string, string>();
  const keys = entries.map((entry, i) => {
    const docKey = cache!.docKey?.(locale, entry.doc!.relPath);
    if (docKey === undefined) return keyAt(i);
    // Not hashed: the doc key and place as they are (a few dozen characters; hashing them was most of this).
    const from = `${docKey}\0${placeOf(entry)}`;
    const key = known.get(from) ?? keyAt(i);
    now.set(from, key);
    return key;
  });
  cache!.setRecordKeys?.(locale, now);
  return keys;
}

/**
 * The search stage on this thread: a page whose records did not change since the last build is not analysed
 * again, and an index the cache has is not read unless the output lacks one of its files (`lazyFiles`).
 */
export function buildSearch(loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, cache?: IndexCache, codeKey?: () => string): SearchAssets {
  const indexes = new Map<string, LocaleIndexFiles>();
  const urls = new Map<string, string>();
  const lazyFiles = new Map<string, LazyFile>();
  for (const { records: _r, input: _i, ...job } of indexJobs(loaded, locales, table, cache !== undefined, codeKey, cache)) {
    const key = cache && cache.keyOf(job.locale, job.digest!);
    const make = () => {
      const made = makeIndex({ ...job, ...(cache ? { known: cache.pageTerms(job.locale) } : {}) });
      if (key !== undefined) cache!.set(key, made.index);
      cache?.setPageTerms(job.locale, made, key);
      return made.index;
    };
    const head = key === undefined ? undefined : cache!.head?.(key);
    if (head) {
      cache!.keepPageTerms(job.locale);
      addLazyFiles(lazyFiles, head, make);
      urls.set(job.locale, head.url);
      continue;
    }
    let index = key === undefined ? undefined : cache!.get(key);
    if (index) cache!.keepPageTerms(job.locale);
    else index = make();
    indexes.set(job.locale, index);
    urls.set(job.locale, index.entry.url);
  }
  const search = searchAssets(loaded, locales, table, urls);
  for (const index of indexes.values()) addIndexFiles(search.files, index);
  return lazyFiles.size ? { ...search, lazyFiles } : search;
}

/**
 * The files of an index the cache has, each read when first asked for; an entry that no longer reads back
 * then (damaged since its head was read) is made again by `make` (and kept in the cache in its place): the
 * cache is never a reason for a build to fail.
 */
function addLazyFiles(files: Map<string, LazyFile>, head: IndexHead & { read(): LocaleIndexFiles | undefined }, make: () => LocaleIndexFiles): void {
  let whole: LocaleIndexFiles | undefined;
  const read = () => (whole ??= head.read() ?? make());
  const part = (file: string) => {
    const json = read().parts.get(file);
    // Made again from the same records, an index has the same parts: else the cache was wrong.
    if (json === undefined) throw new Error(`The build cache named a search index part ${file} that its index does not have: delete the cache folder (or build with --no-cache).`);
    return json;
  };
  files.set(head.file, { content: () => read().entry.json, digest: head.digest });
  for (const file of head.parts) files.set(file, { content: () => part(file) });
}

/**
 * The search stage with the indexes not in the cache made by `builder` (the build: on its worker threads),
 * which is not waited for: an entry's name does not depend on what it holds (local-index.ts), so the
 * settings name it at once, and the files come in `pending`. A build on several threads is a cold one: every page
 * is analysed, its terms kept for the next build.
 */
export function buildSearchWith(builder: IndexBuilder, loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, codeKey?: () => string, cache?: IndexCache): SearchAssets {
  const ready: LocaleIndexFiles[] = [];
  const urls = new Map<string, string>();
  // Of a job sent away only its JSON is kept (not its records), and only until a thread has it: the
  // locales' records would otherwise be held while every page renders. The JSON is kept as UTF-8 pieces made
  // page by page, outside the heap: as one string it was ~6.5 M characters a locale at 600 × 3, two bytes
  // each in a locale whose records hold one character above U+00FF (13 MB), alive until a thread took it.
  const missing: IndexInput[] = [];
  const keys: { locale: string; key?: string }[] = [];
  for (const job of indexJobs(loaded, locales, table, cache !== undefined, codeKey, cache, true)) {
    urls.set(job.locale, job.baseUrl + indexEntryFile(job.locale));
    const key = cache && cache.keyOf(job.locale, job.digest!);
    const index = key === undefined ? undefined : cache!.get(key);
    if (index) {
      cache!.keepPageTerms(job.locale);
      ready.push(index);
    } else {
      missing.push({ locale: job.locale, siteUrl: job.siteUrl, baseUrl: job.baseUrl, input: job.input(), ...(job.pageKeys ? { pageKeys: job.pageKeys } : {}) });
      keys.push({ locale: job.locale, ...(key === undefined ? {} : { key }) });
    }
  }
  const search = searchAssets(loaded, locales, table, urls);
  for (const index of ready) addIndexFiles(search.files, index);
  if (missing.length === 0) return search;
  // Each index is kept in the cache as it comes, and the terms of its pages let go; its files are the
  // caller's to write at once: neither is held until the last locale's index is made (600 × 3 corpus: the
  // three indexes' files are ~23 MB, which the build's thread held to the end of its render).
  const pending = builder(missing).map((made, i) =>
    made.then(({ index, terms, analysed, updated }) => {
      const { locale, key } = keys[i]!;
      if (key !== undefined) cache!.set(key, index);
      cache?.setPageTerms(locale, { index, terms, analysed, updated }, key);
      const files = new Map<string, string | Uint8Array>();
      addIndexFiles(files, index);
      return files;
    }),
  );
  // Observed by whoever writes the files; a build that fails before then has its own error to report.
  for (const p of pending) p.catch(() => undefined);
  return { ...search, pending };
}

function addIndexFiles(files: Map<string, string | Uint8Array>, { entry, parts }: MadeIndexFiles): void {
  files.set(entry.file, entry.json);
  for (const [file, part] of parts) files.set(file, part);
}

/** Per locale: the settings the browser needs (the local index's entry by its URL, in `indexUrls`), the OpenSearch files. */
function searchAssets(loaded: LoadedConfig, locales: LocaleInfo[], table: RouteTable, indexUrls: Map<string, string>): SearchAssets {
  const { config } = loaded;
  const algolia = config.themeConfig.algolia;
  const docsTag = docsTagOf(config.docs.pluginId, config.docs.version.name);
  const searchPagePath = algolia?.searchPagePath === false ? false : SEARCH_PAGE_PATH;
  const files = new Map<string, string>();
  const settings = new Map<string, SearchSettings>();
  const heads = new Map<string, string>();

  for (const l of locales) {
    const common = {
      searchPagePath,
      personalization: !config.themeConfig.search.disableUserPersonalization,
      ...(config.themeConfig.search.reportUrl ? { reportUrl: config.themeConfig.search.reportUrl } : {}),
    } as const;
    if (algolia) {
      settings.set(l.code, {
        engine: 'algolia',
        storageIndexName: algolia.indexName,
        ...common,
        algolia: {
          appId: algolia.appId,
          apiKey: algolia.apiKey,
          indexName: algolia.indexName,
          contextualSearch: algolia.contextualSearch,
          searchParameters: withContextualFilters(algolia.searchParameters, algolia.contextualSearch ? [`language:${l.code}`, ['docusaurus_tag:default', `docusaurus_tag:${docsTag}`]] : []),
          ...(algolia.externalUrlRegex ? { externalUrlRegex: algolia.externalUrlRegex } : {}),
          insights: algolia.insights,
          ...(algolia.hosts ? { hosts: algolia.hosts.map(parseHost) } : {}),
          ...(algolia.insightsHost ? { insightsHost: algolia.insightsHost.replace(/\/+$/, '') } : {}),
        },
      });
    } else {
      settings.set(l.code, { engine: 'local', indexUrl: indexUrls.get(l.code)!, storageIndexName: `local-${l.code}`, ...common });
    }

    if (searchPagePath) {
      const base = localeBase(config.baseUrl, l.prefix);
      const page = table.byPath.get(base + searchPagePath);
      const xmlFile = `${base.slice(config.baseUrl.length)}opensearch.xml`;
      files.set(
        xmlFile,
        openSearchXml({
          siteTitle: config.title,
          localeBaseUrl: config.url + base,
          searchPagePath,
          faviconUrl: config.url + config.baseUrl + config.favicon,
          htmlLang: l.htmlLang,
          description: page?.data.head.description || config.title,
        }),
      );
      heads.set(l.code, openSearchLink(`${config.title} (${l.label})`, base + 'opensearch.xml'));
    }
  }
  return { files, settings, extraHead: (locale) => heads.get(locale) ?? '' };
}

type FacetFilter = string | FacetFilter[];

/** The language and docs-tag filters first, then the site's own facetFilters (string or array). */
function withContextualFilters(params: Record<string, unknown>, contextual: FacetFilter[]): Record<string, unknown> {
  if (contextual.length === 0) return params;
  const own = params.facetFilters;
  const extra: FacetFilter[] = own === undefined ? [] : Array.isArray(own) ? (own as FacetFilter[]) : [own as string];
  return { ...params, facetFilters: [...contextual, ...extra] };
}

function parseHost(origin: string): { url: string; protocol: 'http' | 'https' } {
  const u = new URL(origin);
  return { url: u.host, protocol: u.protocol === 'http:' ? 'http' : 'https' };
}
