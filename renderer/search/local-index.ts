// The local engine's per-locale index (see renderer/shared/search-index.ts for its files): records are
// tokenized with the locale's language (folding, stop words, stems), postings are grouped into term
// shards and display data into page chunks of bounded size, each file named by its content hash so it can
// be cached forever. The entry is written under assets/search/, the parts in a folder beside it.
import { createHash } from 'node:crypto';
import { LEVELS } from '../shared/search-hit.ts';
import { F, type ChunkPage, type IndexEntry, type IndexSource, type Shard } from '../shared/search-index.ts';
import { searchLanguageOf } from '../shared/search-lang.ts';
import { PageAnalyser, pagesOf, termsOf, wordsOf, type PageTerms } from './page-terms.ts';
import type { SearchRecord } from './records.ts';

/** Raw JSON size a shard or chunk grows to before the next one starts (about a third of it gzipped). */
export const PART_BYTES = { shard: 16_000, chunk: 12_000 };
/** A title word in this share of page titles or more ('Amazon', 'AWS') does not count as part of a name. */
const COMMON_TITLE_SHARE = 0.2;

export interface BuiltIndex {
  entry: IndexEntry;
  /** File name (in entry.dir) → JSON. */
  parts: Map<string, string>;
}

/** Builds a locale's index from its records. */
export function buildLocalIndex(records: SearchRecord[], siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex {
  const analyser = new PageAnalyser(searchLanguageOf(locale));
  return assembleIndex(pagesOf(records).map((page) => ({ records: page, terms: analyser.analyse(page) })), siteUrl, locale, partBytes);
}

/** One page of the index: its records (consecutive, one URL) and their terms (page-terms.ts). */
export interface IndexPage {
  records: SearchRecord[];
  terms: PageTerms;
}

/**
 * The index of a locale's pages, in order, from each page's terms: whether they were analysed in this build
 * or kept from an earlier one, the index is the same. Terms get small ids so that postings are gathered in
 * arrays rather than looked up by string per occurrence.
 */
export function assembleIndex(input: IndexPage[], siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex {
  const lang = searchLanguageOf(locale);
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
  // Every indexed word, with its term and whether any page has it in a title, keyword or heading.
  const wordInfo = new Map<string, { term: number; structured: boolean }>();
  input.forEach((p, i) => {
    const words = wordsOf(p.terms);
    const info = p.terms.wordInfo;
    for (let w = 0; w < words.length; w++) {
      const known = wordInfo.get(words[w]!);
      const structured = (info[w]! & 1) === 1;
      if (!known) wordInfo.set(words[w]!, { term: ids[i]![info[w]! >> 1]!, structured });
      else if (structured) known.structured = true;
    }
  });

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

  const pages: ChunkPage[] = [];
  const pageDocs: number[] = [];
  // Postings by term id, as they ship: doc delta, number of codes, the codes; docs come in order.
  const flats: number[][] = [];
  const lasts = new Int32Array(termNames.length);
  const lens: number[] = [];

  let doc = 0;
  input.forEach((p, i) => {
    const id = ids[i]!;
    // Where the next record starts in the page's terms.
    let q = 0;
    p.records.forEach((r) => {
      const path = r.url_without_anchor.slice(siteUrl.length);
      let page = pages[pages.length - 1];
      if (!page || page[0] !== path) {
        page = [path, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', []];
        pages.push(page);
        pageDocs.push(doc);
      }
      const rest = LEVELS.slice(2).map((l) => r.hierarchy[l]);
      while (rest.length > 0 && rest[rest.length - 1] === null) rest.pop();
      page[3].push([r.anchor ? encodeURIComponent(r.anchor) : '', r.type, rest, r.content]);

      // This record in the page's terms: its title terms (counted above), then its elements and postings.
      const docs = p.terms.docs;
      const title = docs[q++]!;
      if (title > 0) q += title;
      // An element's length: its distinct terms, the site's common title words aside (as it goes into a code).
      lens.length = 0;
      for (let e = docs[q++]!; e > 0; e--) {
        let n = 0;
        for (let j = docs[q++]!; j > 0; j--) if (!isCommon[id[docs[q++]!]!]) n++;
        lens.push(Math.min(n, 31) * 16);
      }
      const end = q + 1 + docs[q]!;
      for (q++; q < end; ) {
        const term = id[docs[q]!]!;
        const n = docs[q + 1]!;
        const tf = docs[q + 2]!;
        q += 3;
        const flat = flats[term] ?? (flats[term] = []);
        flat.push(doc - lasts[term]!, tf ? n + 1 : n);
        for (let j = 0; j < n; j++, q += 2) flat.push(docs[q]! + lens[docs[q + 1]!]!);
        if (tf) flat.push(tf * 16 + F.content);
        lasts[term] = doc;
      }
      doc++;
    });
  });

  // Only terms with postings are indexed, in the order of their names. Sorted without a comparator: the
  // order is the same (UTF-16 code units, the strings are distinct) and the native sort of strings is
  // several times faster than calling a function per comparison.
  const terms = termNames.filter((_, id) => flats[id] !== undefined).sort();
  const sortedIds = terms.map((term) => termIds.get(term)!);
  const sortedIndex: number[] = [];
  sortedIds.forEach((id, i) => (sortedIndex[id] = i));
  const words = [...wordInfo.keys()].sort().map((word) => ({ word, ...wordInfo.get(word)! }));
  const parts = new Map<string, string>();
  const store = (json: string): string => {
    const name = createHash('sha256').update(json).digest('hex').slice(0, 12) + '.json';
    parts.set(name, json);
    return name;
  };

  const shards: IndexEntry['shards'] = [];
  let shard: Shard = [];
  let first = 0;
  let size = 0;
  sortedIds.forEach((id, i) => {
    const flat = flats[id]!;
    shard.push(flat);
    // About the JSON size: small numbers, most of one or two digits and a comma.
    size += flat.length * 3 + 3;
    if (size >= partBytes.shard || i === terms.length - 1) {
      shards.push([first, store(JSON.stringify(shard))]);
      shard = [];
      first = i + 1;
      size = 0;
    }
  });

  const chunks: IndexEntry['chunks'] = [];
  // Each page's JSON, measured and then joined: a chunk's JSON is its pages' JSON in brackets.
  let chunk: string[] = [];
  let firstPage = 0;
  size = 0;
  pages.forEach((page, i) => {
    const json = JSON.stringify(page);
    chunk.push(json);
    size += json.length;
    if (size >= partBytes.chunk || i === pages.length - 1) {
      chunks.push([firstPage, store(`[${chunk.join(',')}]`)]);
      chunk = [];
      firstPage = i + 1;
      size = 0;
    }
  });

  const entry: IndexEntry = {
    v: 2,
    lang,
    dir: `${locale}/`,
    pages: pages.length,
    pageDocs: pageDocs.map((d, i) => d - (i > 0 ? pageDocs[i - 1]! : 0)),
    words: words.map((w) => w.word).join(' '),
    wordTerm: words.map((w) => sortedIndex[w.term]!),
    wordFlags: words.map((w) => (w.structured ? '1' : '0')).join(''),
    terms: terms.join(' '),
    common,
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

/** Where a locale's index entry is written, below the output folder. */
export const indexEntryFile = (locale: string, hash: string) => `assets/search/index.${locale}.${hash}.json`;

/**
 * A locale's index as output files. `hash` names the entry: given, it was derived from what the index is
 * made from (build-search.ts), so that pages naming it can be rendered while the index is built; without
 * it, the entry's contents are hashed.
 */
export function indexFiles(built: BuiltIndex, locale: string, baseUrl: string, hash?: string): LocaleIndexFiles {
  const json = JSON.stringify(built.entry);
  const file = indexEntryFile(locale, hash ?? createHash('sha256').update(json).digest('hex').slice(0, 10));
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
