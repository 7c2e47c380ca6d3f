// When each content file last changed, from git: the newest commit that touched it, or "now" when it has
// uncommitted changes. One `git log` for the whole folder instead of one process per file.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export interface FileTimes {
  /** Seconds since the epoch; undefined when git knows nothing about the file. */
  timeOf(absPath: string): number | undefined;
}

function git(cwd: string, args: string[]): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : undefined;
}

/** Last-change times of the files under dir, or undefined when dir is not in a git work tree. */
export function gitTimes(dir: string): FileTimes | undefined {
  const top = git(dir, ['rev-parse', '--show-toplevel'])?.trim();
  if (!top) return undefined;
  const times = new Map<string, number>();
  const log = git(dir, ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.']) ?? '';
  let current = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) current = Number(line.slice(1));
    else if (line && !times.has(resolve(top, line))) times.set(resolve(top, line), current);
  }
  // Uncommitted edits and new files count as changed now.
  const now = Math.floor(Date.now() / 1000);
  const status = git(dir, ['status', '--porcelain', '-z', '--untracked-files=all', '--', '.']) ?? '';
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    times.set(resolve(top, entry.slice(3)), now);
    if (entry[0] === 'R' || entry[0] === 'C') i++; // the next entry is the old name
  }
  return { timeOf: (abs) => times.get(resolve(abs)) };
}

/**
 * When git last changed each file of the site and who did (one `git log` for the whole tree), by the
 * file's path relative to `root`. Uncommitted files have no entry: Docusaurus shows nothing for them either.
 */
export function lastUpdates(root: string): (file: string) => { time?: number; author?: string } | undefined {
  const top = git(root, ['rev-parse', '--show-toplevel'])?.trim();
  if (!top) return () => undefined;
  const seen = new Map<string, { time: number; author: string }>();
  const log = git(root, ['log', '--format=%x00%ct%x00%an', '--name-only', '--no-renames', '--', '.']) ?? '';
  let current = { time: 0, author: '' };
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) {
      const [, time, author] = line.split('\0');
      current = { time: Number(time), author: author ?? '' };
    } else if (line) {
      const abs = resolve(top, line);
      if (!seen.has(abs)) seen.set(abs, current);
    }
  }
  return (file) => seen.get(resolve(root, file));
}

export const contentDirOf = (root: string) => join(root, 'content');
