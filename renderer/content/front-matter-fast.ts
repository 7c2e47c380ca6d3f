// Most pages' front matter is a few `key: value` lines: a quoted title, a plain description, a number, a
// `[a, b]` list of tags, a day. gray-matter with js-yaml read them at ~0.2 ms a page on a cold thread, most of
// it js-yaml's scanner before the JIT warms it (session 28 profile: 94 ms of a 150 × 3 build's CPU), and
// gray-matter also encodes the whole file to a Buffer it keeps as `orig`. This reads exactly that subset, and
// gives what gray-matter and js-yaml give for it; anything else — a comment, an indented or quoted key, an
// escape, a value YAML would read as another type, a BOM or CRLF — returns undefined and takes the full path.
// `front-matter-fast.test.ts` compares both on every page of the site and on crafted edge cases. Its strings
// are strings of their own (own-string.ts): else a title kept with the doc keeps the whole file alive.
import { ownString } from './own-string.ts';

export interface FastMatter {
  data: Record<string, unknown>;
  /** What gray-matter returns as `content`: the file after the closing `---` line. */
  content: string;
}

const KEY_LINE = /^([A-Za-z][\w-]*): (.*)$/;
// js-yaml's non-printable characters (it refuses a document holding any), and tabs and surrogates, which are
// allowed but not worth reading here: such a file keeps the full path.
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;
// Plain scalars that are strings in YAML: a letter first (no indicator, number, date or `.inf`), then letters,
// digits and punctuation that mean nothing to YAML inside a line (no `:`, `#`, quotes, brackets or braces).
const PLAIN = /^\p{L}[\p{L}\p{M}\p{N} .,;()/!?&+%*=_'-]*$/u;
// Flow items must not hold `,` either; `'` is kept out so that no item could be mistaken for a quoted one.
const FLOW_ITEM = /^\p{L}[\p{L}\p{M}\p{N} .;()/!?&+%*=_-]*$/u;
// The plain words js-yaml's schema reads as booleans and nulls (YAML 1.2 core: not `yes`, `on`…).
const NOT_STRINGS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^(?:0|[1-9]\d{0,14})$/;
const DOUBLE_QUOTED = /^"[^"\\]*"$/;
const SINGLE_QUOTED = /^'[^']*'$/;

/** Reads the front matter of `source` when it is in the subset above; undefined for anything else. */
export function readSimpleFrontMatter(source: string): FastMatter | undefined {
  // gray-matter: `---`, then the language's line (none here); the block ends at the first "\n---".
  if (!source.startsWith('---\n')) return undefined;
  const close = source.indexOf('\n---', 3);
  if (close < 0) return undefined;
  const block = source.slice(4, close);
  if (block === '' || block.includes('\r') || NON_PRINTABLE.test(block)) return undefined;
  const data: Record<string, unknown> = {};
  for (const line of block.split('\n')) {
    const m = KEY_LINE.exec(line);
    if (!m) return undefined;
    const key = m[1]!;
    if (Object.hasOwn(data, key)) return undefined;
    const value = scalar(m[2]!);
    if (value === undefined) return undefined;
    data[key] = value;
  }
  let content = source.slice(close + 4);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  return { data, content };
}

/** The value of one `key: value` line, or undefined when it is not in the subset. */
function scalar(text: string): unknown {
  if (text === '' || text !== text.trim()) return undefined;
  if (DOUBLE_QUOTED.test(text) || SINGLE_QUOTED.test(text)) return ownString(text.slice(1, -1));
  if (text === 'true' || text === 'false') return text === 'true';
  if (INTEGER.test(text)) return Number(text);
  const day = DAY.exec(text);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  if (text[0] === '[') return flowList(text);
  return PLAIN.test(text) && !NOT_STRINGS.has(text) ? ownString(text) : undefined;
}

/** `[a, b c, d]` of plain strings; undefined for anything else (nested lists, quotes, numbers, empty items). */
function flowList(text: string): string[] | undefined {
  if (!text.endsWith(']')) return undefined;
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  const items: string[] = [];
  for (const raw of inner.split(',')) {
    // Spaces around an item are YAML's separation; other white space (tabs, no-break spaces) is not read here.
    const item = / *(.*?) *$/.exec(raw)![1]!;
    if (!FLOW_ITEM.test(item) || NOT_STRINGS.has(item)) return undefined;
    items.push(ownString(item));
  }
  return items;
}
