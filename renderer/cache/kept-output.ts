// What the build cache remembers of the output folder a build committed, so that the next build keeps the
// files that come out the same instead of making and writing them again (write.ts, FolderOutput.keep): each
// file's record (what it was made from, and the file itself), and each page's links and ids — the link
// check needs them for a page that is kept, and would otherwise read and scan its HTML.
import type { LinkCheckResult, PageScan } from '../links/check.ts';
import type { FileRecord } from '../write.ts';

/**
 * The entry as stored. Scans share one table of strings (every page repeats the navbar's, sidebar's and
 * footer's links): each page's is a list of indexes into it, ids first (`[idCount, …ids, …hrefs]`), which
 * reads back in a few milliseconds where 80,000 separate strings took tens.
 */
export interface KeptOutputEntry {
  files: Map<string, FileRecord>;
  strings: string[];
  /** By the page's scan key (BuildCache.scanKey: its document's key less the names an edit elsewhere changes). */
  scans: Map<string, Uint32Array>;
  /** The link check of that output, page by page (BuildCache.linkCheck). */
  links?: RememberedLinkCheck;
  /**
   * How many of `strings` the last packing of every page made: those after were added for the pages rendered
   * since (ScanStore.entry), and some before may be of pages no longer there.
   */
  packed?: number;
}

/**
 * The link check, page by page: `routes` keys what every page's links resolve against (the base URLs, each
 * route's path and output file); each checked page's result, under its own key, with what it needed.
 */
export interface RememberedLinkCheck {
  routes: string;
  pages: Map<string, RememberedPageCheck>;
}

/** One page's check (BuildCache.linkCheck): by its output file. */
export interface RememberedPageCheck {
  /** The page's scan key, path, and its doc's file and written links (the lines messages quote). */
  key: string;
  /** The pages whose ids its links' fragments were looked up in, each followed by its scan key then. */
  ids: string[];
  /** Paths that were among the other files, and paths that were not. */
  found: string[];
  missing: string[];
  /** Its broken links (none: undefined). */
  result?: LinkCheckResult;
}

export const isRememberedLinkCheck = (v: unknown): v is RememberedLinkCheck =>
  typeof v === 'object' && v !== null && typeof (v as RememberedLinkCheck).routes === 'string' && (v as RememberedLinkCheck).pages instanceof Map;

export const isKeptOutputEntry = (v: unknown): v is KeptOutputEntry =>
  typeof v === 'object' && v !== null && (v as KeptOutputEntry).files instanceof Map && Array.isArray((v as KeptOutputEntry).strings) && (v as KeptOutputEntry).scans instanceof Map;

/** The scans of the last build (read back on demand) and those of this one (kept for the next). */
export class ScanStore {
  private readonly now = new Map<string, PageScan>();
  /** The scans set by this build (pages rendered): only these are packed, unless all are (entry). */
  private readonly rescanned = new Set<string>();

  constructor(private readonly before?: KeptOutputEntry) {}

  /** The scan of the page made from `key`, as the last build recorded it. */
  get(key: string): PageScan | undefined {
    const packed = this.before?.scans.get(key);
    if (!packed) return undefined;
    const { strings } = this.before!;
    const idCount = packed[0]!;
    const ids = new Set<string>();
    const hrefs: string[] = [];
    for (let i = 1; i < packed.length; i++) {
      const s = strings[packed[i]!];
      if (s === undefined) return undefined; // A damaged entry: the page is rendered and scanned again.
      if (i <= idCount) ids.add(s);
      else hrefs.push(s);
    }
    const scan = { ids, hrefs };
    this.now.set(key, scan);
    return scan;
  }

  set(key: string, scan: PageScan): void {
    this.now.set(key, scan);
    this.rescanned.add(key);
  }

  /** The document keys of this build's pages so far. */
  keys(): IterableIterator<string> {
    return this.now.keys();
  }

  /** The entry for the next build: this output's files and the scans of its pages. */
  entry(files: Map<string, FileRecord>, links?: RememberedLinkCheck): KeptOutputEntry {
    const kept = this.keptEntry(files, links) ?? this.extendedEntry(files, links);
    if (kept) return kept;
    return this.packEntry(files, links, [], new Set(), undefined);
  }

  /**
   * When a few pages were rendered: the last entry's packed scans of the pages read back, as they are, and
   * the rendered ones packed with their strings added after the last entry's (repeats of its strings too:
   * looking them up would mean indexing its whole table). Packing every page's ~170 links again cost a
   * one-page build of the 150 × 3 corpus ~80,000 lookups. The strings of pages gone stay in the table until
   * the strings added since the last full packing are a quarter of those it made: then every page is packed.
   */
  private extendedEntry(files: Map<string, FileRecord>, links?: RememberedLinkCheck): KeptOutputEntry | undefined {
    const before = this.before;
    if (!before) return undefined;
    const made = packedOf(before);
    const entry = this.packEntry(files, links, before.strings.slice(), this.rescanned, made);
    return entry.strings.length - made > made / 4 ? undefined : entry;
  }

  /**
   * The entry with the scans of `pack` (all when undefined) packed with their strings added after `strings`;
   * the others' passed on from the last entry. `made`: the entry's `packed` (undefined: all packed now).
   */
  private packEntry(files: Map<string, FileRecord>, links: RememberedLinkCheck | undefined, strings: string[], pack: Set<string>, made: number | undefined): KeptOutputEntry {
    const index = new Map<string, number>();
    const at = (s: string) => {
      let i = index.get(s);
      if (i === undefined) {
        i = strings.push(s) - 1;
        index.set(s, i);
      }
      return i;
    };
    const scans = new Map<string, Uint32Array>();
    for (const [key, scan] of this.now) {
      const kept = made !== undefined && !pack.has(key) ? this.before!.scans.get(key) : undefined;
      if (kept) {
        scans.set(key, kept);
        continue;
      }
      const packed = new Uint32Array(1 + scan.ids.size + scan.hrefs.length);
      packed[0] = scan.ids.size;
      let i = 1;
      for (const id of scan.ids) packed[i++] = at(id);
      for (const href of scan.hrefs) packed[i++] = at(href);
      scans.set(key, packed);
    }
    return { files, strings, scans, packed: made ?? strings.length, ...(links ? { links } : {}) };
  }

  /**
   * When every page's scan was read back from the last entry (no page rendered), that entry's packed scans
   * and strings, as they are: packing ~80,000 links again cost a build with nothing changed ~5 ms.
   */
  private keptEntry(files: Map<string, FileRecord>, links?: RememberedLinkCheck): KeptOutputEntry | undefined {
    if (this.rescanned.size > 0 || !this.before) return undefined;
    const scans = new Map<string, Uint32Array>();
    for (const key of this.now.keys()) {
      const packed = this.before.scans.get(key);
      if (!packed) return undefined;
      scans.set(key, packed);
    }
    return { files, strings: this.before.strings, scans, packed: packedOf(this.before), ...(links ? { links } : {}) };
  }
}

/** An entry's `packed` (an older entry's, or one that makes no sense: every string counts as packed). */
const packedOf = (entry: KeptOutputEntry): number => (Number.isInteger(entry.packed) && entry.packed! >= 0 && entry.packed! <= entry.strings.length ? entry.packed! : entry.strings.length);

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** (A damaged or older entry's page is checked again.) */
export const isRememberedPageCheck = (v: unknown): v is RememberedPageCheck => {
  const c = v as RememberedPageCheck;
  return typeof v === 'object' && v !== null && typeof c.key === 'string' && isStrings(c.ids) && c.ids.length % 2 === 0 && isStrings(c.found) && isStrings(c.missing) && (c.result === undefined || (Array.isArray(c.result.links) && Array.isArray(c.result.anchors) && Array.isArray(c.result.ownUrls)));
};
