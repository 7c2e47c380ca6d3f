// The modules a build writes below node_modules/.cache/cheatsheet to import them (the compiled site.config.ts,
// the templates bundled when the prebuilt theme does not match), each named by a hash of its code so that an
// edited one is never served from Node's module cache. Every edit makes a new file: each template edit under
// `serve` left one more ~60 KB bundle, kept for ever (this checkout had 82). So each kind keeps its most recent
// files and gives back the rest — only those untouched for a while, as another process (a build beside the dev
// server) may be about to import one it has just found.
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many files of one kind (`config.`, `ssr.`) stay, the most recently used first. */
export const KEEP_GENERATED = 8;

/** A file beyond those is removed only when it has not been used for this long. */
export const GENERATED_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * `dir/<prefix><hash>.mjs` holding `code`: written when missing, else marked as used now (its modification
 * time, which is what pruning goes by). After a write, the kind's oldest files are pruned.
 */
export function generatedModule(dir: string, prefix: string, hash: string, code: string, now = Date.now()): string {
  const file = join(dir, `${prefix}${hash}.mjs`);
  const seconds = now / 1000;
  try {
    // Marked as used: another process's pruning now leaves it alone for the next hour.
    utimesSync(file, seconds, seconds);
    return file;
  } catch (err) {
    // Missing (or just pruned by another process): written below. Present but not ours to touch (a
    // read-only install): used as it is.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return file;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, code);
  pruneGenerated(dir, prefix, now);
  return file;
}

/** Removes the files of one kind past the `KEEP_GENERATED` most recent, when unused for `GENERATED_MIN_AGE_MS`. */
export function pruneGenerated(dir: string, prefix: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.mjs'));
  } catch {
    return;
  }
  if (names.length <= KEEP_GENERATED) return;
  const files: { file: string; used: number }[] = [];
  for (const name of names) {
    try {
      files.push({ file: join(dir, name), used: statSync(join(dir, name)).mtimeMs });
    } catch {
      // Removed meanwhile by another process.
    }
  }
  files.sort((a, b) => b.used - a.used);
  for (const { file, used } of files.slice(KEEP_GENERATED)) {
    if (now - used >= GENERATED_MIN_AGE_MS) rmSync(file, { force: true });
  }
}
