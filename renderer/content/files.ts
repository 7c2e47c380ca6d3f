// Finds the content files of each locale and reads them as UTF-8, refusing bytes that are not.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AggregateUserError, ContentError, type UserError } from '../errors.ts';
import { isErrnoError, reasonOf } from '../fs-errors.ts';
import { stemOf, walkSourceTree, WINDOWS_RESERVED } from '../source-tree.ts';

export interface ContentFile {
  locale: string;
  /** Path relative to the locale folder, with forward slashes: compute/ec2.md */
  relPath: string;
  /** Path as shown to the user: content/pt-BR/compute/ec2.md */
  file: string;
  absPath: string;
  kind: 'doc' | 'category';
  /** Set when the locale has no such file: the source locale's file stands in for it ("not translated yet"). */
  fallbackFrom?: string;
}

/** Characters a URL path cannot carry as they are: a page named with one would get a route nobody can reach. */
const URL_BREAKING = /[#?%]/;

export const CATEGORY_FILES = new Set(['_category_.json', '_category_.yml', '_category_.yaml']);

/**
 * Where a locale's docs live: our own `content/<locale>/`, else Docusaurus's layout — a translation in
 * `i18n/<locale>/docusaurus-plugin-content-docs/current/`, the source language in `docs/`. Undefined when
 * the locale has none (its pages then fall back to the source locale's).
 */
export function localeContentDir(root: string, locale: string, sourceLocale?: string): string | undefined {
  const candidates = [join('content', locale), join('i18n', locale, 'docusaurus-plugin-content-docs', 'current'), ...(locale === sourceLocale ? ['docs'] : [])];
  const found = candidates.find((c) => existsSync(join(root, c)));
  return found && join(root, found);
}

/** Docusaurus leaves `_`-prefixed files and folders out of the docs (`**\/_*`, `**\/_*\/**`): partials. */
export const isPartial = (name: string) => name.startsWith('_') && !CATEGORY_FILES.has(name);

export function listContentFiles(root: string, locales: string[], sourceLocale: string = locales[0]!): ContentFile[] {
  let files: ContentFile[] = [];
  const errors: UserError[] = [];
  for (const locale of locales) {
    const dir = localeContentDir(root, locale, sourceLocale);
    if (!dir) {
      if (locale !== sourceLocale) continue;
      throw new ContentError(`The content folder of locale "${locale}" does not exist.`, { file: `content/${locale}` }, { hint: `Create content/${locale}/ (or docs/ for a Docusaurus site) or remove "${locale}" from i18n.locales.` });
    }
    const shown = relative(root, dir).split('\\').join('/');
    const tree = walkSourceTree({
      dir,
      shown,
      boundary: root,
      include: (name, isDir) => !name.startsWith('.') && !isPartial(name) && (isDir || CATEGORY_FILES.has(name) || /\.mdx?$/i.test(name)),
    });
    errors.push(...tree.errors);
    for (const { rel: relPath, abs } of tree.files) {
      const file = `${shown}/${relPath}`;
      const device = relPath.split('/').find((part) => WINDOWS_RESERVED.test(stemOf(part)));
      if (device) {
        errors.push(new ContentError(`"${device}" is a device name on Windows: the file cannot be created or checked out there.`, { file }, { hint: 'Rename it (e.g. "console.md" for "con.md").' }));
        continue;
      }
      const bad = URL_BREAKING.exec(relPath);
      if (bad) {
        errors.push(new ContentError(`The path has "${bad[0]}", which a URL cannot carry as it is: the page would get a route nobody can reach.`, { file }, { hint: 'Rename the file or folder with letters, digits, "-" and "_".' }));
        continue;
      }
      files.push({ locale, relPath, file, absPath: abs, kind: CATEGORY_FILES.has(relPath.split('/').pop()!) ? 'category' : 'doc' });
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateUserError(errors);
  // Docusaurus builds the source's docs, each from its translation when there is one: a file only the
  // translation folder has is not a page (nor are category files there: labels come from current.json).
  const source = files.filter((f) => f.locale === sourceLocale);
  const sourcePaths = new Set(source.map((f) => f.relPath));
  const docusaurusLayout = new Set(locales.filter((l) => l !== sourceLocale && localeContentDir(root, l, sourceLocale)?.endsWith(join('docusaurus-plugin-content-docs', 'current'))));
  if (docusaurusLayout.size) files = files.filter((f) => !docusaurusLayout.has(f.locale) || (f.kind === 'doc' && sourcePaths.has(f.relPath)));
  // Pages (and category files) a translation lacks are built from the source locale's, at the locale's URL.
  for (const locale of locales) {
    if (locale === sourceLocale) continue;
    const present = new Set(files.filter((f) => f.locale === locale).map((f) => f.relPath.replace(/\.ya?ml$|\.json$/, '')));
    for (const f of source) if (!present.has(f.relPath.replace(/\.ya?ml$|\.json$/, ''))) files.push({ ...f, locale, fallbackFrom: sourceLocale });
  }
  return files;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readUtf8(absPath: string, file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (err) {
    if (!isErrnoError(err)) throw err;
    throw new ContentError(`Cannot read the file: ${reasonOf(err)}.`, { file }, { hint: 'Give the user running cheatsheet the right to read it.' });
  }
  try {
    return decoder.decode(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  } catch {
    const bad = firstInvalidByte(bytes);
    const line = bytes.subarray(0, bad).toString('latin1').split('\n').length;
    throw new ContentError(`The file is not valid UTF-8 (invalid byte 0x${bytes[bad]?.toString(16).padStart(2, '0')} at byte ${bad}).`, { file, line }, { hint: 'Save the file as UTF-8 in your editor.' });
  }
}

function firstInvalidByte(bytes: Buffer): number {
  // Binary search on the longest valid prefix: decode() of a prefix only fails on real errors or a cut sequence.
  let ok = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > bytes.length) return i;
    try {
      decoder.decode(bytes.subarray(i, i + len));
    } catch {
      return i;
    }
    i += len;
    ok = i;
  }
  return ok;
}
