// A locale's index after a few of its pages changed, made from the index the last build assembled (its
// entry and IndexAssembly: every term's postings as they ship, title and word counts) rather than from
// every page's terms again: the changed pages' postings are cut out of the terms they had and the new
// ones merged in, by doc number, and the word and title counts moved by what the pages had and have; the
// chunks' rows of the other pages are sliced out of the last index's chunks (their records are not made). The
// result is the index assembleIndex makes of the same pages, byte for byte (index-update.test.ts compares
// them); whatever an update cannot do exactly (pages added, removed or moved, a page with a different
// number of records, the site's common title words changing) it declines, and the index is assembled.
import type { IndexEntry } from '../shared/search-index.ts';
import { COMMON_TITLE_SHARE, indexOf, PART_BYTES, rowsOf, shardJson, type BuiltIndex, type IndexAssembly, type IndexPage } from './local-index.ts';
import { commonTerms, termsOf, visitPostings, wordsOf, type PageTerms } from './page-terms.ts';
import type { PageTermsLookup } from './terms-pieces.ts';

/** What an update starts from: the last build's index of the locale, and the JSON of its parts (shards and chunks) by name. */
export interface AssembledIndex {
  entry: IndexEntry;
  assembly: IndexAssembly;
  parts: Map<string, string>;
}

/** Beyond this share of a locale's pages changed, assembling the index from every page is as quick. */
const MAX_CHANGED_SHARE = 0.25;

/** One changed page: its number, where its docs start, how many, its terms in the last build and in this one, its chunk row now. */
interface Edit {
  page: number;
  start: number;
  count: number;
  before: PageTerms;
  after: PageTerms;
  row: string;
}

/**
 * The index of the locale's pages (`keys`: each page's key, in order), from `prev` and the last build's
 * terms of the pages that changed (`known`, by page key); undefined when it has to be assembled instead.
 * `pageAt` gives a page's records and terms, and is asked only for the pages whose key changed: the others'
 * chunk rows are taken from the last index's chunks.
 */
export function updateIndex(prev: AssembledIndex, keys: string[], pageAt: (i: number) => IndexPage, known: Pick<PageTermsLookup, 'get'>, siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex | undefined {
  const a = prev.assembly;
  if (a.siteUrl !== siteUrl || prev.entry.dir !== `${locale}/` || a.keys.length !== keys.length) return undefined;
  const edits: Edit[] = [];
  let start = 0;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== a.keys[i]) {
      const before = known.get(a.keys[i]!);
      if (!before) return undefined;
      const page = pageAt(i);
      const row = rowsOf([page.records], siteUrl).rows.map((r) => JSON.stringify(r));
      if (page.records.length !== a.docCounts[i] || row.length !== 1) return undefined;
      edits.push({ page: i, start, count: a.docCounts[i]!, before, after: page.terms, row: row[0]! });
      if (edits.length > keys.length * MAX_CHANGED_SHARE) return undefined;
    }
    start += a.docCounts[i]!;
  }
  const rows = oldRows(prev);
  if (!rows) return undefined;
  // One row per page, as assembleIndex makes them: a changed page's path differs from its neighbours'.
  const pathOf = (row: string) => (JSON.parse(row) as [string])[0];
  for (const e of edits) {
    const path = pathOf(e.row);
    for (const n of [e.page - 1, e.page + 1]) {
      if (n < 0 || n >= keys.length) continue;
      const edited = edits.find((o) => o.page === n);
      if (pathOf(edited ? edited.row : rows.json(n)) === path) return undefined;
    }
  }

  const terms = split(prev.entry.terms, a.offsets.length - 1);
  // Title counts: the site's common title words must stay the same (every element length depends on them).
  let titles = a.titles;
  const titleDelta = new Map<string, number>();
  for (const e of edits) titles += countTitles(e.before, -1, titleDelta) + countTitles(e.after, 1, titleDelta);
  const titleCount = new Map<string, number>();
  for (let t = 0; t < terms.length; t++) if (a.titleCounts[t]! > 0) titleCount.set(terms[t]!, a.titleCounts[t]!);
  for (const [name, n] of titleDelta) titleCount.set(name, (titleCount.get(name) ?? 0) + n);
  const common = [...titleCount].filter(([, n]) => n >= 3 && n >= titles * COMMON_TITLE_SHARE).map(([name]) => name).sort();
  if (common.length !== prev.entry.common.length || common.some((name, i) => name !== prev.entry.common[i])) return undefined;
  const isCommon = new Set(common);

  const { added, affected } = changedTerms(edits, isCommon);

  // Each affected term's postings: the last build's, less those of the changed pages' docs, with the new ones
  // (written into a typed array: most of what is copied is the postings of the other pages). A term whose
  // postings come out as they were is not redone: appending a paragraph redoes the terms it brings.
  const rewritten = new Map<string, Int32Array>();
  for (const name of affected) {
    const t = indexIn(terms, name);
    const add = added.get(name) ?? [];
    const from = t >= 0 ? a.offsets[t]! : 0;
    const to = t >= 0 ? a.offsets[t + 1]! : 0;
    const out = new Int32Array(to - from + add.length);
    let w = 0;
    let last = 0;
    let ai = 0;
    const emitAdded = (before: number) => {
      while (ai < add.length && add[ai]! < before) {
        const doc = add[ai]!;
        const n = add[ai + 1]!;
        out[w++] = doc - last;
        out[w++] = n;
        for (let j = 0; j < n; j++) out[w++] = add[ai + 2 + j]!;
        last = doc;
        ai += 2 + n;
      }
    };
    // The edit (in doc order) that the current doc is in or before. Postings kept as they were are copied in
    // runs, in one call each: only a run's first posting gets a new delta (from the doc written before it).
    let ei = 0;
    let runStart = -1;
    let runEnd = 0;
    let runFirst = 0;
    let runLast = 0;
    const flush = () => {
      if (runStart < 0) return;
      out[w++] = runFirst - last;
      out.set(a.flats.subarray(runStart + 1, runEnd), w);
      w += runEnd - runStart - 1;
      last = runLast;
      runStart = -1;
    };
    for (let q = from, doc = 0; q < to; ) {
      doc += a.flats[q]!;
      const n = a.flats[q + 1]!;
      while (ei < edits.length && doc >= edits[ei]!.start + edits[ei]!.count) ei++;
      if (ei >= edits.length || doc < edits[ei]!.start) {
        if (ai < add.length && add[ai]! < doc) {
          flush();
          emitAdded(doc);
        }
        if (runStart < 0) {
          runStart = q;
          runFirst = doc;
        }
        runEnd = q + 2 + n;
        runLast = doc;
      } else flush();
      q += 2 + n;
    }
    flush();
    emitAdded(Infinity);
    if (t >= 0 && w === to - from && sameRange(out, a.flats, from, w)) continue;
    rewritten.set(name, out.subarray(0, w));
  }

  // The terms now: those that still have postings, and the new ones, in order.
  const fresh = [...rewritten].filter(([name, flat]) => flat.length > 0 && indexIn(terms, name) < 0).map(([name]) => name).sort();
  const newTerms: string[] = [];
  const oldIndex: number[] = [];
  for (let i = 0, j = 0; i < terms.length || j < fresh.length; ) {
    if (j < fresh.length && (i >= terms.length || fresh[j]! < terms[i]!)) {
      newTerms.push(fresh[j++]!);
      oldIndex.push(-1);
    } else {
      if (rewritten.get(terms[i]!)?.length !== 0) {
        newTerms.push(terms[i]!);
        oldIndex.push(i);
      }
      i++;
    }
  }
  const newIndexOf = new Int32Array(terms.length).fill(-1);
  oldIndex.forEach((o, n) => o >= 0 && (newIndexOf[o] = n));
  // The postings of the new terms, by new index (few), and then of all terms in one array: the others' in
  // runs of the last index's.
  const redone: (Int32Array | undefined)[] = [];
  for (const [name, flat] of rewritten) if (flat.length > 0) redone[indexIn(newTerms, name)] = flat;
  const offsets = new Int32Array(newTerms.length + 1);
  for (let n = 0; n < newTerms.length; n++) {
    const o = oldIndex[n]!;
    offsets[n + 1] = offsets[n]! + (redone[n]?.length ?? a.offsets[o + 1]! - a.offsets[o]!);
  }
  const flats = new Int32Array(offsets[newTerms.length]!);
  for (let n = 0; n < newTerms.length; ) {
    const flat = redone[n];
    if (flat) {
      flats.set(flat, offsets[n]!);
      n++;
      continue;
    }
    // A run of terms kept as they were, next to each other in the last index too.
    let end = n + 1;
    while (end < newTerms.length && !redone[end] && oldIndex[end] === oldIndex[end - 1]! + 1) end++;
    flats.set(a.flats.subarray(a.offsets[oldIndex[n]!]!, a.offsets[oldIndex[end - 1]! + 1]!), offsets[n]!);
    n = end;
  }
  const titleCounts = new Int32Array(newTerms.length);
  for (let n = 0; n < newTerms.length; n++) if (oldIndex[n]! >= 0) titleCounts[n] = a.titleCounts[oldIndex[n]!]!;
  for (const [name, d] of titleDelta) {
    if (d === 0) continue;
    const n = indexIn(newTerms, name);
    // A title term always has postings (the title is indexed): if not, these are not pages assembleIndex makes.
    if (n < 0) return undefined;
    titleCounts[n] = titleCounts[n]! + d;
  }

  // Words: on how many pages each is (in a title, keyword or heading on how many), and its term.
  const words = split(prev.entry.words, prev.entry.wordTerm.length);
  const wordDelta = new Map<string, { pages: number; structured: number; term: string }>();
  for (const e of edits) {
    countWords(e.before, -1, wordDelta);
    countWords(e.after, 1, wordDelta);
  }
  const freshWords = [...wordDelta].filter(([word, d]) => d.pages > 0 && indexIn(words, word) < 0).map(([word]) => word).sort();
  const newWords: string[] = [];
  const wordTerm: number[] = [];
  const wordPages: number[] = [];
  const wordStructured: number[] = [];
  const pushWord = (word: string, term: number, pages: number, structured: number) => {
    newWords.push(word);
    wordTerm.push(term);
    wordPages.push(pages);
    wordStructured.push(structured);
  };
  for (let i = 0, j = 0; i < words.length || j < freshWords.length; ) {
    if (j < freshWords.length && (i >= words.length || freshWords[j]! < words[i]!)) {
      const word = freshWords[j++]!;
      const d = wordDelta.get(word)!;
      const term = indexIn(newTerms, d.term);
      if (term < 0) return undefined;
      pushWord(word, term, d.pages, d.structured);
    } else {
      const word = words[i]!;
      const d = wordDelta.get(word);
      const pages = a.wordPages[i]! + (d?.pages ?? 0);
      if (pages > 0) {
        const term = newIndexOf[prev.entry.wordTerm[i]!]!;
        if (term < 0) return undefined;
        pushWord(word, term, pages, a.wordStructuredPages[i]! + (d?.structured ?? 0));
      }
      i++;
    }
  }

  // The last index's shards by their first term: one whose terms are all kept as they were is kept whole.
  const oldShards = new Map(prev.entry.shards.map(([first, name], s) => [first, { name, last: (prev.entry.shards[s + 1]?.[0] ?? terms.length) - 1 }]));
  // The chunks' rows: the changed pages' made now, the others' as the last index's chunks hold them.
  const editAt = new Map(edits.map((e) => [e.page, e]));
  const rowLengths = Int32Array.from(a.rowLengths);
  for (const e of edits) rowLengths[e.page] = e.row.length;
  const oldChunks = new Map(prev.entry.chunks.map(([first, name], c) => [first, { name, last: (prev.entry.chunks[c + 1]?.[0] ?? keys.length) - 1 }]));
  const keptChunk = (first: number, last: number) => {
    const old = oldChunks.get(first);
    const json = old && prev.parts.get(old.name);
    if (!old || json === undefined || old.last !== last) return undefined;
    for (let i = first; i <= last; i++) if (editAt.has(i)) return undefined;
    return { name: old.name, json };
  };
  const index = indexOf({
    locale,
    siteUrl,
    partBytes,
    rows: { count: keys.length, length: (i) => rowLengths[i]!, json: (i) => editAt.get(i)?.row ?? rows.json(i), pageDocs: prev.entry.pageDocs },
    terms: newTerms,
    offsets,
    common,
    words: newWords,
    wordTerm,
    wordFlags: wordStructured.map((n) => (n > 0 ? '1' : '0')).join(''),
  }, (first, last) => keptShard(prev, oldShards, oldIndex, redone, first, last) ?? shardJson(flats, offsets, first, last), keptChunk);
  return {
    ...index,
    assembly: { siteUrl, keys, docCounts: a.docCounts, flats, offsets, titleCounts, titles, wordPages: Int32Array.from(wordPages), wordStructuredPages: Int32Array.from(wordStructured), rowLengths },
  };
}

/**
 * The last index's chunk rows, by page: each a slice of its chunk's JSON (`[row,row,…]`), found by the rows'
 * lengths; undefined when the chunks are not as the assembly describes them.
 */
function oldRows(prev: AssembledIndex): { json: (i: number) => string } | undefined {
  const { rowLengths } = prev.assembly;
  const { chunks } = prev.entry;
  if (!(rowLengths instanceof Int32Array) || rowLengths.length !== prev.entry.pages) return undefined;
  const chunkOf = new Int32Array(rowLengths.length);
  const at = new Int32Array(rowLengths.length);
  for (let c = 0; c < chunks.length; c++) {
    const first = chunks[c]![0];
    const end = chunks[c + 1]?.[0] ?? rowLengths.length;
    const json = prev.parts.get(chunks[c]![1]);
    let offset = 1;
    for (let i = first; i < end; i++) {
      chunkOf[i] = c;
      at[i] = offset;
      offset += rowLengths[i]! + 1;
    }
    if (json === undefined || json.length !== offset) return undefined;
  }
  return { json: (i) => prev.parts.get(chunks[chunkOf[i]!]![1])!.slice(at[i]!, at[i]! + rowLengths[i]!) };
}

/** The last index's shard of the same terms, when they are all as they were (no term added, removed or redone). */
function keptShard(prev: AssembledIndex, oldShards: Map<number, { name: string; last: number }>, oldIndex: number[], redone: (Int32Array | undefined)[], first: number, last: number): { name: string; json: string } | undefined {
  const o = oldIndex[first]!;
  const old = o >= 0 ? oldShards.get(o) : undefined;
  const json = old && prev.parts.get(old.name);
  if (!old || json === undefined || old.last - o !== last - first) return undefined;
  for (let n = first; n <= last; n++) if (redone[n] || oldIndex[n] !== o + n - first) return undefined;
  return { name: old.name, json };
}

/** The first `n` numbers of `out` are those of `flats` from `from`. */
function sameRange(out: Int32Array, flats: Int32Array, from: number, n: number): boolean {
  // Compared as bytes, natively: the postings of a term as common as 'the' run to thousands of numbers.
  return Buffer.from(out.buffer, out.byteOffset, n * 4).equals(Buffer.from(flats.buffer, flats.byteOffset + from * 4, n * 4));
}

/** `n` strings joined by spaces (one empty string is not none). */
const split = (joined: string, n: number): string[] => (n === 0 ? [] : joined.split(' '));

/** The index of `name` in the sorted `list` (the order of sort(): UTF-16 code units, as `<` compares), or -1. */
function indexIn(list: string[], name: string): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!;
    if (at === name) return mid;
    if (at < name) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Adds `sign` to the title count of each term of the page's titles (distinct per title); returns the titles' count times `sign`. */
function countTitles(page: PageTerms, sign: number, delta: Map<string, number>): number {
  const names = termsOf(page);
  const { docs } = page;
  let titles = 0;
  for (let q = 0; q < docs.length; ) {
    const n = docs[q++]!;
    if (n >= 0) {
      titles += sign;
      const distinct = new Set<string>();
      for (let j = 0; j < n; j++) distinct.add(names[docs[q++]!]!);
      for (const name of distinct) delta.set(name, (delta.get(name) ?? 0) + sign);
    }
    for (let e = docs[q++]!; e > 0; e--) q += docs[q]! + 1;
    q += docs[q]! + 1;
  }
  return titles;
}

/** Adds `sign` to the page count (and the structured count) of each of the page's words. */
function countWords(page: PageTerms, sign: number, delta: Map<string, { pages: number; structured: number; term: string }>): void {
  const names = termsOf(page);
  const words = wordsOf(page);
  words.forEach((word, w) => {
    const info = page.wordInfo[w]!;
    let d = delta.get(word);
    if (!d) delta.set(word, (d = { pages: 0, structured: 0, term: names[info >> 1]! }));
    d.pages += sign;
    d.structured += sign * (info & 1);
  });
}

/**
 * The changed pages' postings now, by term (`added`: [doc, number of codes, the codes] after one another, docs
 * in order), and the terms whose postings in those pages are not what they were (`affected`). The others are
 * the same in the whole index (the pages keep their docs' numbers, the common title words and so the codes are
 * the same): their postings across the locale are not walked. An appended paragraph changes the postings of
 * its own terms and of those that share its element, not of every term of the page.
 */
export function changedTerms(edits: Pick<Edit, 'start' | 'before' | 'after'>[], isCommon: Set<string>): { added: Map<string, number[]>; affected: Set<string> } {
  const added = new Map<string, number[]>();
  const removed = new Map<string, number[]>();
  for (const e of edits) {
    addPostings(e.after, e.start, isCommon, added);
    addPostings(e.before, e.start, isCommon, removed);
  }
  const affected = new Set<string>();
  for (const [name, list] of added) if (!samePostings(list, removed.get(name))) affected.add(name);
  for (const name of removed.keys()) if (!added.has(name)) affected.add(name);
  return { added, affected };
}

/** A page's postings, as assembleIndex ships them (its docs numbered from `start`, its first), by term. */
function addPostings(page: PageTerms, start: number, isCommon: Set<string>, added: Map<string, number[]>): void {
  const names = termsOf(page);
  let list: number[] = [];
  visitPostings(page, commonTerms(page, (t) => isCommon.has(names[t]!)), {
    posting: (doc, t, count) => {
      const known = added.get(names[t]!);
      if (known) list = known;
      else added.set(names[t]!, (list = []));
      list.push(start + doc, count);
    },
    code: (n) => list.push(n),
  });
}

function samePostings(a: number[], b: number[] | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
