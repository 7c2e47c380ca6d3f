// Walks a folder of sources (content/<locale>, static/) and returns the regular files a build may read or
// publish. A build publishes what it reads, so what a symlink points at must stay inside the project (a
// link to /etc/passwd in static/ would be served), and only regular files are read (a `.md` linked to
// /dev/zero would be read forever). Names that differ only in case are one file on macOS and Windows.
// Every problem is collected, each with the path as the user knows it.
import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { isAbsolute, normalize, relative, sep } from 'node:path';
import { ContentError } from './errors.ts';
import { reasonOf } from './fs-errors.ts';
import { compareNames } from './name-order.ts';

/** Names Windows reserves for devices, whatever the extension: `con.md` cannot be created or checked out there. */
export const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The name without its extensions, as Windows compares it with its device names (`con.md` → `con`). */
export const stemOf = (name: string): string => name.replace(/\..*$/, '').trimEnd();

export interface TreeFile {
  /** Path relative to the walked folder, with forward slashes. */
  rel: string;
  /** The file to read, through the links as walked (it was checked to really be inside the project). */
  abs: string;
}

export interface TreeOptions {
  dir: string;
  /** The folder as messages name it, e.g. `content/en` or `static`. */
  shown: string;
  /** Real files must be inside this folder (the project). */
  boundary: string;
  /** Entries worth looking at; others are skipped unread. Dotfiles are skipped unless this takes them. */
  include?: (name: string, isDir: boolean) => boolean;
}

export interface Tree {
  files: TreeFile[];
  errors: ContentError[];
}

function kindOf(s: Stats | Dirent): string {
  if (s.isFIFO()) return 'a named pipe (FIFO)';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

function inside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * `join(dir, name)` for a normalised folder and an entry's name (no separator in it), without join's
 * normalising: a warm build walks every content folder, and join was a fifth of the walk's time (session 36).
 */
function childOf(dir: string, name: string): string {
  if (dir === '.') return name;
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

export function walkSourceTree(options: TreeOptions): Tree {
  const boundary = realpathSync(options.boundary);
  const include = options.include ?? ((name) => !name.startsWith('.'));
  const files: TreeFile[] = [];
  const errors: ContentError[] = [];
  const fail = (rel: string, message: string, hint?: string) => errors.push(new ContentError(message, { file: rel ? `${options.shown}/${rel}` : options.shown }, { hint }));

  /** `realDir`: `dir` with symlinks resolved. `folders`: the real folders being walked (a link back up loops). */
  const walk = (dir: string, realDir: string, sub: string, folders: string[]) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareNames(a.name, b.name));
    } catch (err) {
      fail(sub, `Cannot list the folder: ${reasonOf(err as NodeJS.ErrnoException)}.`, 'Give the user running cheatsheet the right to read it.');
      return;
    }
    const byFoldedName = new Map<string, string>();
    for (const entry of entries) {
      const name = entry.name;
      const rel = sub ? `${sub}/${name}` : name;
      const path = childOf(dir, name);
      let target: Stats | Dirent = entry;
      let real: string | undefined;
      if (entry.isSymbolicLink()) {
        try {
          real = realpathSync(path);
          target = statSync(real);
        } catch (err) {
          const e = err as NodeJS.ErrnoException;
          if (include(name, false)) fail(rel, e.code === 'ENOENT' ? 'Symbolic link to a file that does not exist.' : `Cannot follow the symbolic link: ${reasonOf(e)}.`, 'Fix the link or remove it.');
          continue;
        }
        if (!inside(boundary, real)) {
          if (include(name, target.isDirectory())) fail(rel, `Symbolic link to ${real}, outside the project: refused (a build publishes what it reads).`, 'Copy the file into the project, or remove the link.');
          continue;
        }
      }
      if (!include(name, target.isDirectory())) continue;
      const folded = name.normalize('NFC').toLowerCase();
      const twin = byFoldedName.get(folded);
      if (twin !== undefined) {
        fail(rel, `${options.shown}/${sub ? `${sub}/` : ''}${twin} and ${options.shown}/${rel} differ only in case: they are one file on macOS and Windows.`, 'Rename or remove one of them.');
        continue;
      }
      byFoldedName.set(folded, name);
      if (target.isDirectory()) {
        real ??= childOf(realDir, name);
        if (folders.includes(real)) fail(rel, 'Symbolic link to a folder that contains it: it would be read forever.', 'Remove the link.');
        else walk(path, real, rel, [...folders, real]);
      } else if (target.isFile()) files.push({ rel, abs: path });
      else fail(rel, `Is ${kindOf(target)}, not a regular file: refused.`, 'Keep only regular files here.');
    }
  };
  const top = realpathSync(options.dir);
  walk(normalize(options.dir), top, '', [top]);
  return { files, errors };
}
