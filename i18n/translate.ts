// Flat, dotted UI strings per locale. Portuguese is the source: every locale must have exactly its keys.
// No node imports: templates and the browser use the translator too.
import type source from './pt-BR.json';

export type I18nKey = keyof typeof source;
export type Strings = Record<I18nKey, string>;
export type Translate = (key: I18nKey, params?: Record<string, string | number>) => string;

export function createTranslator(strings: Record<string, string>): Translate {
  return (key, params) => {
    const text = Object.hasOwn(strings, key) ? strings[key]! : key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : m));
  };
}
