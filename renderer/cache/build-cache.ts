// The persistent build cache (`build` only; `serve` keeps its own state in memory and `check` always starts
// afresh). The stages below look results up in it, each by a hash of everything that goes into the result:
//   - docs: a processed doc (front matter, HTML, headings, links) by its source, its job (locale, URLs, UI
//     strings, code themes), the hashes of the files it copies, the site's file list and the pipeline;
//   - pages: a page's server-rendered markup (what React renders, the costly part of a page) by its route
//     data, its locale's site data, the templates and the pipeline; the document around it is always made
//     afresh, so the URLs of files that change with any edit (route manifest, search index) cost nothing;
//   - search: a locale's local index by its records and settings (its head, the files' names and the entry's
//     digest, read alone first: the rest only for a file the output lacks), and the terms of its pages (per
//     locale a head, the index as assembled less its parts, which the next build takes from the index entry
//     the head names, and the buckets; and the pages' terms by their records' key in buckets, each an entry:
//     a one-page edit rewrites one or two), from which
//     the index is updated when some pages changed: only those are analysed again, and only their terms'
//     postings redone (search/index-update.ts); and, per locale, each page's key by its doc's key and place
//     (the next build takes an unchanged page's key from there instead of making its records to hash them);
//   - sources: the state (stat) and hash of each doc's source when it was last read, one entry: a source
//     whose state did not change is not read and hashed again to key its doc;
//   - code: each doc's highlighted code blocks by the doc's file (one entry per doc, kept while the doc is),
//     so that a doc processed again finds the blocks it had: a prose edit never loads the highlighter;
//   - route chunks: each route's chunk file name (not its code, made again only for a file the output lacks)
//     by its route data and HTML, all in one entry (a few KB read at once rather than a file per route);
//   - text: strings Intl formats (the footer's date), one entry per ICU version;
//   - output: what each file of the committed output folder was made from, and the pages' links and ids,
//     one entry per output folder (kept-output.ts): the next build keeps the files that come out the same.
// Lives in `<site>/.cheatsheet-cache/` (see README, "Build cache"); a missing or unreadable cache is a cold build.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeCache } from '../content/code-blocks.ts';
import type { DocCache } from '../content/load.ts';
import type { DocJob, ProcessedDoc } from '../content/process-doc.ts';
import { usesMdx } from '../content/mdx/detect.ts';
import type { ChunkMemo, RouteChunkNames } from '../render/chunks.ts';
import { renderedRoute, type AppCache, type RenderableRoute } from '../render/render-pages.ts';
import type { LinkCheckResult, PageCheckMemo } from '../links/check.ts';
import type { IndexCache, KeptTerms, LocaleTerms } from '../search/build-search.ts';
import type { LocaleIndexFiles } from '../search/local-index.ts';
import type { PageTerms, SerializedPageTerms } from '../search/page-terms.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import type { RouteData, SiteData } from '../shared/types.ts';
import type { FileRecord } from '../write.ts';
import { isKeptOutputEntry, isRememberedLinkCheck, isRememberedPageCheck, ScanStore, type KeptOutputEntry, type RememberedLinkCheck, type RememberedPageCheck } from './kept-output.ts';
import { assembleStoredDoc, isStoredDoc, isStoredRest, storedDoc, storedDocPieces, storedDocRest, withStoredPieces, type StoredDoc } from './lazy-sections.ts';
import { filesKey, hashOf, keyHash, rememberedPipelineKey, siteFileList } from './keys.ts';
import { Pack, type EntryWriter } from './pack.ts';
import { assembleBucket, assembleIndexFiles, assembleTermsHead, indexHead, indexPieces, partsOf, partsPiece, termsBuckets, termsLayout, type PageTermsLookup, type TermsHead } from '../search/terms-pieces.ts';
import { PIECE_BYTES } from './pieces.ts';
import { pipelineMemoFile } from './cli-cache.ts';
import type { Remembered } from './stat-memo.ts';

export { CACHE_DIR } from './cache-dir.ts';

const NO_BROKEN_LINKS: LinkCheckResult = { links: [], anchors: [], ownUrls: [] };

export interface CacheStats {
  docs: { cached: number; processed: number };
  /** Code blocks of the processed docs: taken from their last build, highlighted afresh. */
  code: { cached: number; highlighted: number };
  pages: { cached: number; rendered: number };
  /** Indexes taken from the cache, and built: `updated` of those from the last build's index (index-update.ts). */
  search: { cached: number; built: number; updated: number };
  /** Pages whose search terms were kept from the last build, and pages analysed (for indexes that were built). */
  searchPages: { cached: number; analysed: number };
  chunks: { cached: number; made: number };
  /** Pages whose links and ids were taken from the last build (kept, or made again with the same scan key), and pages scanned. */
  links: { cached: number; scanned: number };
  /** The link check: taken from the last build (nothing it reads changed), or run. */
  linkCheck: { cached: number; checked: number };
  /** Pages whose links' check was the last build's (nothing it read changed), and pages checked (linkCheck). */
  linkPages: { cached: number; checked: number };
}

/**
 * A doc as stored (its HTML and sections apart, read on demand: lazy-sections.ts), with the hashes of its
 * copied files. Each lookup reads its own copy from disk, which the build may change; the entry is three
 * pieces (the rest serialised, the HTML, the sections), written in one buffer: no second copy of the doc.
 * A lookup reads the first piece alone, and the HTML or the sections again from the entry when asked for.
 */
interface DocEntry extends StoredDoc {
  assets: { abs: string; hash: string }[];
}

const isDocEntry = (v: unknown): v is DocEntry => isStoredDoc(v) && Array.isArray((v as DocEntry).assets);
const isDocRest = (v: unknown): v is Omit<DocEntry, 'html' | 'sections'> => isStoredRest(v) && Array.isArray((v as DocEntry).assets);
const isString = (v: unknown): v is string => typeof v === 'string';
const isSourceMap = (v: unknown): v is Map<string, SourceRecord> => v instanceof Map && [...v.values()].every((r: SourceRecord) => typeof r?.stat === 'string' && typeof r.hash === 'string');
const isStringMap = (v: unknown): v is Map<string, string> => v instanceof Map && [...v.values()].every(isString);
const isChunkMap = (v: unknown): v is Map<string, string> => v instanceof Map;
/** Each chunk's file name is checked when it is asked for (the map is read whole, most of it is used). */
const isChunkFile = (v: unknown): v is string => typeof v === 'string' && v.startsWith('assets/pages/');
/** The one entry of the route chunks' pack. */
const ALL_CHUNKS = 'routes';
const isIndex = (v: unknown): v is IndexFilesValue =>
  typeof v === 'object' && v !== null && typeof (v as IndexFilesValue).entry?.file === 'string' && (v as IndexFilesValue).parts instanceof Map;

type IndexFilesValue = LocaleIndexFiles;
// (Not page-terms.ts's isSerialized: the cache loads none of the search analysis's modules.)
const isSerialized = (terms: LocaleTerms | SerializedPageTerms): terms is SerializedPageTerms => typeof terms.pages === 'number';
const isTermsHead = (v: unknown): v is TermsHead => Array.isArray((v as TermsHead | undefined)?.buckets);
const isBucket = (v: unknown): v is Map<string, PageTerms> => v instanceof Map;

const contentHash = (data: Uint8Array | string) => keyHash().update(data).digest('hex');

/**
 * The packs of many small entries (a cold 150 × 3 build: pages 466, docs 454, code 451, search buckets 96 of
 * ~55 KB) keep them in segments (cache/segments.ts); the others, an entry or a few each, a file per entry.
 */
const SEGMENTED = { segmented: true };

export interface OpenCacheOptions {
  /** The cache folder (CACHE_DIR below the site's root by default). */
  dir: string;
  root: string;
  outDir: string;
  /**
   * A site file's state as seen before the build read anything (unchanged-build.ts, InputSnapshot), in the
   * stat text of `source`; undefined when not known. Spares a doc's source its own stat when it matches.
   */
  fileState?: (abs: string) => string | undefined;
  /** The pipeline key as the CLI's unchanged-build check looked it up (the same memo): not looked up again. */
  pipeline?: Remembered;
}

const htmlKey = (docsVersion: string, docKey: string, assets: { hash: string }[]) => [docsVersion, docKey, ...assets.map((a) => a.hash)].join('\0');

export class BuildCache implements DocCache, AppCache {
  readonly stats: CacheStats = { docs: { cached: 0, processed: 0 }, code: { cached: 0, highlighted: 0 }, pages: { cached: 0, rendered: 0 }, search: { cached: 0, built: 0, updated: 0 }, searchPages: { cached: 0, analysed: 0 }, chunks: { cached: 0, made: 0 }, links: { cached: 0, scanned: 0 }, linkCheck: { cached: 0, checked: 0 }, linkPages: { cached: 0, checked: 0 } };
  /** The version of the code that makes pages (keys.ts): also what names the search index entries. */
  readonly pipeline: string;
  private readonly fileState: OpenCacheOptions['fileState'];
  private readonly docs: Pack<DocEntry>;
  private readonly codePack: Pack<Map<string, string>>;
  private readonly apps: Pack<string>;
  private readonly indexes: Pack<IndexFilesValue>;
  /**
   * The indexes' parts (shards and chunks, named by content), each an entry of its own by its output path: an
   * index made again writes only the parts the last build did not have (indexParts).
   */
  private readonly indexParts: Pack<string>;
  /** Parts this build found named but could not read back: written again when an index has them. */
  private readonly failedParts = new Set<string>();
  /** Per locale, its kept terms' head (the buckets' names and keys, and the index as assembled). */
  private readonly pageTerms: Pack<TermsHead>;
  /** The pages' terms in buckets (terms-pieces.ts, TERM_BUCKETS), each by its locale and name. */
  private readonly termBuckets: Pack<Map<string, PageTerms>>;
  /** Per locale, the buckets this build read that did not read back whole: written again. */
  private readonly failedBuckets = new Map<string, Set<string>>();
  /** The route chunks' file names by what they are made of (not their code: render/chunks.ts, ChunkMemo). */
  private readonly chunkPack: Pack<Map<string, string>>;
  private readonly recordKeyPack: Pack<Map<string, string>>;
  private readonly sourcePack: Pack<Map<string, SourceRecord>>;
  /** The docs' sources as the last build hashed them (read when first asked for), and as this one found them. */
  private sourcesBefore: Map<string, SourceRecord> | undefined;
  private readonly sourcesNow = new Map<string, SourceRecord>();
  /**
   * Every source this build read and hashed, settled or not, as it found it: its state before reading, and the
   * hash of what it read (a build with nothing changed checks a file changed just before the build by its
   * contents: unchanged-build.ts).
   */
  readonly hashedNow = new Map<string, SourceRecord>();
  /**
   * False once a doc was processed that the cache cannot keep (MDX: it depends on files its source does not
   * name).
   */
  everyDocKept = true;
  /** What every stored doc depends on besides its own inputs: the code and the site's file list. */
  private readonly docsVersion: string;
  /** The key of each doc of this build that the cache stores (found or remembered), by docId. */
  private readonly docKeys = new Map<string, string>();
  /**
   * What the HTML of each doc object this build's lookups returned or `remember` stored is made of: its key,
   * its copied files' hashes (an edited image gives the same key another HTML) and what every doc depends on
   * (the code, the site's file list: the route chunks' memo outlives a change of them).
   */
  private readonly keyOfDoc = new WeakMap<object, string>();
  /** The search's page keys by doc key and place as read, by locale (rewritten only when they change). */
  private readonly recordKeysRead = new Map<string, Map<string, string>>();
  private readonly outputPack: Pack<KeptOutputEntry>;
  private readonly textPack: Pack<Map<string, string>>;
  /** The formatted strings of the last build (read when first asked for), and of this one. */
  private textBefore: Map<string, string> | undefined;
  private readonly textNow = new Map<string, string>();
  /** The pages' scans: of the last build's output, and of this one's. */
  scans = new ScanStore();
  /** The link check of the last build's output, and of this one's. */
  private linksBefore: RememberedLinkCheck | undefined;
  private linksNow: RememberedLinkCheck | undefined;
  /** Each page's scan key (scanKey), by output file, as this build rendered or kept it (for linkCheck). */
  readonly pageScanKeys = new Map<string, string>();
  private readonly wholeSiteKeys = new WeakMap<SiteData, string>();
  /** The chunks of the last build, read when first asked for; those of this build, kept for the next. */
  private chunksBefore: Map<string, string> | undefined;
  private chunksNow = new Map<string, string>();
  private readonly siteKeys = new WeakMap<SiteData, string>();
  private readonly appKeys = new WeakMap<SiteData, Map<string, string>>();
  private templates = '';
  private chunkOf: RouteChunkNames = new Map<string, string>();

  /** The cache's folder (the compiled config is kept there too: config/compile-cache.ts). */
  readonly dir: string;
  /** Remembers how the pipeline key was found, for the next build (written by save(), as every entry is). */
  private readonly keepPipelineMemo: () => void;
  /** Other memos found out during the build (the prebuilt theme's check), written by save() too. */
  private readonly memosToKeep: (() => void)[] = [];

  constructor(options: OpenCacheOptions) {
    this.dir = options.dir;
    this.fileState = options.fileState;
    const pipeline = options.pipeline ?? rememberedPipelineKey(pipelineMemoFile());
    this.pipeline = pipeline.value;
    this.keepPipelineMemo = pipeline.keep;
    // Every stored doc depends on the site's file list (its links and images resolve against it): a file
    // added or removed anywhere starts the docs afresh, as a cold build would (with its worker thread).
    this.docsVersion = `${this.pipeline}:${siteFileList(options.root, options.outDir)}`;
    this.docs = new Pack(join(options.dir, 'docs'), this.docsVersion, isDocEntry, assembleStoredDoc, SEGMENTED);
    this.codePack = new Pack(join(options.dir, 'code'), this.pipeline, isStringMap, undefined, SEGMENTED);
    this.apps = new Pack(join(options.dir, 'pages'), this.pipeline, isString, undefined, SEGMENTED);
    this.indexParts = new Pack(join(options.dir, 'search-parts'), this.pipeline, isString, undefined, SEGMENTED);
    // An entry's parts read without keeping them: whoever keeps the entry keeps its parts (keepParts).
    this.indexes = new Pack(join(options.dir, 'search'), this.pipeline, isIndex, (pieces) => assembleIndexFiles(pieces, (file) => this.partOf(file)));
    this.pageTerms = new Pack(join(options.dir, 'search-pages'), this.pipeline, isTermsHead, assembleTermsHead);
    this.termBuckets = new Pack(join(options.dir, 'search-buckets'), this.pipeline, isBucket, assembleBucket, SEGMENTED);
    this.chunkPack = new Pack(join(options.dir, 'chunks'), this.pipeline, isChunkMap);
    this.recordKeyPack = new Pack(join(options.dir, 'search-keys'), this.pipeline, isStringMap);
    this.sourcePack = new Pack(join(options.dir, 'sources'), this.pipeline, isSourceMap);
    this.outputPack = new Pack(join(options.dir, 'output'), this.pipeline, isKeptOutputEntry);
    this.textPack = new Pack(join(options.dir, 'text'), this.pipeline, isTextMap);
  }

  /** The cache holds the docs of an earlier build of the same files: most will not need processing. */
  get warm(): boolean {
    return this.docs.size > 0;
  }

  /** The templates the pages are rendered with (a site may bring its own): their files' contents count. */
  useTemplates(inputs: string[]): void {
    this.templates = filesKey([...inputs].sort());
  }

  // ── docs ──

  private docKey(job: DocJob, sourceHash: string): string {
    return hashOf(JSON.stringify(job), sourceHash);
  }

  /**
   * The hash of a doc's source, and its bytes when they were read (`read`: always). A file whose identity and
   * state (device, inode, size, modification and change times, as FileRecord's) are those recorded when it
   * was last hashed is not read again: on a warm build, reading and hashing every source was a fifth of the
   * content stage. Undefined: the file cannot be read (reported, with its name, when the doc is processed).
   * Its state is the one the build's input walk saw (`fileState`) when there is one: a stat fewer per doc.
   */
  private source(file: string, read: boolean): { hash: string; bytes?: Uint8Array } | undefined {
    this.sourcesBefore ??= this.sourcePack.get(SOURCES) ?? new Map();
    const seen = read ? undefined : this.fileState?.(file);
    const recorded = seen === undefined ? undefined : this.sourcesBefore.get(file);
    if (recorded && recorded.stat === seen) {
      this.sourcesNow.set(file, recorded);
      return { hash: recorded.hash };
    }
    try {
      // Its state before its contents: a file changed in between is recorded with a state it no longer has.
      const s = statSync(file, { bigint: true });
      const stat = `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
      const before = this.sourcesBefore.get(file);
      if (before?.stat === stat && !read) {
        this.sourcesNow.set(file, before);
        return { hash: before.hash };
      }
      const bytes = readFileSync(file);
      const hash = contentHash(bytes);
      this.hashedNow.set(file, { stat, hash });
      // A file changed just before it was read may change again without a new state: timestamps are coarser
      // than they look (a few ms on Linux, 1–2 s on some file systems). Hashed again next time.
      if (Date.now() - Number(s.ctimeMs) > SETTLED_MS) this.sourcesNow.set(file, { stat, hash });
      return { hash, bytes };
    } catch {
      return undefined;
    }
  }

  lookup(job: DocJob): ProcessedDoc | undefined {
    // No doc kept (a cold build, or the code or the site's file list changed): no key can match, so the
    // sources are not read and hashed here, on the main thread, before any doc is handed out.
    if (this.docs.size === 0) return undefined;
    const source = this.source(job.absPath, false);
    // (MDX pages are never stored: a source that matches a stored one is plain Markdown.)
    const key = source && this.docKey(job, source.hash);
    // The entry's first piece alone (~1.9 KB of ~20 KB at 150 × 3): its HTML and sections are read from it only
    // for a doc whose page is rendered again (a one-page build read 9 MB of other docs' entries for nothing).
    const found = key ? this.docs.head(key, true) : undefined;
    const entry = found && storedDocRest(found.first);
    // A copied image or file is named by its contents' hash: an edited one means the doc's HTML changes.
    if (!isDocRest(entry) || !entry.assets.every((a) => fileHash(a.abs) === a.hash)) return undefined;
    this.docKeys.set(docId(job.locale, job.relPath), key!);
    this.codePack.keep(codeKeyOf(job));
    this.stats.docs.cached++;
    const doc = withStoredPieces(entry, found!.all, `docs/${key}`);
    this.keyOfDoc.set(doc, htmlKey(this.docsVersion, key!, entry.assets));
    return doc;
  }

  remember(job: DocJob, doc: ProcessedDoc): void {
    this.stats.docs.processed++;
    const source = this.source(job.absPath, true);
    // MDX pages import other files, which their source does not show: they are always processed.
    if (!source || usesMdx(job.relPath, Buffer.from(source.bytes!).toString('utf8'))) {
      this.everyDocKept = false;
      return;
    }
    const assets = doc.assets.map((a) => ({ abs: a.abs, hash: fileHash(a.abs) ?? '' }));
    const key = this.docKey(job, source.hash);
    this.docKeys.set(docId(job.locale, job.relPath), key);
    this.docs.setJoined(key, storedDocPieces(storedDoc(doc), { assets }));
    this.keyOfDoc.set(doc, htmlKey(this.docsVersion, key, assets));
  }

  readonly code: CodeCache = {
    blocksOf: (job) => this.codePack.get(codeKeyOf(job)) ?? new Map(),
    keepBlocks: (job, blocks) => {
      const before = this.codePack.get(codeKeyOf(job));
      let cached = 0;
      for (const [key, html] of blocks) if (before?.get(key) === html) cached++;
      this.stats.code.cached += cached;
      this.stats.code.highlighted += blocks.size - cached;
      if (blocks.size) this.codePack.set(codeKeyOf(job), blocks);
    },
  };

  // ── pages ──

  /**
   * The site data as far as the markup depends on it: not the route manifest's and the search index's URLs,
   * which only the browser reads (the test that compares warm builds with clean ones after each kind of edit
   * holds this to account).
   */
  private siteKey(site: SiteData): string {
    let key = this.siteKeys.get(site);
    if (key === undefined) {
      const { routesManifestUrl: _m, search, ...rest } = site;
      const { indexUrl: _i, ...searchRest } = search as typeof search & { indexUrl?: string };
      key = hashOf(JSON.stringify({ ...rest, search: searchRest }));
      this.siteKeys.set(site, key);
    }
    return key;
  }

  /**
   * The route chunks' URLs, by route path: each names a hash of its route's data, Markdown HTML included —
   * the same data a page is rendered from — so it stands for that data in a page's key without serialising
   * the route a second time. Named all at once (routeChunks), or each as first asked for by a page's key in
   * a build whose output keeps nothing (RouteChunksAsRendered); their entry is staged once all are named.
   */
  useRouteChunks(chunkOf: RouteChunkNames): void {
    this.chunkOf = chunkOf;
  }

  /** Stages the route chunks' entry: call once every chunk of the build is named. */
  stageRouteChunks(): void {
    // Rewritten only when a chunk changed, and then with this build's chunks alone (it does not grow).
    if (this.stats.chunks.made > 0 || (this.chunksBefore && this.chunksBefore.size !== this.chunksNow.size)) this.chunkPack.set(ALL_CHUNKS, this.chunksNow);
    this.chunksBefore = undefined;
    this.chunksNow = new Map();
  }

  /**
   * Entries made from now on are written by `write` (the build's writer thread, which finishes them before
   * `save()`): the render stage's — a file per page, the search indexes, the route chunks — were opened and
   * written on the main thread while it renders.
   */
  writeEntriesWith(write: EntryWriter): void {
    for (const pack of [this.docs, this.codePack, this.apps, this.indexes, this.indexParts, this.pageTerms, this.termBuckets, this.recordKeyPack, this.sourcePack, this.chunkPack, this.outputPack, this.textPack] as Pack<unknown>[]) pack.writeWith(write);
  }

  /**
   * `json`: the route data as rendered (a route without a chunk, a 404 page, stands for itself), asked for
   * only then: copying each route with its HTML for it cost a warm build ~10 ms.
   */
  private appKey(site: SiteData, path: string, page: string | undefined, json: () => string): string {
    // Asked for twice per page (its scan's key, then its markup), so kept per locale's site data and route.
    let keys = this.appKeys.get(site);
    if (!keys) this.appKeys.set(site, (keys = new Map()));
    const at = `${page ?? ''}\0${path}`;
    let key = keys.get(at);
    if (key === undefined) keys.set(at, (key = hashOf(this.templates, this.siteKey(site), page ?? '', this.chunkOf.get(path) ?? json())));
    return key;
  }

  /**
   * A page the output kept as it was (not rendered): counted as from the cache, and its markup's entry is kept
   * for the next build, which may have to render it (an edit elsewhere changes its document, not its markup).
   */
  keptPage(site: SiteData, entry: RenderableRoute, page: string | undefined): void {
    this.apps.keep(this.appKey(site, entry.data.path, page, () => JSON.stringify(renderedRoute(entry))));
    this.stats.pages.cached++;
  }

  app(site: SiteData, route: RouteData, page: string | undefined, render: () => string): string {
    const key = this.appKey(site, route.path, page, () => JSON.stringify(route));
    const cached = this.apps.get(key);
    if (cached !== undefined) {
      this.stats.pages.cached++;
      return cached;
    }
    const html = render();
    this.apps.set(key, html);
    this.stats.pages.rendered++;
    return html;
  }

  // ── output ──

  /**
   * What a page's file is made of (same key, same bytes): its markup's inputs as in `app` but the whole site
   * data (the document names its file and the route manifest's), and `document`, what the document around
   * the markup adds (assets, page module, extra head, site data URL), from the caller.
   */
  documentKey(site: SiteData, route: RouteEntry['data'], page: string | undefined, document: string): string {
    let whole = this.wholeSiteKeys.get(site);
    if (whole === undefined) this.wholeSiteKeys.set(site, (whole = hashOf(JSON.stringify(site))));
    return hashOf('document', this.templates, whole, page ?? '', this.chunkOf.get(route.path) ?? JSON.stringify(route), document);
  }

  /**
   * What a page's links and ids are made of: its markup's inputs (`app`) and `document` less the site data's
   * URL. Neither that URL nor the ones the site data names (route manifest, search index: they change with
   * any edit of the locale) can put a link or an id in a page: the one is in a `<link>` and the payload, the
   * others are not in the page at all. So a page made again only because they changed keeps its scan.
   */
  scanKey(site: SiteData, entry: RenderableRoute, page: string | undefined, document: string): string {
    return hashOf('scan', this.appKey(site, entry.data.path, page, () => JSON.stringify(renderedRoute(entry))), document);
  }

  /** The records of the output folder `outDir` as the last build left it (none: every file is written). */
  outputBefore(outDir: string): Map<string, FileRecord> | undefined {
    const entry = this.outputPack.get(outputKey(outDir));
    this.scans = new ScanStore(entry);
    this.linksBefore = isRememberedLinkCheck(entry?.links) ? entry.links : undefined;
    return entry?.files;
  }

  /**
   * The link check, page by page: a page's result is the last build's when nothing its links were resolved
   * against changed — the base URLs and every route's path and output file (`routes`, the same for every
   * page), the page's own scan key (its ids and links) and path, its doc's file and written links (the lines
   * messages quote), the scan keys of the pages whose ids its fragments were looked up in, and which of the
   * paths it looked up among the other files were there — else it is checked (`check` with this memo). So an
   * edit of one page checks that page and the pages that link to its anchors, not every link of the site.
   * Call once every page is rendered or kept (`pageScanKeys` then holds every page's scan key).
   */
  linkCheck(routes: RouteEntry[], files: Set<string>, bases: string, check: (memo: PageCheckMemo) => LinkCheckResult): LinkCheckResult {
    const parts: string[] = [bases];
    for (const r of routes) parts.push(r.outFile, r.data.path);
    const routesKey = hashOf(parts.join('\0'));
    const before = this.linksBefore?.routes === routesKey ? this.linksBefore.pages : undefined;
    const now = new Map<string, RememberedPageCheck>();
    const scanKeys = this.pageScanKeys;
    const keys = new Map<string, string | undefined>();
    const keyOf = (entry: RouteEntry) => {
      if (keys.has(entry.outFile)) return keys.get(entry.outFile);
      const scan = scanKeys.get(entry.outFile);
      let key: string | undefined;
      if (scan !== undefined) {
        const p = [scan, entry.data.path, entry.doc?.file ?? ''];
        for (const l of entry.doc?.links ?? []) p.push(l.href, String(l.line ?? ''));
        key = hashOf(p.join('\0'));
      }
      keys.set(entry.outFile, key);
      return key;
    };
    const stillSo = (last: RememberedPageCheck) => {
      for (let i = 0; i < last.ids.length; i += 2) if (scanKeys.get(last.ids[i]!) !== last.ids[i + 1]) return false;
      return last.found.every((f) => files.has(f)) && !last.missing.some((f) => files.has(f));
    };
    let checked = 0;
    let reused = 0;
    const memo: PageCheckMemo = {
      reuse: (entry) => {
        const last = before?.get(entry.outFile);
        if (!isRememberedPageCheck(last) || last.key !== keyOf(entry) || !stillSo(last)) return undefined;
        reused++;
        now.set(entry.outFile, last);
        return last.result ?? NO_BROKEN_LINKS;
      },
      checked: (entry, result, needs) => {
        checked++;
        const key = keyOf(entry);
        if (key === undefined) return;
        const ids: string[] = [];
        for (const f of needs.ids) {
          const k = scanKeys.get(f);
          // (A page without a scan key: this page is checked again next time.)
          if (k === undefined) return;
          ids.push(f, k);
        }
        const broken = result.links.length + result.anchors.length + result.ownUrls.length > 0;
        now.set(entry.outFile, { key, ids, found: [...needs.found], missing: [...needs.missing], ...(broken ? { result } : {}) });
      },
    };
    const result = check(memo);
    this.stats.linkCheck[checked ? 'checked' : 'cached']++;
    this.stats.linkPages.checked += checked;
    this.stats.linkPages.cached += reused;
    this.linksNow = { routes: routesKey, pages: now };
    return result;
  }

  /** Keeps the records of the output just committed, with its pages' scans, for the next build. */
  keepOutput(outDir: string, files: Map<string, FileRecord>): void {
    this.outputPack.set(outputKey(outDir), this.scans.entry(files, this.linksNow));
  }

  // ── route chunks ──

  readonly chunks: ChunkMemo = {
    get: (key) => {
      this.chunksBefore ??= this.chunkPack.get(ALL_CHUNKS) ?? new Map();
      const file = this.chunksBefore.get(key);
      if (isChunkFile(file)) {
        this.chunksNow.set(key, file);
        this.stats.chunks.cached++;
        return file;
      }
      return undefined;
    },
    set: (key, file) => {
      this.chunksNow.set(key, file);
      this.stats.chunks.made++;
    },
    htmlKeyOf: (doc) => this.keyOfDoc.get(doc),
  };

  // ── text ──

  /**
   * `format()`, or what it gave the last build under `key`. For Intl's formatting: the first date a process
   * formats in a locale costs ~4 ms of CPU while ICU loads that locale's data (more on a busy machine, whose
   * pages of it are no longer in memory), and a warm build would format only the footer's date per locale.
   */
  text(key: string, format: () => string): string {
    this.textBefore ??= this.textPack.get(TEXT) ?? new Map();
    let value = this.textNow.get(key) ?? this.textBefore.get(key);
    if (typeof value !== 'string') value = format();
    this.textNow.set(key, value);
    return value;
  }

  // ── search ──

  readonly index: IndexCache = {
    keyOf: (locale, digest) => hashOf(locale, digest),
    get: (key) => {
      const cached = this.indexes.get(key);
      if (cached) {
        this.keepParts(cached.parts.keys());
        this.stats.search.cached++;
      }
      return cached;
    },
    head: (key) => {
      // The first piece alone (~1 KB): the rest and its parts, 1.5–2.5 MB a locale at 150 × 3, are read only
      // if the output lacks a file.
      const found = this.indexes.head(key);
      const head = found && indexHead(found.first);
      if (!head) return undefined;
      this.keepParts(head.parts);
      this.stats.search.cached++;
      return {
        ...head,
        read: () => {
          const pieces = found!.all();
          const files = pieces && assembleIndexFiles(pieces, (file) => this.partOf(file));
          // Not the files the head names (the entry was replaced since it was opened): missed, made again.
          const same = files && files.entry.file === head.file && files.entry.url === head.url && files.parts.size === head.parts.length && head.parts.every((f) => files.parts.has(f));
          return same ? files : undefined;
        },
      };
    },
    set: (key, index) => {
      // In pieces: serialised whole, a locale's entry is ~120 KB at 150 × 3 (cache/pieces.ts). Its parts as
      // entries of their own: a part the last build kept is kept unread (an edit changes a few of ~90).
      this.indexes.setPieces(key, indexPieces(index));
      for (const [file, part] of index.parts) {
        const partKey = indexPartKey(file);
        if (this.indexParts.has(partKey) && !this.failedParts.has(partKey)) this.indexParts.keep(partKey);
        // A worker's part, decoded only to be kept (the entry is V8's serialisation of the string), then let
        // go: a string of ~20 KB that dies young. Serialised on the worker instead, beside the part's UTF-8
        // until sent, it raised the 600 × 3 peak (ARCHITECTURE.md, session 38).
        else this.indexParts.set(partKey, typeof part === 'string' ? part : new TextDecoder().decode(part));
      }
      this.stats.search.built++;
    },
    pageTerms: (locale) => {
      const head = this.pageTerms.get(pageTermsKey(locale));
      if (!head) return { pages: new Map() };
      const failed = new Set<string>();
      this.failedBuckets.set(locale, failed);
      const pages = bucketedPages(head.buckets, (name) => this.termBuckets.get(bucketKey(locale, name), false), failed);
      // The index's parts, from the index entry the head names, read without keeping it (an index is made
      // now: it replaces that entry). Missing, damaged or not that index's: no index to update, so it is
      // assembled from every page's terms.
      const files = head.index && head.partsIn !== undefined ? this.indexes.get(head.partsIn, false) : undefined;
      const parts = files && partsOf(files, head.index!.entry);
      return { pages, ...(parts ? { index: { ...head.index!, parts } } : {}) };
    },
    setPageTerms: (locale, made, indexKey) => this.setPageTerms(locale, made, indexKey),
    keepPageTerms: (locale) => {
      // The head's first piece names the buckets, which are kept with it (the rest of the head is not read).
      const found = this.pageTerms.head(pageTermsKey(locale));
      const buckets = found && termsBuckets(found.first);
      for (const b of buckets ?? []) this.termBuckets.keep(bucketKey(locale, b.name));
    },
    // A doc's key alone: what every doc depends on (docsVersion) keys the record keys' entry instead.
    docKey: (locale, relPath) => this.docKeys.get(docId(locale, relPath)),
    recordKeys: (locale) => {
      const keys = this.recordKeyPack.get(recordKeysKey(locale, this.docsVersion)) ?? new Map<string, string>();
      this.recordKeysRead.set(locale, keys);
      return keys;
    },
    setRecordKeys: (locale, keys) => {
      const before = this.recordKeysRead.get(locale);
      if (before && before.size === keys.size && [...keys].every(([from, key]) => before.get(from) === key)) this.recordKeyPack.keep(recordKeysKey(locale, this.docsVersion));
      else this.recordKeyPack.set(recordKeysKey(locale, this.docsVersion), keys);
    },
  };

  /** An index part kept by an earlier build, by its output path; a part that does not read back is noted. */
  private partOf(file: string): string | undefined {
    const key = indexPartKey(file);
    const json = this.indexParts.get(key, false);
    if (json === undefined && this.indexParts.has(key)) this.failedParts.add(key);
    return json;
  }

  /** Keeps the parts of an index entry this build keeps (by their output paths), unread. */
  private keepParts(files: Iterable<string>): void {
    for (const file of files) this.indexParts.keep(indexPartKey(file));
  }

  /**
   * Keeps a locale's terms: its head (the buckets' names and keys, the index as assembled and `indexKey`,
   * the key of the index entry that holds the index's parts) and each bucket whose pages changed; a bucket of
   * the same pages as the last build's (same name) keeps its entry unread.
   */
  private setPageTerms(locale: string, { terms, ...made }: KeptTerms, indexKey: string | undefined): void {
    const withParts = (head: Uint8Array[]) => (indexKey === undefined ? head : [...head, partsPiece(indexKey)]);
    const failed = this.failedBuckets.get(locale);
    const keepOrSet = (name: string, pieces: () => Uint8Array[], join: boolean) => {
      const key = bucketKey(locale, name);
      if (this.termBuckets.has(key) && !failed?.has(name)) return this.termBuckets.keep(key);
      const all = pieces();
      // A build that changed a few pages joins each bucket it writes into one write when it is a few pieces
      // (a large one, 600 × 3: ~200 KB, stays in pieces: cache/pieces.ts); a worker's pieces are passed on
      // as they are, not copied.
      if (join && all.reduce((n, p) => n + p.byteLength, 0) <= 2 * PIECE_BYTES) this.termBuckets.setJoined(key, all);
      else this.termBuckets.setPieces(key, all);
    };
    if (isSerialized(terms)) {
      this.pageTerms.setPieces(pageTermsKey(locale), withParts(terms.pieces.slice(0, terms.head)));
      for (const b of terms.buckets) keepOrSet(b.name, () => terms.pieces.slice(b.from, b.to), false);
    } else {
      const layout = termsLayout(terms);
      this.pageTerms.setPieces(pageTermsKey(locale), withParts(layout.head));
      for (const b of layout.buckets) keepOrSet(b.name, b.pieces, true);
    }
    // Read after: a page whose bucket did not read back is analysed as its bucket is written.
    const { analysed } = made;
    this.stats.searchPages.analysed += analysed;
    this.stats.searchPages.cached += (isSerialized(terms) ? terms.pages : terms.pages.size) - analysed;
    if (made.updated) this.stats.search.updated++;
  }

  /** Writes a memo (stat-memo.ts) with the cache, only once the build has succeeded: save(). */
  keepOnSave(keep: () => void): void {
    this.memosToKeep.push(keep);
  }

  /** Keeps what this build made for the next one (after a successful build). */
  save(): void {
    this.keepPipelineMemo();
    for (const keep of this.memosToKeep.splice(0)) keep();
    // Written now, after the output's commit (writeAside then writes at once, as for keepOutput).
    const before = this.sourcesBefore;
    if (before && before.size === this.sourcesNow.size && [...this.sourcesNow].every(([file, r]) => before.get(file) === r)) this.sourcePack.keep(SOURCES);
    else if (this.sourcesNow.size) this.sourcePack.set(SOURCES, this.sourcesNow);
    this.sourcePack.save();
    // Rewritten only when a string was added or dropped (no build adds one at random: same inputs, same strings).
    if (this.textBefore) {
      const same = this.textBefore.size === this.textNow.size && [...this.textNow].every(([k, v]) => this.textBefore!.get(k) === v);
      if (same) this.textPack.keep(TEXT);
      else this.textPack.set(TEXT, this.textNow);
    }
    this.textPack.save();
    this.outputPack.save();
    this.chunkPack.save();
    this.docs.save();
    this.codePack.save();
    this.apps.save();
    this.indexes.save();
    this.indexParts.save();
    this.pageTerms.save();
    this.termBuckets.save();
    this.recordKeyPack.save();
  }

  /** Drops what this build made (it failed); a no-op after save(). */
  discard(): void {
    this.docs.discard();
    this.codePack.discard();
    this.apps.discard();
    this.indexes.discard();
    this.indexParts.discard();
    this.pageTerms.discard();
    this.termBuckets.discard();
    this.recordKeyPack.discard();
    this.sourcePack.discard();
    this.chunkPack.discard();
    this.outputPack.discard();
    this.textPack.discard();
  }
}

/** A doc's code entry: by its file, whatever its contents (an edited doc finds its blocks of last time). */
const codeKeyOf = (job: DocJob) => hashOf('code', job.absPath);

/** The one entry of the sources' pack: every doc's source by its path. */
const SOURCES = 'sources';

/** How long after its last change a source's state is trusted to say that its contents did not change. */
const SETTLED_MS = 3000;

/**
 * A doc's source as hashed: its state then (device:inode:size:mtime:ctime, in ns) and its contents' hash
 * (contentHash).
 */
export interface SourceRecord {
  stat: string;
  hash: string;
}

/** Intl's output follows the ICU data, which a Node build may take from the system: its versions name the entry. */
const TEXT = hashOf('text', process.versions.icu ?? '', process.versions.unicode ?? '', process.versions.tz ?? '', process.versions.cldr ?? '');
const isTextMap = (v: unknown): v is Map<string, string> => v instanceof Map;

/** One entry per output folder. */
const outputKey = (outDir: string) => hashOf('output', outDir);

/** A doc of this build: its job's locale and path (a source page standing in for a locale is a doc of that locale). */
const docId = (locale: string, relPath: string) => `${locale}\0${relPath}`;

/**
 * One entry per locale and docsVersion (the code and the site's file list: every doc depends on them): the
 * search's page keys by doc key and place (search/build-search.ts, pageKeysOf).
 */
const recordKeysKey = (locale: string, docsVersion: string) => hashOf('record-keys', locale, docsVersion);

/** One entry per locale: its terms' head (the index as assembled, the buckets), replaced on any change. */
const pageTermsKey = (locale: string) => hashOf('page-terms', locale);

/** An index part (a shard or chunk) by its output path, which names it by its content. */
const indexPartKey = (file: string) => hashOf('search-part', file);

/** A bucket of a locale's page terms, by its name (a digest of its pages' keys: bucketsOf). */
const bucketKey = (locale: string, name: string) => hashOf('page-terms-bucket', locale, name);

/**
 * The pages of a locale's buckets, each bucket read when a key in it is first asked for (`read`); a bucket
 * that does not read back, or lacks a page its head names, is noted in `failed` (written again), and its
 * pages are not found (analysed again).
 */
function bucketedPages(buckets: TermsHead['buckets'], read: (name: string) => Map<string, PageTerms> | undefined, failed: Set<string>): PageTermsLookup {
  const where = new Map<string, { name: string; keys: string[] }>();
  for (const b of buckets) for (const key of b.keys) where.set(key, b);
  const loaded = new Map<string, Map<string, PageTerms> | undefined>();
  return {
    size: where.size,
    has: (key) => where.has(key),
    keys: () => where.keys(),
    get: (key) => {
      const b = where.get(key);
      if (!b) return undefined;
      if (!loaded.has(b.name)) {
        const pages = read(b.name);
        const whole = pages && pages.size === b.keys.length && b.keys.every((k) => pages.has(k));
        if (!whole) failed.add(b.name);
        loaded.set(b.name, whole ? pages : undefined);
      }
      return loaded.get(b.name)?.get(key);
    },
  };
}

function fileHash(file: string): string | undefined {
  try {
    return contentHash(readFileSync(file));
  } catch {
    return undefined;
  }
}
