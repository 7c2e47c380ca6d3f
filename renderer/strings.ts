// Loads the UI strings of every locale and checks them against the source locale.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkStrings } from '../i18n/schema.ts';
import { ConfigError } from './errors.ts';
import { packageRoot, siteOrPackageDir } from './paths.ts';

export function loadStrings(root: string, locales: string[], sourceLocale: string): Map<string, Record<string, string>> {
  const dir = siteOrPackageDir(root, 'i18n');
  // A Docusaurus site's i18n/ holds folders per locale, not our UI strings: the theme's own strings serve
  // there, in the locale's language when the theme has it, else in English.
  const ownFile = (locale: string) => [join(dir, `${locale}.json`), join(packageRoot(), 'i18n', `${locale}.json`), join(packageRoot(), 'i18n', 'en.json')].find((f) => existsSync(f));
  const read = (locale: string): Record<string, string> => {
    const file = ownFile(locale) ?? join(dir, `${locale}.json`);
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
