// Loaded on the build thread only: a build on the main thread (a warm one) loads none of this.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CACHE_DIR } from '../renderer/cache/cache-dir.ts';
import { startEarlyWorkers, workerScript } from '../renderer/workers/early-workers.ts';
import { coldBuildThreads, countMarkdown, SHARED_MARKDOWN_DOCS_PER_THREAD, shareMarkdownFromEnv } from '../renderer/workers/threads.ts';
import { parseThreads } from './build.ts';

/**
 * On the build thread (cli/build-thread.ts) of a cold build: starts the pool's workers now, before the build's
 * stages load (renderer/workers/early-workers.ts), with the thread count build() will choose. Anything it
 * cannot tell (a bad --threads, a warm cache) is left to the build, which starts its workers itself.
 */
export function startPoolWorkersEarly(root: string, flags: { threads?: string; cache: boolean }): void {
  if (flags.cache && existsSync(resolve(root, CACHE_DIR))) return;
  const script = workerScript();
  if (!script) return;
  let threads: number;
  let from: number;
  try {
    threads = coldBuildThreads(root, parseThreads(flags.threads));
    from = shareMarkdownFromEnv() ?? SHARED_MARKDOWN_DOCS_PER_THREAD * threads;
  } catch {
    return; // Reported by the build, with its usual message.
  }
  if (threads < 2) return;
  startEarlyWorkers(script, threads - 1, { preloadMarkdown: countMarkdown(resolve(root, 'content'), from) >= from });
}
