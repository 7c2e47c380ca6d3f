// The local engine's per-locale index (see renderer/shared/search-index.ts for its files): records are
// tokenized with the locale's language (folding, stop words, stems), postings are grouped into term
// shards and display data into page chunks of bounded size, each file named by its content hash so it can
// be cached forever. The entry is written under assets/search/, the parts in a folder beside it.
import { createHash } from 'node:crypto';
import { LEVELS } from '../shared/search-hit.ts';
import { F, POS_PER_ELEMENT, encode, type Chunk, type ChunkPage, type IndexEntry, type IndexSource, type Shard } from '../shared/search-index.ts';
import { fold, searchLanguageOf, termFunction } from '../shared/search-lang.ts';
import { tokenize } from '../shared/search-text.ts';
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

interface Element {
  field: number;
  index: number;
  text: string;
}

/** What is indexed of a record: page-level fields on the page's own record, its heading on a section's. */
function elementsOf(r: SearchRecord): Element[] {
  const out: Element[] = [];
  if (r.type === 'lvl1') {
    const title = r.hierarchy.lvl1 ?? '';
    out.push({ field: F.title, index: 0, text: title });
    // 'Amazon Simple Storage Service (Amazon S3)' is also 'Amazon Simple Storage Service' and 'Amazon S3':
    // either is the page's exact name.
    const paren = /^(.+?)\s*\(([^)]+)\)\s*$/.exec(title);
    if (paren) out.push({ field: F.title, index: 1, text: paren[1]! }, { field: F.title, index: 2, text: paren[2]! });
    (r.keywords ?? []).forEach((k, i) => out.push({ field: F.keyword, index: i, text: k }));
    if (r.description) out.push({ field: F.description, index: 0, text: r.description });
    out.push({ field: F.category, index: 0, text: r.hierarchy.lvl0 ?? '' });
  } else if (r.type !== 'content') {
    const level = Number(r.type.slice(3));
    out.push({ field: F.heading + level - 2, index: 0, text: r.hierarchy[r.type] ?? '' });
  }
  return out;
}

interface Known {
  word: string;
  term: string | null;
}

/** Calls `visit` for each word of a text that is not a stop word, with its folded form, term and position. */
type Tokens = (text: string, visit: (word: string, term: string, pos: number) => void) => void;

function tokenizer(termOf: (folded: string) => string | null): Tokens {
  // Text repeats its words: each distinct token is folded and stemmed once.
  const memo = new Map<string, Known>();
  return (text, visit) => {
    const raw = tokenize(text);
    for (let pos = 0; pos < raw.length; pos++) {
      let known = memo.get(raw[pos]!);
      if (!known) {
        const word = fold(raw[pos]!);
        memo.set(raw[pos]!, (known = { word, term: termOf(word) }));
      }
      if (known.term) visit(known.word, known.term, pos);
    }
  };
}

/** Postings of one term as they ship: doc delta, number of codes, the codes; docs come in order. */
interface TermPostings {
  flat: number[];
  last: number;
}

export function buildLocalIndex(records: SearchRecord[], siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex {
  const lang = searchLanguageOf(locale);
  const tokens = tokenizer(termFunction(lang));
  const pages: ChunkPage[] = [];
  const pageDocs: number[] = [];
  const postings = new Map<string, TermPostings>();
  // word → term; words seen in titles, keywords and headings.
  const wordTerm = new Map<string, string>();
  const structured = new Set<string>();

  const titleTerms = records
    .filter((r) => r.type === 'lvl1')
    .map((r) => {
      const set = new Set<string>();
      tokens(r.hierarchy.lvl1 ?? '', (_w, term) => set.add(term));
      return set;
    });
  const titleCount = new Map<string, number>();
  for (const set of titleTerms) for (const t of set) titleCount.set(t, (titleCount.get(t) ?? 0) + 1);
  const common = [...titleCount].filter(([, n]) => n >= 3 && n >= titleTerms.length * COMMON_TITLE_SHARE).map(([t]) => t).sort();
  const commonSet = new Set(common);

  records.forEach((r, doc) => {
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

    // This doc's codes by term: structured occurrences, then the body text's term frequency.
    const codes = new Map<string, number[]>();
    const add = (term: string, code: number) => {
      const list = codes.get(term);
      if (list) list.push(code);
      else codes.set(term, [code]);
    };
    for (const el of elementsOf(r)) {
      const toks: [string, string, number][] = [];
      tokens(el.text, (word, term, pos) => toks.push([word, term, pos]));
      const len = new Set(toks.filter((t) => !commonSet.has(t[1])).map((t) => t[1])).size;
      for (const [word, term, pos] of toks) {
        wordTerm.set(word, term);
        structured.add(word);
        add(term, encode(el.field, len, el.index * POS_PER_ELEMENT + Math.min(pos, POS_PER_ELEMENT - 1)));
      }
    }
    const tf = new Map<string, number>();
    // A page without intro text shows its description as its text: indexed once, as the description.
    const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
    tokens(text, (word, term) => {
      wordTerm.set(word, term);
      tf.set(term, (tf.get(term) ?? 0) + 1);
    });
    for (const [term, n] of tf) add(term, n * 16 + F.content);
    for (const [term, list] of codes) {
      let p = postings.get(term);
      if (!p) postings.set(term, (p = { flat: [], last: 0 }));
      p.flat.push(doc - p.last, list.length, ...list);
      p.last = doc;
    }
  });

  const terms = [...postings.keys()].sort();
  const termIndex = new Map(terms.map((t, i) => [t, i]));
  const words = [...wordTerm.keys()].sort();
  const parts = new Map<string, string>();
  const store = (value: unknown): string => {
    const json = JSON.stringify(value);
    const name = createHash('sha256').update(json).digest('hex').slice(0, 12) + '.json';
    parts.set(name, json);
    return name;
  };

  const shards: IndexEntry['shards'] = [];
  let shard: Shard = [];
  let first = 0;
  let size = 0;
  terms.forEach((term, i) => {
    const { flat } = postings.get(term)!;
    shard.push(flat);
    // About the JSON size: small numbers, most of one or two digits and a comma.
    size += flat.length * 3 + 3;
    if (size >= partBytes.shard || i === terms.length - 1) {
      shards.push([first, store(shard)]);
      shard = [];
      first = i + 1;
      size = 0;
    }
  });

  const chunks: IndexEntry['chunks'] = [];
  let chunk: Chunk = [];
  let firstPage = 0;
  size = 0;
  pages.forEach((page, i) => {
    chunk.push(page);
    size += JSON.stringify(page).length;
    if (size >= partBytes.chunk || i === pages.length - 1) {
      chunks.push([firstPage, store(chunk)]);
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
    words: words.join(' '),
    wordTerm: words.map((w) => termIndex.get(wordTerm.get(w)!)!),
    wordFlags: words.map((w) => (structured.has(w) ? '1' : '0')).join(''),
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

/** The output files of a locale's index: the entry (its URL goes to the browser) and its parts. */
export function indexFiles(built: BuiltIndex, locale: string, baseUrl: string): { entry: IndexFile; parts: Map<string, string> } {
  const json = JSON.stringify(built.entry);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const file = `assets/search/index.${locale}.${hash}.json`;
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
