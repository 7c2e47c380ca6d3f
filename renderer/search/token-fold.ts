// fold (shared/search-lang.ts) as the index build calls it on each new token: the same string, cheaper.
// fold normalises (NFD), drops marks and lower-cases the whole string; in the build that was a large share
// of a new token's cost (a new RegExp per call, as the bundle lowers /\p{M}+/gu, and ICU's normaliser), and
// fold itself cannot change here: the browser's bundle has it, and every page names that bundle.
import { fold } from '../shared/search-lang.ts';

/**
 * Code units below this fold one by one: Latin-1 and Latin Extended-A/B. None of them is a mark, each one's
 * decomposition is itself or a letter and marks (U+0300–U+036F, dropped whatever their order), and lower case
 * depends on the next character only for Σ (final sigma), not among them or their letters.
 */
const TABLE_END = 0x250;
const FOLDED: string[] = Array.from({ length: TABLE_END }, (_, unit) => fold(String.fromCharCode(unit)));

/** fold(token), the same string: ASCII lower-cased, Latin letters from a table, anything else by fold. */
export function foldToken(token: string): string {
  let ascii = true;
  for (let i = 0; i < token.length; i++) {
    const unit = token.charCodeAt(i);
    if (unit >= 0x80) {
      if (unit >= TABLE_END) return fold(token);
      ascii = false;
    }
  }
  if (ascii) return token.toLowerCase();
  let out = '';
  for (let i = 0; i < token.length; i++) out += FOLDED[token.charCodeAt(i)]!;
  return out;
}
