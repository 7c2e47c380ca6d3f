// How many threads a build runs on. Asked for (`--threads`, or CHEATSHEET_THREADS read by the CLI):
// exactly that many, up to twice the cores (beyond that only memory grows). Otherwise chosen
// by the site's size: a worker costs its start-up and its own warm-up of the Markdown pipeline and React,
// which a small site does not pay back (ARCHITECTURE.md, *Threads*, has the measurements).
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.ts';

/** The environment variable that sets the build's thread count, this thread included (1 = no worker). */
export const THREADS_ENV = 'CHEATSHEET_THREADS';

/**
 * From this many Markdown files a build starts a worker on its own. Measured on 2 cores (corpus, 3
 * locales, interleaved runs): at 6 docs a worker cost 16 % more CPU and no time; at 48 docs it cut the
 * main thread's CPU from 1.94 to 1.22 s, with less CPU in all; at 123 docs from 3.7 to 2.1 s.
 */
export const MIN_DOCS_FOR_WORKERS = 40;
/** Each further thread needs this many more files (not measured beyond 2 cores: the same break-even). */
export const DOCS_PER_EXTRA_THREAD = 40;
/** `serve` starts a worker (to highlight code, and to process pages: SHARED_MARKDOWN_DOCS_PER_THREAD) from this many files. */
export const MIN_DOCS_FOR_A_HIGHLIGHT_WORKER = 120;
/**
 * Workers take whole pages (Markdown → HTML) from this many docs per thread; below, the main thread parses
 * them all while a worker highlights the code. A worker's first pages cost it its own load and JIT warm-up
 * of the pipeline (~0.4 s of CPU): measured on 2 threads (corpus, interleaved runs, CPU per thread from
 * /proc), sharing at 123 docs took 0.1 s off the main thread for the same CPU in all, at 48 docs 0.03 s
 * for 0.15 s more; at 453 docs 0.4–0.5 s off the main thread (ARCHITECTURE.md, *Threads*).
 */
export const SHARED_MARKDOWN_DOCS_PER_THREAD = 50;

/** Moves that threshold, for tests and measurements: from this many docs in all. */
export const SHARE_MARKDOWN_ENV = 'CHEATSHEET_SHARE_MARKDOWN_FROM';

/** CHEATSHEET_SHARE_MARKDOWN_FROM as a number of docs; unset → undefined; anything but a whole number is refused. */
export function shareMarkdownFromEnv(value = process.env[SHARE_MARKDOWN_ENV]): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) {
    throw new UserError('cli', `Invalid ${SHARE_MARKDOWN_ENV} "${value}": give a whole number of docs.`, { hint: `Workers process pages from that many docs; unset, from ${SHARED_MARKDOWN_DOCS_PER_THREAD} per thread.` });
  }
  return Number(value);
}

/** Threads for a build of a site with (at least) `docs` Markdown files, the main thread included. */
export function buildThreads(docs: number, requested: number | undefined, cores = availableParallelism()): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, 2 * cores));
  if (docs < MIN_DOCS_FOR_WORKERS) return 1;
  return Math.max(1, Math.min(cores, 1 + Math.floor(docs / DOCS_PER_EXTRA_THREAD)));
}

/** Counts Markdown files below `dir`, stopping at `enough`. */
export function countMarkdown(dir: string, enough: number): number {
  let count = 0;
  const walk = (d: string) => {
    if (count >= enough || !existsSync(d)) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return; // An unreadable folder is reported, with its path, by the content stage.
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.md')) count++;
      if (count >= enough) return;
    }
  };
  walk(dir);
  return count;
}

/** The threads of a cold build of the site in `root`: build() and the build thread's early start agree. */
export function coldBuildThreads(root: string, requested: number | undefined, cores = availableParallelism()): number {
  return buildThreads(countMarkdown(join(root, 'content'), DOCS_PER_EXTRA_THREAD * cores), requested, cores);
}
