// Where tokens end, for scanners that walk a text rather than split it (the index build looks each token up
// as it goes: page-terms.ts). The same characters as tokenize's separators (shared/search-text.ts, which the
// browser splits queries with; page-terms.test.ts checks every character of the BMP against it), asked of
// the class once per character, then remembered.

/** One separating character. */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;
/** By UTF-16 code unit (a lone surrogate is a code point of its own, never a separator): 0 not asked yet, 1 a separator, 2 not. */
const byUnit = new Uint8Array(0x10000);
/** By code point beyond the BMP (a surrogate pair). */
const byPair = new Map<number, boolean>();

/** How many UTF-16 code units the character at `i` takes if it separates tokens (1, or 2 for a pair), else 0. */
export function separatorLength(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  let known = byUnit[unit]!;
  if (known === 0) byUnit[unit] = known = SEPARATOR.test(String.fromCharCode(unit)) ? 1 : 2;
  if (known === 1) return 1;
  if (unit < 0xd800 || unit > 0xdbff) return 0;
  const next = text.charCodeAt(i + 1);
  if ((next & 0xfc00) !== 0xdc00) return 0;
  const point = (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
  let pair = byPair.get(point);
  if (pair === undefined) byPair.set(point, (pair = SEPARATOR.test(String.fromCodePoint(point))));
  return pair ? 2 : 0;
}
