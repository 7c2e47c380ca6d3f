// From a query to the index terms each of its words may match, with how well: the word's own stem (1),
// longer words it begins while it is being typed (under 1), close spellings when it has no match of its
// own (typos: lower still), and two words written apart that the text writes as one ('dynamo db').
import type { IndexEntry } from './search-index.ts';
import { fold, termOf, type SearchLanguage } from './search-lang.ts';
import { tokenize } from './search-text.ts';

/** The vocabulary of an entry, unpacked once. */
export interface Vocabulary {
  lang: SearchLanguage;
  words: string[];
  wordTerm: number[];
  wordFlags: string;
  terms: string[];
  termIds: Map<string, number>;
  common: Set<number>;
}

export function vocabularyOf(entry: IndexEntry): Vocabulary {
  const terms = entry.terms ? entry.terms.split(' ') : [];
  const termIds = new Map(terms.map((t, i) => [t, i]));
  return {
    lang: entry.lang,
    words: entry.words ? entry.words.split(' ') : [],
    wordTerm: entry.wordTerm,
    wordFlags: entry.wordFlags,
    terms,
    termIds,
    common: new Set(entry.common.map((t) => termIds.get(t)).filter((i): i is number => i !== undefined)),
  };
}

export interface QueryWord {
  /** The folded word as typed. */
  word: string;
  /** term id → match quality (0…1]. */
  candidates: Map<number, number>;
  /** The word is one of the index's common title words ('amazon'). */
  common: boolean;
}

/** Candidates beyond this many longer words for a prefix say little and cost downloads. */
const MAX_PREFIX_WORDS = 60;
export const EXACT = 1;
const TYPO_1 = 0.55;
const TYPO_2 = 0.4;

function lowerBound(words: string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function put(candidates: Map<number, number>, term: number, quality: number): void {
  if ((candidates.get(term) ?? 0) < quality) candidates.set(term, quality);
}

function exact(v: Vocabulary, word: string, candidates: Map<number, number>): void {
  const term = termOf(word, v.lang);
  const id = term === null ? undefined : v.termIds.get(term);
  if (id !== undefined) put(candidates, id, EXACT);
}

/**
 * Longer words that begin with what is typed; one or two letters expand to words of titles and headings
 * only. When what is typed is already a word of the text ('bus'), it is probably finished: its longer
 * words ('business') count for less.
 */
function prefix(v: Vocabulary, word: string, candidates: Map<number, number>): void {
  const short = word.length <= 2;
  const start = lowerBound(v.words, word);
  const complete = v.words[start] === word;
  let found = 0;
  for (let i = start; i < v.words.length && v.words[i]!.startsWith(word) && found < MAX_PREFIX_WORDS; i++) {
    if (short && v.wordFlags[i] !== '1') continue;
    found++;
    const quality = v.words[i] === word ? EXACT : 0.7 + (0.25 * word.length) / v.words[i]!.length;
    put(candidates, v.wordTerm[i]!, complete && quality < EXACT ? quality / 2 : quality);
  }
}

/** Words one edit away (two for long words): substitution, insertion, deletion or swap of neighbours. */
function typos(v: Vocabulary, word: string, candidates: Map<number, number>): void {
  if (word.length < 4 || /^\d+$/.test(word)) return;
  const max = word.length >= 8 ? 2 : 1;
  v.words.forEach((w, i) => {
    if (Math.abs(w.length - word.length) > max) return;
    const d = distance(word, w, max);
    if (d > 0 && d <= max) put(candidates, v.wordTerm[i]!, d === 1 ? TYPO_1 : TYPO_2);
  });
}

/** Optimal string alignment distance, cut off above `max`. */
export function distance(a: string, b: string, max: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = (rows[i] = [i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row[j] = j;
        continue;
      }
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * The words of a query and their candidate terms. The last word is a prefix while it is being typed (no
 * space after it); a last word of one letter after others waits for its next letter. Stop words are
 * dropped (a query of stop words only finds nothing: they are not indexed).
 */
export function parseQuery(v: Vocabulary, query: string): QueryWord[] {
  let raw = tokenize(query).map(fold).filter(Boolean);
  const typing = raw.length > 0 && !/[\s\p{P}]$/u.test(query);
  if (raw.length > 1 && typing && raw[raw.length - 1]!.length === 1) raw = raw.slice(0, -1);
  const words = raw.filter((w) => termOf(w, v.lang) !== null);
  // A stop word being typed last is not a prefix: 'banco de' does not look for words beginning with 'de'.
  const lastIsPrefix = typing && raw.length > 0 && termOf(raw[raw.length - 1]!, v.lang) !== null;
  const out: QueryWord[] = words.map((word, i) => {
    const candidates = new Map<number, number>();
    const last = lastIsPrefix && i === words.length - 1;
    exact(v, word, candidates);
    if (last) prefix(v, word, candidates);
    if (candidates.size === 0) typos(v, word, candidates);
    const term = termOf(word, v.lang);
    const id = term === null ? undefined : v.termIds.get(term);
    return { word, candidates, common: id !== undefined && v.common.has(id) };
  });
  // Two words the text writes as one: the joined word counts as a match of both.
  for (let i = 0; i + 1 < out.length; i++) {
    const joined = new Map<number, number>();
    const word = out[i]!.word + out[i + 1]!.word;
    exact(v, word, joined);
    if (lastIsPrefix && i + 2 === out.length) prefix(v, word, joined);
    for (const [term, q] of joined) {
      put(out[i]!.candidates, term, q);
      put(out[i + 1]!.candidates, term, q);
    }
  }
  return out;
}
