// Days shown to readers, written out in the locale's language and calendar ("24 de novembro de 2026").
// Formatted at build time so server render and hydration show the same text.
import { dateFormat } from '../shared/date-format.ts';
import type { LocaleInfo } from '../shared/types.ts';

export function longDate(iso: string, locale: Pick<LocaleInfo, 'htmlLang' | 'calendar'>): string {
  return dateFormat(locale.htmlLang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', calendar: locale.calendar }).format(new Date(`${iso}T12:00:00Z`));
}
