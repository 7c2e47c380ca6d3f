// How many threads a build runs on. Asked for (`--threads`, or CHEATSHEET_THREADS read by the CLI):
// exactly that many, up to twice the cores (beyond that only memory grows). Otherwise chosen
// by the site's size: a worker costs its start-up and its own warm-up of the Markdown pipeline and React,
// which a small site does not pay back (see bench/README.md for the measurements behind the numbers).
import { availableParallelism } from 'node:os';

/** The environment variable that sets the build's thread count, this thread included (1 = no worker). */
export const THREADS_ENV = 'CHEATSHEET_THREADS';

/** From this many Markdown files a build starts workers on its own. */
export const MIN_DOCS_FOR_WORKERS = 120;
/** Each further thread needs this many more files to pay for itself. */
export const DOCS_PER_EXTRA_THREAD = 120;
/**
 * The Markdown is parsed on every thread only from this many docs per thread; below, on the main thread
 * while a worker highlights the code. Measured on 2 threads (453 and 1,812 docs): parsing on both threads
 * cost 1.7–1.9× the CPU and made the main thread's own share longer, not shorter — sharing is left to
 * sites larger than any measured.
 */
export const SHARED_MARKDOWN_DOCS_PER_THREAD = 1000;

/** Threads for a build of a site with (at least) `docs` Markdown files, the main thread included. */
export function buildThreads(docs: number, requested: number | undefined, cores = availableParallelism()): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, 2 * cores));
  if (docs < MIN_DOCS_FOR_WORKERS) return 1;
  return Math.max(1, Math.min(cores, 1 + Math.floor(docs / DOCS_PER_EXTRA_THREAD)));
}
