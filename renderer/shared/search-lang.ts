// Language-aware terms for the local search, the same in the build and the browser: a word is folded
// (lower case, no diacritics), dropped when it is a stop word, and reduced to its Snowball stem, so that
// 'configurações', 'configuracao' and 'configuração' are one term and so are 'imágenes' and 'imagen'.
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';

/** The languages with a stemmer and stop words; any other locale gets folding only. */
export type SearchLanguage = 'pt' | 'es' | 'en' | '';

export function searchLanguageOf(locale: string): SearchLanguage {
  const base = locale.toLowerCase().split('-')[0];
  return base === 'pt' || base === 'es' || base === 'en' ? base : '';
}

/** Lower case without diacritics: 'Configuração' → 'configuracao'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

// Words that say nothing about what a page is about. Short on purpose: a word that can be part of a
// service's name or a need ('sem servidor', 'without servers', 'sin servidor') is kept.
const STOP: Record<SearchLanguage, ReadonlySet<string>> = {
  pt: new Set('a o as os um uma uns umas de do da dos das em no na nos nas ao aos pelo pela pelos pelas por para com e ou que se como qual quais o que e eh sao ser isso esse essa este esta meu minha seu sua'.split(' ')),
  es: new Set('el la los las un una unos unas de del al en por para con y o u que se como cual cuales es son ser lo le les su sus mi este esta ese esa eso'.split(' ')),
  en: new Set('a an the of to in on at for and or is are be by as with from that this it its how what which do does can i my me'.split(' ')),
  '': new Set(),
};

export function isStopWord(folded: string, lang: SearchLanguage): boolean {
  return STOP[lang].has(folded);
}

// Snowball's Portuguese and Spanish rules key on accented endings ('-ção', '-ción'), which visitors often
// type without accents. Both the indexed text and the query are folded first, then these few endings get
// their accents back, so the stem of a word does not depend on how it was typed.
const PT_ENDINGS: [RegExp, string][] = [
  [/coes$/, 'ções'],
  [/cao$/, 'ção'],
  [/oes$/, 'ões'],
  [/ao$/, 'ão'],
  // Plurals in -ns of words in -m (mensagens → mensagem), which the stemmer leaves alone.
  [/([aeiou])ns$/, '$1m'],
];
const ES_ENDINGS: [RegExp, string][] = [[/cion$/, 'ción']];

function stemOf(folded: string, lang: SearchLanguage): string {
  if (folded.length < 4 || /\d/.test(folded)) return folded;
  switch (lang) {
    case 'pt':
      return verbOf(trimVowel(fold(portuguese(restore(folded, PT_ENDINGS)))), 'ac');
    case 'es': {
      // Spanish stems of a plural and its singular can differ by one step ('imágenes' → 'imagen' → 'imag').
      const once = fold(spanish(restore(folded, ES_ENDINGS)));
      return verbOf(trimVowel(once.length >= 4 ? fold(spanish(once)) : once), 'acion');
    }
    case 'en':
      return english(folded);
    default:
      return folded;
  }
}

/** The stemmer keeps the vowel of some endings ('funções' → 'funçõ', 'função' → 'funçã'): one stem for both. */
function trimVowel(stem: string): string {
  return stem.length > 4 && /[aeo]$/.test(stem) ? stem.slice(0, -1) : stem;
}

/**
 * In short words Snowball keeps the '-aç' of '-ação' and the '-ación' of Spanish ('migração' → 'migrac',
 * 'migración' → 'migracion'): cut, the noun shares the verb's stem ('migrar' → 'migr').
 */
function verbOf(stem: string, ending: string): string {
  return stem.endsWith(ending) && stem.length - ending.length >= 4 ? stem.slice(0, -ending.length) : stem;
}

function restore(word: string, endings: [RegExp, string][]): string {
  for (const [re, to] of endings) if (re.test(word)) return word.replace(re, to);
  return word;
}

/** The term a folded word is indexed and searched under: its stem, or null for a stop word. */
export function termOf(folded: string, lang: SearchLanguage): string | null {
  if (!folded || isStopWord(folded, lang)) return null;
  return stemOf(folded, lang) || folded;
}

/** termOf for one language with a memo: stemming costs microseconds, and text repeats its words. */
export function termFunction(lang: SearchLanguage): (folded: string) => string | null {
  const memo = new Map<string, string | null>();
  return (folded) => {
    let term = memo.get(folded);
    if (term === undefined) memo.set(folded, (term = termOf(folded, lang)));
    return term;
  };
}
