// `i18n/<locale>/code.json` (Docusaurus's theme strings, as `write-translations` made them and the site edited
// them) laid over cheatsheet's UI strings of that locale. The theme speaks Docusaurus's keys
// (`theme.docs.paginator.next`…), so a key both know carries over as it is; a message whose placeholders differ
// from ours would break at runtime and is left out, named. Keys only the site knows (its own `<Translate>` ids)
// and theme keys cheatsheet shows nowhere are counted in the report.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.ts';
import type { Note } from './map-config.ts';

export interface ThemeStringsResult {
  /** Locale → its UI strings with the site's messages in, for each locale whose code.json changed any. */
  strings: Map<string, Record<string, string>>;
  notes: Note[];
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

/** `base(locale)` is the UI strings the new site would have without the import (the theme's, or English). */
export function mapCodeJson(src: string, locales: string[], base: (locale: string) => Record<string, string>): ThemeStringsResult {
  const strings = new Map<string, Record<string, string>>();
  const notes: Note[] = [];
  for (const locale of locales) {
    const shown = `i18n/${locale}/code.json`;
    const file = join(src, shown);
    if (!existsSync(file)) continue;
    let raw: Record<string, { message?: unknown } | undefined>;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8')) as typeof raw;
    } catch (err) {
      throw new UserError('import', `${shown} is not valid JSON: ${(err as Error).message}`, { location: { file: shown } });
    }
    const ours = base(locale);
    const merged = { ...ours };
    let carried = 0;
    const siteOwn: string[] = [];
    const unused: string[] = [];
    const mismatched: string[] = [];
    for (const [key, entry] of Object.entries(raw ?? {})) {
      const message = entry?.message;
      if (typeof message !== 'string' || !message.trim()) continue;
      if (!Object.hasOwn(ours, key)) {
        (key.startsWith('theme.') ? unused : siteOwn).push(key);
        continue;
      }
      if (placeholders(message) !== placeholders(ours[key]!)) {
        mismatched.push(key);
        continue;
      }
      if (merged[key] !== message) carried++;
      merged[key] = message;
    }
    if (carried) strings.set(locale, merged);
    const parts = [`${carried} message${carried === 1 ? '' : 's'} carried into i18n/${locale}.json (the theme keys cheatsheet shows).`];
    if (mismatched.length) parts.push(`Left out, their placeholders differ from cheatsheet's: ${mismatched.join(', ')}.`);
    if (unused.length) parts.push(`${unused.length} theme string${unused.length === 1 ? '' : 's'} for parts cheatsheet does not have (blog, versions, …) not used.`);
    if (siteOwn.length) parts.push(`${siteOwn.length} of the site's own (<Translate> in its pages and components, not imported): ${siteOwn.slice(0, 5).map((k) => `"${k}"`).join(', ')}${siteOwn.length > 5 ? ', …' : ''}.`);
    notes.push({ what: `theme strings of ${locale}`, file: shown, todo: parts.join(' ') });
  }
  return { strings, notes };
}
