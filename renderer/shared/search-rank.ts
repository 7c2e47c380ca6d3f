// Ranking of the local search, by page then section. A visitor looks for the page about a thing, so pages
// are ordered first by how many of the query's words they match (all above some), then by whether a title
// or keyword is exactly the query (a service's name or acronym: 'SQS', 'dynamo db'), then by a score: each
// word's best match in the page (title and keywords weigh most, then description, headings, text; a
// word's own stem above a longer word it begins, above a typo), weighted by how rare the word is, raised
// when the words stand together in a title, keyword or heading, or in one section. Within a page, its
// sections are ordered the same way and the best ones are the hits shown.
import { EXACT, type QueryWord } from './search-terms.ts';
import { F, POS_PER_ELEMENT, fieldOf, fieldWeight, lenOf, posOf } from './search-index.ts';

/** At most this many sections of one page among the hits: the next page is often the better next answer. */
export const HITS_PER_DOC_PAGE = 3;

export interface RankInput {
  words: QueryWord[];
  /** term id → its postings (flat: doc delta, code count, codes…). */
  postings: Map<number, number[]>;
  /** First doc id of each page, ascending. */
  pageStart: number[];
  pageCount: number;
  common: Set<number>;
}

export interface RankedDoc {
  doc: number;
  page: number;
}

interface ElementMatch {
  field: number;
  len: number;
  /** Per query word: position in the element (-1: absent), and the quality and term of that match. */
  pos: number[];
  quality: number[];
  term: number[];
}

interface DocMatch {
  doc: number;
  /** Per query word: best weighted match in this doc (0: none), and in its title, keywords, headings only. */
  best: number[];
  head: number[];
  elements: Map<number, ElementMatch>;
}

function pageOf(pageStart: number[], doc: number): number {
  let lo = 0;
  let hi = pageStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pageStart[mid]! <= doc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function collect(input: RankInput): Map<number, DocMatch> {
  const n = input.words.length;
  const docs = new Map<number, DocMatch>();
  input.words.forEach((word, i) => {
    for (const [term, quality] of word.candidates) {
      const flat = input.postings.get(term);
      if (!flat) continue;
      let doc = 0;
      for (let k = 0; k < flat.length; ) {
        doc += flat[k]!;
        const count = flat[k + 1]!;
        let m = docs.get(doc);
        if (!m) docs.set(doc, (m = { doc, best: new Array<number>(n).fill(0), head: new Array<number>(n).fill(0), elements: new Map() }));
        for (let c = k + 2; c < k + 2 + count; c++) {
          const code = flat[c]!;
          const field = fieldOf(code);
          const weight = quality * (field === F.content ? fieldWeight(field, Math.floor(code / 16)) : fieldWeight(field, 0) * share(field, lenOf(code)));
          if (weight > m.best[i]!) m.best[i] = weight;
          if (field === F.content) continue;
          if (weight > m.head[i]!) m.head[i] = weight;
          const pos = posOf(code);
          const key = field * 1024 + Math.floor(pos / POS_PER_ELEMENT);
          let el = m.elements.get(key);
          if (!el) m.elements.set(key, (el = { field, len: lenOf(code), pos: new Array<number>(n).fill(-1), quality: new Array<number>(n).fill(0), term: new Array<number>(n).fill(-1) }));
          if (quality > el.quality[i]!) {
            el.quality[i] = quality;
            el.pos[i] = pos % POS_PER_ELEMENT;
            el.term[i] = term;
          }
        }
        k += 2 + count;
      }
    }
  });
  return docs;
}

/** One word of a long title or keyword ('event' of 'event streaming') says less than a whole one-word name. */
function share(field: number, len: number): number {
  return field === F.title || field === F.keyword ? 0.6 + 0.4 / Math.max(len, 1) : 1;
}

/** A title or keyword that is exactly the query: all its significant words matched, each by its own stem. */
function isExactName(el: ElementMatch, words: QueryWord[], common: Set<number>): boolean {
  if (el.field !== F.title && el.field !== F.keyword) return false;
  const terms = new Set<number>();
  let significant = false;
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.common) continue;
    if (el.quality[i]! < EXACT) return false;
    significant = true;
    if (!common.has(el.term[i]!)) terms.add(el.term[i]!);
  }
  return significant && terms.size === el.len;
}

/** The words present in the element follow the query's order, each within two positions of the previous. */
function phraseBoost(el: ElementMatch, n: number): number {
  if (n < 2) return 1;
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const p = el.pos[i]!;
    if (p < 0) return 1;
    const next = p > prev && p - prev <= 2;
    // A joined word ('dynamo db' → 'dynamodb') is one position matched by both words.
    const joined = p === prev && el.term[i] === el.term[i - 1];
    if (prev >= 0 && !next && !joined) return 1;
    prev = p;
  }
  return el.field === F.title || el.field === F.keyword ? 1.5 : 1.25;
}

interface PageScore {
  page: number;
  coverage: number;
  exact: boolean;
  score: number;
  docs: { doc: number; coverage: number; exact: boolean; score: number }[];
}

const byRank = (a: { coverage: number; exact: boolean; score: number }, b: { coverage: number; exact: boolean; score: number }) =>
  b.coverage - a.coverage || Number(b.exact) - Number(a.exact) || b.score - a.score;

export function rank(input: RankInput): RankedDoc[] {
  const n = input.words.length;
  if (n === 0) return [];
  const docs = collect(input);
  const pages = new Map<number, DocMatch[]>();
  for (const m of docs.values()) {
    const page = pageOf(input.pageStart, m.doc);
    const list = pages.get(page);
    if (list) list.push(m);
    else pages.set(page, [m]);
  }
  // How rare each word is, counted in pages.
  const df = new Array<number>(n).fill(0);
  for (const list of pages.values()) for (let i = 0; i < n; i++) if (list.some((m) => m.best[i]! > 0)) df[i]!++;
  const idf = df.map((d) => Math.log(1 + input.pageCount / Math.max(d, 1)));

  const scored: PageScore[] = [];
  for (const [page, list] of pages) {
    const best = new Array<number>(n).fill(0);
    let pageBoost = 1;
    let exact = false;
    // A section is shown under its page's title: for choosing the section, the words of the title and
    // keywords count for it too, at half weight ('lambda pricing' → the Pricing section of Lambda).
    const own = list.find((m) => m.doc === input.pageStart[page]);
    const docScores = list.map((m) => {
      const inherited = own && own !== m ? own.head : undefined;
      let boost = 1;
      let docExact = false;
      for (const el of m.elements.values()) {
        boost = Math.max(boost, phraseBoost(el, n));
        if (isExactName(el, input.words, input.common)) docExact = true;
      }
      let score = 0;
      let coverage = 0;
      for (let i = 0; i < n; i++) {
        best[i] = Math.max(best[i]!, m.best[i]!);
        const w = Math.max(m.best[i]!, inherited ? inherited[i]! / 2 : 0);
        score += idf[i]! * w;
        if (w > 0) coverage++;
      }
      // All the words in one section: the page answers the query there.
      if (coverage === n && n > 1 && m.best.every((b) => b > 0)) pageBoost = Math.max(pageBoost, 1.15);
      pageBoost = Math.max(pageBoost, boost);
      exact ||= docExact;
      return { doc: m.doc, coverage, exact: docExact, score: score * boost };
    });
    let score = 0;
    let coverage = 0;
    for (let i = 0; i < n; i++) {
      score += idf[i]! * best[i]!;
      if (best[i]! > 0) coverage++;
    }
    docScores.sort((a, b) => byRank(a, b) || a.doc - b.doc);
    scored.push({ page, coverage, exact, score: score * pageBoost, docs: docScores });
  }
  scored.sort((a, b) => byRank(a, b) || a.page - b.page);
  return scored.flatMap((p) => p.docs.slice(0, HITS_PER_DOC_PAGE).map((d) => ({ doc: d.doc, page: p.page })));
}
