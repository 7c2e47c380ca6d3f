// Loads the UI strings of every locale and checks them against the source locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkStrings } from '../i18n/schema.ts';
import { ConfigError } from './errors.ts';
import { siteOrPackageDir } from './paths.ts';

export function loadStrings(root: string, locales: string[], sourceLocale: string): Map<string, Record<string, string>> {
  const dir = siteOrPackageDir(root, 'i18n');
  const read = (locale: string): Record<string, string> => {
    const file = join(dir, `${locale}.json`);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch (err) {
      throw new ConfigError(`Cannot read the UI strings of locale "${locale}": ${(err as Error).message}`, { location: { file }, hint: `Create ${file} with the same keys as ${sourceLocale}.json.` });
    }
  };
  const source = read(sourceLocale);
  const result = new Map<string, Record<string, string>>();
  const problems: string[] = [];
  for (const locale of locales) {
    const strings = locale === sourceLocale ? source : read(locale);
    problems.push(...checkStrings(locale, strings, source));
    result.set(locale, strings);
  }
  if (problems.length) throw new ConfigError('The UI strings in i18n/ do not match the source locale:', { details: problems });
  return result;
}
