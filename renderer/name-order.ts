// The order a source folder's entries are walked in: `a.localeCompare(b)`, as it always was (the order of the
// files decides the order of docs, hence pages), without paying for V8's Intl on the usual names. The first
// localeCompare of a process sets up Intl (its default locale and the set of available locales): 10–20 ms of
// CPU on a quiet 2-core machine, ~57 ms once under load, while the comparisons themselves cost ~0.2 ms for a
// 150 × 3 corpus — and a warm build uses Intl for nothing else (one page edited: only these 511 calls).
//
// For names of lowercase ASCII letters, digits, `_`, `-` and `.`, ICU's root collation (which English uses
// untailored) orders them character by character, `_` < `-` < `.` < digits < letters, a prefix first: each of
// these characters has a primary weight of its own and none is ignorable by default, so that is the whole
// comparison (`name-order.test.ts` checks it against localeCompare over every pair of names up to 2
// characters and 100,000 random ones). Other locales tailor even these (Danish sorts `aa` after `z`), so
// the shortcut is taken only when the locale ICU takes by default is English, C or POSIX, and no other ICU
// data is loaded; any other name, or any other locale, is compared by localeCompare.

/** The characters the shortcut knows, in the root collation's order. */
const ORDER = '_-.0123456789abcdefghijklmnopqrstuvwxyz';
const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ORDER.length; i++) RANK[ORDER.charCodeAt(i)] = i;

/** Whether every character of `s` is one the shortcut knows. */
function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || RANK[c]! < 0) return false;
  }
  return true;
}

/**
 * ICU takes its default locale from the first of LC_ALL, LC_MESSAGES and LANG that is set (checked here with
 * Node 20's ICU: LC_COLLATE, LC_CTYPE and LANGUAGE do not count; C and POSIX mean en-US). The shortcut holds
 * for English ones without a modifier (`@…` can name a collation).
 */
export function rootOrderedLocale(env: NodeJS.ProcessEnv = process.env, execArgv = process.execArgv): boolean {
  if (env.NODE_ICU_DATA || execArgv.some((a) => a.startsWith('--icu-data-dir'))) return false;
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return chosen === undefined || /^(C|POSIX|en(_[A-Z]{2})?)(\.[A-Za-z0-9_-]+)?$/.test(chosen);
}

let shortcut: boolean | undefined;

/** `a.localeCompare(b)`'s sign, without Intl when both names are plain and the locale orders them as root. */
export function compareNames(a: string, b: string): number {
  shortcut ??= rootOrderedLocale();
  if (!shortcut || !plain(a) || !plain(b)) return a.localeCompare(b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = RANK[a.charCodeAt(i)]! - RANK[b.charCodeAt(i)]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
