// V8 builds a Unicode property class (`\p{L}`) through ICU each time it parses a pattern (when a RegExp is made
// and again when it is compiled) and merges a v-mode class set of them (`[\p{L}\p{M}\p{N}\p{Pc}]`) range by
// range, in every process that highlights. The grammar tables (scripts/shiki-regexes.mjs) are made once, so
// there each such class is written as the one sorted list of ranges it stands for under the pattern's flags,
// found by asking V8 itself which code points the class matches. That list depends on Node's Unicode version,
// which the tables record and renderer/content/shiki-regexes.ts checks.

/** The Unicode version the classes are resolved with (tables made under another one are not used). */
export const UNICODE_VERSION = process.versions.unicode;

const MAX_CODE_POINT = 0x10ffff;
const resolved = new Map();

/**
 * `source` (a v-mode pattern) with each class that holds a Unicode property escape — a bracketed class at any
 * depth is taken whole, from its outermost bracket — written as explicit ranges; `classes` lists each rewrite
 * as [original, explicit]. Only the `i` flag changes what a class matches; a class with strings (`\q{…}`) is
 * left as it is. Throws on a pattern it cannot read rather than guess.
 */
export function explicitClasses(source, flags) {
  if (!flags.includes('v')) return { source, classes: [] };
  const caseless = flags.includes('i');
  const classes = [];
  let out = '';
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      if ((next === 'p' || next === 'P') && source[i + 2] === '{') {
        const end = source.indexOf('}', i);
        if (end < 0) throw new Error(`explicitClasses: unclosed property escape in ${JSON.stringify(source)}`);
        out += rewrite(source.slice(i, end + 1), caseless, classes);
        i = end + 1;
      } else {
        out += source.slice(i, i + 2);
        i += 2;
      }
    } else if (ch === '[') {
      const end = classEnd(source, i);
      out += rewrite(source.slice(i, end), caseless, classes);
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return { source: out, classes };
}

/** The index just past the `]` that closes the class opened at `start` (v-mode classes nest). */
function classEnd(source, start) {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return i + 1;
  }
  throw new Error(`explicitClasses: unclosed class in ${JSON.stringify(source)}`);
}

function rewrite(cls, caseless, classes) {
  if (!/\\[pP]\{/.test(cls) || /\\q\{/.test(cls)) return cls;
  const key = `${caseless ? 'i' : ''}${cls}`;
  let explicit = resolved.get(key);
  if (explicit === undefined) {
    explicit = rangesClass(matchedRanges(cls, caseless ? 'iv' : 'v'));
    resolved.set(key, explicit);
  }
  classes.push([cls, explicit]);
  return explicit;
}

/** The code points `cls` matches under `flags`, as sorted, disjoint, non-adjacent [from, to] ranges. */
export function matchedRanges(cls, flags) {
  const hits = new Uint8Array(MAX_CODE_POINT + 1);
  // One scan of every code point but the surrogates (a high one then a low one would pair), then those alone.
  allScalars ??= String.fromCodePoint(...range(0, 0xd7ff)) + String.fromCodePoint(...range(0xe000, 0xffff)) + supplementary();
  // Runs of matching code points, not each one, so that the callback is called per range.
  const runs = new RegExp(`(?:${cls})+`, `g${flags}`);
  for (let m = runs.exec(allScalars); m; m = runs.exec(allScalars)) {
    for (let k = ordinal(m.index), end = ordinal(runs.lastIndex); k < end; k++) hits[scalar(k)] = 1;
  }
  const alone = new RegExp(`^${cls}$`, flags);
  for (let cp = 0xd800; cp <= 0xdfff; cp++) if (alone.test(String.fromCharCode(cp))) hits[cp] = 1;
  const ranges = [];
  for (let cp = 0, from = -1; cp <= MAX_CODE_POINT + 1; cp++) {
    const hit = cp <= MAX_CODE_POINT && hits[cp] === 1;
    if (hit && from < 0) from = cp;
    else if (!hit && from >= 0) {
      ranges.push([from, cp - 1]);
      from = -1;
    }
  }
  return ranges;
}

let allScalars;
// allScalars holds U+0000–U+D7FF, U+E000–U+FFFF (one unit each), then U+10000–U+10FFFF (two units each).
const ordinal = (index) => (index < 0xf800 ? index : 0xf800 + (index - 0xf800) / 2);
const scalar = (k) => (k < 0xd800 ? k : k < 0xf800 ? k + 0x800 : k - 0xf800 + 0x10000);
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
function supplementary() {
  let s = '';
  for (let cp = 0x10000; cp <= MAX_CODE_POINT; cp += 0x1000) s += String.fromCodePoint(...range(cp, cp + 0xfff));
  return s;
}

/** The ranges not in `ranges` (sorted and disjoint), over every code point. */
export function complement(ranges) {
  const out = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/**
 * A v-mode class of exactly `ranges`, or of what is not in their complement when that is shorter to write;
 * printable code points as themselves (shorter to parse), others escaped.
 */
export function rangesClass(ranges) {
  const listed = listRanges(ranges);
  const negated = `^${listRanges(complement(ranges))}`;
  return `[${negated.length < listed.length ? negated : listed}]`;
}

function listRanges(ranges) {
  let out = '';
  for (const [from, to] of ranges) {
    out += classChar(from);
    if (to === from + 1) out += classChar(to);
    else if (to > from) out += `-${classChar(to)}`;
  }
  return out;
}

function classChar(cp) {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return String.fromCodePoint(cp);
  // ASCII punctuation is v-mode class syntax (alone or doubled), controls and surrogates are unreadable or
  // unpaired: all of them escaped, as is whatever is not a letter, mark, number, punctuation or symbol.
  if (cp < 0xa0 || !/[\p{L}\p{M}\p{N}\p{P}\p{S}]/v.test(String.fromCodePoint(cp))) return cp <= 0xff ? `\\x${hex(cp, 2)}` : `\\u{${cp.toString(16)}}`;
  return String.fromCodePoint(cp);
}

const hex = (n, width) => n.toString(16).padStart(width, '0');
