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

/** A folded word of the text: its term (by id), and whether a title, keyword or heading holds it. */
interface Word {
  word: string;
  /** Id of its term in the index being built; -1 for a stop word. */
  term: number;
  structured: boolean;
  /** Occurs in the indexed text (words only met in the pass over titles are not part of the index). */
  seen: boolean;
}

/** Calls `visit` for each word of a text that is not a stop word, with its position. */
type Tokens = (text: string, visit: (word: Word, pos: number) => void) => void;

/**
 * The words of one index: each distinct token is folded and stemmed once (text repeats its words), and
 * terms get small ids so that postings are gathered in arrays rather than looked up by string per
 * occurrence — most of the index's build time on a site of a few hundred pages.
 */
class Vocabulary {
  readonly termNames: string[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly byToken = new Map<string, Word>();
  private readonly byWord = new Map<string, Word>();

  constructor(private readonly termOf: (folded: string) => string | null) {}

  readonly tokens: Tokens = (text, visit) => {
    const raw = tokenize(text);
    for (let pos = 0; pos < raw.length; pos++) {
      const token = raw[pos]!;
      let known = this.byToken.get(token);
      if (!known) this.byToken.set(token, (known = this.wordOf(fold(token))));
      if (known.term >= 0) visit(known, pos);
    }
  };

  private wordOf(folded: string): Word {
    let word = this.byWord.get(folded);
    if (!word) {
      const term = this.termOf(folded);
      this.byWord.set(folded, (word = { word: folded, term: term === null ? -1 : this.termId(term), structured: false, seen: false }));
    }
    return word;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      this.termIds.set(term, (id = this.termNames.length));
      this.termNames.push(term);
    }
    return id;
  }

  /** Words of the indexed text. */
  words(): Word[] {
    return [...this.byWord.values()].filter((w) => w.seen);
  }
}

export function buildLocalIndex(records: SearchRecord[], siteUrl: string, locale: string, partBytes = PART_BYTES): BuiltIndex {
  const lang = searchLanguageOf(locale);
  const vocabulary = new Vocabulary(termFunction(lang));
  const { tokens } = vocabulary;
  const pages: ChunkPage[] = [];
  const pageDocs: number[] = [];
  // Postings by term id, as they ship: doc delta, number of codes, the codes; docs come in order.
  const flats: number[][] = [];
  const lasts: number[] = [];

  const titleTerms = records
    .filter((r) => r.type === 'lvl1')
    .map((r) => {
      const set = new Set<number>();
      tokens(r.hierarchy.lvl1 ?? '', (w) => set.add(w.term));
      return set;
    });
  const titleCount = new Map<number, number>();
  for (const set of titleTerms) for (const t of set) titleCount.set(t, (titleCount.get(t) ?? 0) + 1);
  const commonIds = [...titleCount].filter(([, n]) => n >= 3 && n >= titleTerms.length * COMMON_TITLE_SHARE).map(([t]) => t);
  const common = commonIds.map((t) => vocabulary.termNames[t]!).sort();
  const commonSet = new Set(commonIds);

  // This doc's codes by term id (structured occurrences, then the body text's term frequency), and the
  // terms it touched: reused from doc to doc.
  const codes: (number[] | undefined)[] = [];
  const touched: number[] = [];
  const add = (term: number, code: number) => {
    const list = codes[term];
    if (list) list.push(code);
    else {
      codes[term] = [code];
      touched.push(term);
    }
  };
  const tf: number[] = [];
  const tfTouched: number[] = [];

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

    for (const el of elementsOf(r)) {
      const toks: [Word, number][] = [];
      tokens(el.text, (word, pos) => toks.push([word, pos]));
      const len = new Set(toks.filter((t) => !commonSet.has(t[0].term)).map((t) => t[0].term)).size;
      for (const [word, pos] of toks) {
        word.seen = word.structured = true;
        add(word.term, encode(el.field, len, el.index * POS_PER_ELEMENT + Math.min(pos, POS_PER_ELEMENT - 1)));
      }
    }
    // A page without intro text shows its description as its text: indexed once, as the description.
    const text = r.type === 'lvl1' && r.content === r.description ? '' : (r.content ?? '');
    tokens(text, (word) => {
      word.seen = true;
      const n = tf[word.term];
      if (n) tf[word.term] = n + 1;
      else {
        tf[word.term] = 1;
        tfTouched.push(word.term);
      }
    });
    for (const term of tfTouched) {
      add(term, tf[term]! * 16 + F.content);
      tf[term] = 0;
    }
    tfTouched.length = 0;
    for (const term of touched) {
      const list = codes[term]!;
      const flat = flats[term] ?? (flats[term] = []);
      flat.push(doc - (lasts[term] ?? 0), list.length);
      for (const code of list) flat.push(code);
      lasts[term] = doc;
      codes[term] = undefined;
    }
    touched.length = 0;
  });

  // Term ids in sorted order of their names; only terms with postings are indexed.
  const termIds = vocabulary.termNames.map((_, id) => id).filter((id) => flats[id] !== undefined);
  termIds.sort((a, b) => compareStrings(vocabulary.termNames[a]!, vocabulary.termNames[b]!));
  const terms = termIds.map((id) => vocabulary.termNames[id]!);
  const sortedIndex: number[] = [];
  termIds.forEach((id, i) => (sortedIndex[id] = i));
  const words = vocabulary.words().sort((a, b) => compareStrings(a.word, b.word));
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
  termIds.forEach((id, i) => {
    const flat = flats[id]!;
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

/** The order of Array.prototype.sort without a comparator (UTF-16 code units), which the index keeps. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

export function indexFiles(built: BuiltIndex, locale: string, baseUrl: string): LocaleIndexFiles {
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
