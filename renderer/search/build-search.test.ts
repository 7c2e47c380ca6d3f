// The search stage keys a warm build's indexes without making their records: a page whose doc (by the
// cache's key of it) and place (path, level 0, locale, options) are those of a page of the last run takes
// that page's key as it was. The indexes are still exactly those a run without any cache makes.
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../build.ts';
import { makeSite, minimalContent, page } from '../../test/helpers/fixture-site.ts';
import type { RouteEntry, RouteTable } from '../routes/route-table.ts';
import { buildSearch, buildSearchWith, RecordPieces, recordsOfPieces, type IndexInput } from './build-search.ts';
import { docsTagOf, pageRecords, searchPages } from './records.ts';
import { MemoryIndexCache } from './memory-index-cache.ts';

/** The serve cache, plus what the build cache adds: docs' keys (given by the test) and page keys by doc key. */
class DocKeyedCache extends MemoryIndexCache {
  private readonly kept = new Map<string, Map<string, string>>();
  constructor(private readonly docKeyOf: (locale: string, relPath: string) => string | undefined) {
    super();
  }
  docKey(locale: string, relPath: string): string | undefined {
    return this.docKeyOf(locale, relPath);
  }
  recordKeys(locale: string): Map<string, string> {
    return new Map(this.kept.get(locale));
  }
  setRecordKeys(locale: string, keys: Map<string, string>): void {
    this.kept.set(locale, keys);
  }
}

/** The table with each doc counting the reads of its text sections (what its search records are made from). */
function counting(table: RouteTable): { table: RouteTable; reads: () => number } {
  let reads = 0;
  const routes = table.routes.map((entry): RouteEntry => {
    if (!entry.doc) return entry;
    const doc = new Proxy(entry.doc, {
      get(target, prop, receiver) {
        if (prop === 'sections') reads++;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    return { ...entry, doc };
  });
  return { table: { ...table, routes, byPath: new Map(routes.map((r) => [r.data.path, r])) }, reads: () => reads };
}

/** The table with the category `key` of `locale` labelled `label` on the docs root (its pages' level 0). */
function relabelled(table: RouteTable, locale: string, key: string, label: string): RouteTable {
  const routes = table.routes.map((entry): RouteEntry => {
    if (entry.data.locale !== locale || entry.data.kind !== 'docsRoot') return entry;
    return { ...entry, data: { ...entry.data, docsRoot: entry.data.docsRoot!.map((c) => (c.key === key ? { ...c, label } : c)) } };
  });
  return { ...table, routes, byPath: new Map(routes.map((r) => [r.data.path, r])) };
}

const codeKey = () => 'code';
let result: BuildResult;

beforeAll(async () => {
  const root = makeSite({ ...minimalContent, 'content/en/compute/s3.md': page('Amazon S3', '## Buckets\n\nObjects in buckets.') });
  result = await build({ root, write: false, bundle: false });
});

const search = (table: RouteTable, cache?: MemoryIndexCache) => buildSearch(result.loaded, result.locales, table, cache, codeKey);
/** The index files and each locale's index URL: what the output gets from the search stage. */
const outputOf = (table: RouteTable, cache?: MemoryIndexCache) => {
  const made = search(table, cache);
  return { files: made.files, urls: [...made.settings].map(([locale, s]) => [locale, s.engine === 'local' ? s.indexUrl : '']) };
};

describe('search stage: page keys by doc key', () => {
  it('a run with nothing changed makes no record, and its indexes are those of a run without a cache', () => {
    const cache = new DocKeyedCache((locale, relPath) => `${locale}:${relPath}`);
    const clean = outputOf(result.table);
    expect(outputOf(result.table, cache)).toEqual(clean);
    const again = counting(result.table);
    expect(outputOf(again.table, cache)).toEqual(clean);
    expect(again.reads(), 'text sections read to make records').toBe(0);
  });

  it('a page whose level 0 changed (its category relabelled) is keyed afresh: the index changes as without a cache', () => {
    const cache = new DocKeyedCache((locale, relPath) => `${locale}:${relPath}`);
    search(result.table, cache);
    const table = relabelled(result.table, 'en', 'compute', 'Computing');
    const clean = outputOf(table);
    expect(clean).not.toEqual(outputOf(result.table));
    expect(outputOf(table, cache)).toEqual(clean);
  });

  it('a page whose doc key changed is keyed afresh; a page without a doc key is keyed by its records', () => {
    let version = 1;
    const cache = new DocKeyedCache((locale, relPath) => (relPath === 'start.md' ? undefined : `${locale}:${relPath}:${relPath === 'compute/s3.md' ? version : 0}`));
    search(result.table, cache);
    // The doc changes (its title) and so does its key.
    const s3 = result.table.routes.find((r) => r.data.locale === 'en' && r.doc?.relPath === 'compute/s3.md')!;
    const routes = result.table.routes.map((r) => (r === s3 ? { ...r, doc: { ...r.doc!, title: 'Amazon Simple Storage Service' } } : r));
    const table = { ...result.table, routes, byPath: new Map(routes.map((r) => [r.data.path, r])) };
    version = 2;
    const clean = outputOf(table);
    expect(clean).not.toEqual(outputOf(result.table));
    const warm = counting(table);
    expect(outputOf(warm.table, cache)).toEqual(clean);
    // Read: the changed page's, the pages without a doc key (start.md in each locale), and every record of
    // the locale whose index is made again.
    expect(warm.reads()).toBeGreaterThan(0);
  });
});

describe('search stage: what a worker is sent', () => {
  /** The jobs a builder is given (none built: the test reads only their input). */
  const sentOf = (cache?: MemoryIndexCache, key?: () => string): IndexInput[] => {
    const sent: IndexInput[] = [];
    buildSearchWith((jobs) => (sent.push(...jobs), jobs.map(() => new Promise<never>(() => undefined))), result.loaded, result.locales, result.table, key, cache);
    return sent;
  };
  /** Every page's records, in order. */
  const expected = (locale: string) => {
    const { config } = result.loaded;
    const { entries, labels } = searchPages(result.table, locale);
    return entries.flatMap((entry) => pageRecords(entry, labels, { siteUrl: config.url, docsTag: docsTagOf(config.docs.pluginId, config.docs.version.name) }));
  };
  const hex = (jobs: IndexInput[]) => jobs.map((j) => j.input.map((p) => Buffer.from(p).toString('hex')));

  it('is the records as JSON in pieces of whole pages, whether made with the keys, made again, or without keys', () => {
    const { config } = result.loaded;
    // Made with the page keys, in the same pass (every page keyed from its records).
    const keyed = sentOf(new DocKeyedCache((locale, relPath) => `${locale}:${relPath}`), codeKey);
    // A cache that knows every page's key but not the index: the records' JSON is made when a job is sent.
    const known = new DocKeyedCache((locale, relPath) => `${locale}:${relPath}`);
    search(result.table, known);
    const keysOnly = new DocKeyedCache((locale, relPath) => `${locale}:${relPath}`);
    for (const l of result.locales) keysOnly.setRecordKeys(l.code, known.recordKeys(l.code));
    const again = sentOf(keysOnly, codeKey);
    const unkeyed = sentOf();
    expect(keyed.length).toBe(result.locales.length);
    expect(hex(again)).toEqual(hex(keyed));
    expect(hex(unkeyed)).toEqual(hex(keyed));
    for (const job of keyed) {
      expect([job.siteUrl, job.baseUrl]).toEqual([config.url, config.baseUrl]);
      expect(recordsOfPieces([...job.input])).toEqual(expected(job.locale));
    }
    expect(keyed.map((j) => j.pageKeys)).toEqual(again.map((j) => j.pageKeys));
    expect(unkeyed.every((j) => j.pageKeys === undefined)).toBe(true);
  });
});

describe('RecordPieces', () => {
  it('cuts only between pages, each piece below the mmap threshold, and is read back a piece at a time', () => {
    const pages = Array.from({ length: 300 }, (_, p) => Array.from({ length: 1 + (p % 4) }, (_, r) => ({ objectID: `p${p}-${r}`, content: `ã😀 ${'word '.repeat(40 + p)}` })));
    const pieces = new RecordPieces();
    for (const page of pages) pieces.add(JSON.stringify(page).slice(1, -1));
    pieces.add('');
    const made = pieces.end();
    expect(made.length).toBeGreaterThan(5);
    const ids = (records: { objectID: string }[]) => records.map((r) => r.objectID);
    // Every piece is the records of whole pages: a page's first record starts it, its page's last ends it.
    for (const piece of made) {
      expect(piece.byteLength).toBeLessThan(128 * 1024);
      const records = JSON.parse(Buffer.from(piece).toString('utf8')) as { objectID: string }[];
      expect(records[0]!.objectID).toMatch(/-0$/);
      const last = records.at(-1)!.objectID;
      expect(pages.some((page) => page.at(-1)!.objectID === last)).toBe(true);
    }
    const taken = [...made];
    expect(ids(recordsOfPieces(taken) as never)).toEqual(ids(pages.flat()));
    expect(taken).toEqual([]);
  });
});
