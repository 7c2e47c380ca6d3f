// Text handling shared by the search index (built in node) and the search UI (in the browser): one
// tokenizer, so a query is split exactly like the indexed text; and the highlight/snippet segments the UI
// renders as text (React escapes it) with <mark> parts.

/** One piece of displayed hit text: `mark` is true only for parts the engine matched. */
export interface Segment {
  text: string;
  mark?: boolean;
}

const TOKEN = /[^\n\r\p{Z}\p{P}]+/gu;
const SEPARATORS = /[\n\r\p{Z}\p{P}]+/u;

export function tokenize(text: string): string[] {
  return text.split(SEPARATORS).filter(Boolean);
}

/** Tells whether a word of the text is one the query matched. */
export type TokenMatch = (token: string) => boolean;

/** Marks every token the query matched. */
export function highlight(text: string, isMatch: TokenMatch): Segment[] {
  if (!text) return [];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (!isMatch(m[0])) continue;
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
export function snippet(text: string, isMatch: TokenMatch, words: number): Segment[] {
  const spans = [...text.matchAll(/\S+/g)];
  if (spans.length <= words) return highlight(text, isMatch);
  const first = spans.findIndex((w) => [...w[0].matchAll(TOKEN)].some((t) => isMatch(t[0])));
  const lead = Math.floor((words - 1) / 3);
  const start = first < 0 ? 0 : Math.max(0, Math.min(first - lead, spans.length - words));
  const end = start + words;
  const from = spans[start]!.index;
  const last = spans[end - 1]!;
  const segments = highlight(text.slice(from, last.index + last[0].length), isMatch);
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
