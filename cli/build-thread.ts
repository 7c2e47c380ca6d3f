// Where a cold `build` runs: on a thread of its own whose young generation is capped, with the main thread
// left to wait for it. The largest part of a cold build's peak memory that the build cannot shrink from
// inside is the main thread's young generation: V8 grows its semi-spaces to 16 MB each as the render keeps
// data alive, and it fixes their limit when the process starts (`--max-semi-space-size`, which a command
// cannot pass to its own process; set at run time it changes nothing). A worker's limit is set when it is
// created (`resourceLimits`), so the build runs in one, and the main thread, idle meanwhile, writes the
// output files in place of the build's writer thread: corpus 150 × 3, peak ~282 → ~242 MB for the same CPU
// (ARCHITECTURE.md, *Memory*). Re-executing Node with the flag was measured too and lowers nothing: the
// waiting parent is a second Node process (~43 MB RSS, ~7 MB of it its own) and a second start-up.
// A warm build's peak is about half a cold one's, so it stays on the main thread and pays nothing (its young
// generation is capped there without a thread: renderer/young-generation.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMainThread, resourceLimits, Worker, workerData } from 'node:worker_threads';
import { CACHE_DIR } from '../renderer/cache/cache-dir.ts';
import { UserError } from '../renderer/errors.ts';
import type { BuildThreadData } from './terminal.ts';

/** `0`: never build on a thread of its own; `1`: always (warm builds too); unset: cold builds only. */
export const BUILD_THREAD_ENV = 'CHEATSHEET_BUILD_THREAD';

/** The build thread's young generation: semi-spaces of 4 MB, as `--max-semi-space-size=4` and the pool's workers. */
export const BUILD_THREAD_YOUNG_GENERATION_MB = 12;

/** The young generation's size given on Node's command line or in NODE_OPTIONS (V8 accepts `-` or `_`). */
const SEMI_SPACE_FLAG = /(^|\s)--max[-_]semi[-_]space[-_]size\b/;

export interface BuildThreadInput {
  /** The site's folder (resolved). */
  root: string;
  /** false: `--no-cache`. */
  cache: boolean;
  env?: NodeJS.ProcessEnv;
  execArgv?: readonly string[];
  mainThread?: boolean;
}

/**
 * Whether this build should run on a build thread: a cold build (no build cache yet, or `--no-cache`) started
 * on the main thread, unless the user sized the young generation already or set CHEATSHEET_BUILD_THREAD.
 */
export function wantsBuildThread({ root, cache, env = process.env, execArgv = process.execArgv, mainThread = isMainThread }: BuildThreadInput): boolean {
  if (!mainThread) return false;
  const choice = env[BUILD_THREAD_ENV];
  if (choice === '0') return false;
  if (choice === '1') return true;
  if (choice !== undefined && choice !== '') {
    throw new UserError('cli', `Invalid ${BUILD_THREAD_ENV} "${choice}": give 0 or 1.`, {
      hint: '0 builds on the main thread; 1 builds on a thread with a small young generation even with a warm cache; unset: cold builds only.',
    });
  }
  if (SEMI_SPACE_FLAG.test(env.NODE_OPTIONS ?? '') || execArgv.some((a) => SEMI_SPACE_FLAG.test(a))) return false;
  return !cache || !existsSync(resolve(root, CACHE_DIR));
}

/**
 * Runs the CLI module `entry` again on a build thread with the same arguments (it builds there, since it is
 * not the main thread), passing its output through; resolves to its exit code. Signals need nothing: they
 * end the process, and the thread with it, as they end a build on the main thread.
 */
export async function buildOnThread(entry: URL, argv: readonly string[]): Promise<number> {
  const data: BuildThreadData = { cheatsheetBuildThread: { stderrIsTTY: process.stderr.isTTY === true } };
  // This thread, idle meanwhile, writes the output files: no writer thread of the build's own. Loaded only
  // here: a warm build, which imports this module too, writes with the build script's own copy of it.
  const { hostWriters } = await import('../renderer/write.ts');
  const writers = hostWriters();
  const worker = new Worker(entry, {
    argv: [...argv],
    workerData: { ...data, ...writers.workerData },
    transferList: writers.transferList,
    resourceLimits: { maxYoungGenerationSizeMb: BUILD_THREAD_YOUNG_GENERATION_MB },
  });
  worker.once('exit', writers.close);
  // ICU's start (its data, on a process's first Intl.DateTimeFormat: 40–55 ms here at load ~4) is the
  // process's, not a thread's: made now by this thread, idle while the build thread loads, the build thread's
  // and the pool worker's first dates (site data, templates) find it done (a worker's first three locales:
  // 60–100 → 7–20 ms).
  setImmediate(startIcu);
  return new Promise((resolvePromise, reject) => {
    let failure: unknown;
    // An error the CLI's own handler did not catch (it reports user errors and bugs itself): a bug.
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => (failure === undefined ? resolvePromise(code) : reject(failure)));
  });
}

/** A first date format (any language and options: what starts is shared by all of them). */
function startIcu(): void {
  new Intl.DateTimeFormat('en', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(0);
}

/** Where this build runs, for CHEATSHEET_DEBUG_MEMORY: the limits the build thread was really given. */
export function buildThreadNote(): string {
  const young = isMainThread ? undefined : resourceLimits.maxYoungGenerationSizeMb;
  return young ? `on the build thread (young generation ≤ ${young} MB)` : 'on the main thread';
}

/** Whether this is the build thread (cli/main.ts then starts the pool's workers early: cli/early-pool.ts). */
export function onBuildThread(): boolean {
  return !isMainThread && (workerData as Partial<BuildThreadData> | undefined)?.cheatsheetBuildThread !== undefined;
}
