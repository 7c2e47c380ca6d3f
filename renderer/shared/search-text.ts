// Text handling shared by the search index (built in node) and the search UI (in the browser): one
// tokenizer and one diacritic-folding term function, so a query is processed exactly like the indexed
// text; and the highlight/snippet segments the UI renders as text (React escapes it) with <mark> parts.

/** One piece of displayed hit text: `mark` is true only for parts the engine matched. */
export interface Segment {
  text: string;
  mark?: boolean;
}

const TOKEN = /[^\n\r\p{Z}\p{P}]+/gu;
const SEPARATORS = /[\n\r\p{Z}\p{P}]+/u;

/** Lower case without diacritics: 'Configuração' → 'configuracao'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  return text.split(SEPARATORS).filter(Boolean);
}

/** The term function of both indexing and querying. */
export function processTerm(term: string): string | null {
  const folded = fold(term);
  return folded ? folded : null;
}

/** Marks every token whose folded form is one of the matched (folded) terms. */
export function highlight(text: string, terms: ReadonlySet<string>): Segment[] {
  if (!text) return [];
  if (terms.size === 0) return [{ text }];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (!terms.has(fold(m[0]))) continue;
    if (m.index > last) push(out, text.slice(last, m.index), false);
    push(out, m[0], true);
    last = m.index + m[0].length;
  }
  if (last < text.length) push(out, text.slice(last), false);
  return out;
}

function push(out: Segment[], text: string, mark: boolean): void {
  const prev = out[out.length - 1];
  if (prev && Boolean(prev.mark) === mark) prev.text += text;
  else out.push(mark ? { text, mark } : { text });
}

export const ELLIPSIS = '…';

/**
 * A window of `words` words of the text around its first match, with an ellipsis where text was cut
 * (what Algolia's attributesToSnippet returns, as segments).
 */
export function snippet(text: string, terms: ReadonlySet<string>, words: number): Segment[] {
  const spans = [...text.matchAll(/\S+/g)];
  if (spans.length <= words) return highlight(text, terms);
  const first = spans.findIndex((w) => terms.size > 0 && [...w[0].matchAll(TOKEN)].some((t) => terms.has(fold(t[0]))));
  const lead = Math.floor((words - 1) / 3);
  const start = first < 0 ? 0 : Math.max(0, Math.min(first - lead, spans.length - words));
  const end = start + words;
  const from = spans[start]!.index;
  const last = spans[end - 1]!;
  const segments = highlight(text.slice(from, last.index + last[0].length), terms);
  if (start > 0) segments.unshift({ text: ELLIPSIS });
  if (end < spans.length) segments.push({ text: ELLIPSIS });
  return merge(segments);
}

function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) push(out, s.text, Boolean(s.mark));
  return out;
}

/** Reads an engine's highlighted string: only the exact highlight tags become marks; the rest is text. */
export function parseHighlighted(value: string, preTag: string, postTag: string): Segment[] {
  const out: Segment[] = [];
  let rest = value;
  let marked = false;
  while (rest) {
    const tag = marked ? postTag : preTag;
    const at = rest.indexOf(tag);
    if (at < 0) {
      push(out, rest, marked);
      break;
    }
    if (at > 0) push(out, rest.slice(0, at), marked);
    rest = rest.slice(at + tag.length);
    marked = !marked;
  }
  return out;
}

export function plainText(segments: Segment[]): string {
  return segments.map((s) => s.text).join('');
}
