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
}

/** Characters a URL path cannot carry as they are: a page named with one would get a route nobody can reach. */
const URL_BREAKING = /[#?%]/;

export function listContentFiles(root: string, locales: string[]): ContentFile[] {
  const files: ContentFile[] = [];
  const errors: UserError[] = [];
  for (const locale of locales) {
    const dir = join(root, 'content', locale);
    if (!existsSync(dir)) throw new ContentError(`The content folder of locale "${locale}" does not exist.`, { file: relative(root, dir) }, { hint: `Create content/${locale}/ or remove "${locale}" from i18n.locales.` });
    const tree = walkSourceTree({
      dir,
      shown: `content/${locale}`,
      boundary: root,
      include: (name, isDir) => !name.startsWith('.') && (isDir || name === '_category_.json' || name.endsWith('.md')),
    });
    errors.push(...tree.errors);
    for (const { rel: relPath, abs } of tree.files) {
      const file = `content/${locale}/${relPath}`;
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
      files.push({ locale, relPath, file, absPath: abs, kind: /(^|\/)_category_\.json$/.test(relPath) ? 'category' : 'doc' });
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateUserError(errors);
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
