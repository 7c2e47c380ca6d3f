// The text of a config value in one locale (the value is one string, or one string per locale). Apart from
// validate.ts so that the stages that read the config do not load zod and the schema with it: a build whose
// config is unchanged never validates (validated-cache.ts).
import type { Localized } from './schema.ts';

export function localize(value: Localized, locale: string): string;
export function localize(value: Localized | undefined, locale: string): string | undefined;
export function localize(value: Localized | undefined, locale: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  return Object.hasOwn(value, locale) ? value[locale] : undefined;
}
