// Finds the content files of each locale and reads them as UTF-8, refusing bytes that are not.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError } from '../errors.ts';

export interface ContentFile {
  locale: string;
  /** Path relative to the locale folder, with forward slashes: compute/ec2.md */
  relPath: string;
  /** Path as shown to the user: content/pt-BR/compute/ec2.md */
  file: string;
  absPath: string;
  kind: 'doc' | 'category';
}

export function listContentFiles(root: string, locales: string[]): ContentFile[] {
  const files: ContentFile[] = [];
  for (const locale of locales) {
    const dir = join(root, 'content', locale);
    if (!existsSync(dir)) throw new ContentError(`The content folder of locale "${locale}" does not exist.`, { file: relative(root, dir) }, { hint: `Create content/${locale}/ or remove "${locale}" from i18n.locales.` });
    const walk = (sub: string) => {
      for (const entry of readdirSync(join(dir, sub), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.name.startsWith('.')) continue;
        const relPath = sub ? `${sub}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(relPath);
        else if (entry.name === '_category_.json' || entry.name.endsWith('.md')) {
          files.push({ locale, relPath, file: `content/${locale}/${relPath}`, absPath: join(dir, relPath), kind: entry.name === '_category_.json' ? 'category' : 'doc' });
        }
      }
    };
    walk('');
  }
  return files;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readUtf8(absPath: string, file: string): string {
  const bytes = readFileSync(absPath);
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
