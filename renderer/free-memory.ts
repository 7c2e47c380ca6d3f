// Memory a build lets go of between its stages. The process's peak is what counts (issue #18: ≤ 250 MB),
// and V8 lets a heap grow to about twice what is alive before it collects in full: at the end of the search
// stage half of the main thread's heap is garbage (the search records and their JSON, the docs' parse
// trees), and the render stage would pile its own garbage on top of it.
import type { LocaleContent } from './content/load.ts';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { UserError } from './errors.ts';

let fullCollection: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. `global.gc` exists only with `--expose-gc`, which a
 * CLI started as `cheatsheet build` cannot pass to its own process: set at run time, the flag gives the
 * function to contexts made afterwards, such as this one. (~40–80 ms of CPU at the end of the search stage,
 * 150 and 600 pages per locale: what V8 would spend later anyway, less the garbage it no longer carries.)
 */
export function collectGarbage(): void {
  fullCollection ??= exposedGc();
  fullCollection();
}

/**
 * `gc` from a context made with `--expose-gc` on, then the flag set back as it was: the function stays, and
 * V8 stamps its flags on the code it caches, so code cached after a collection (cli/build-script.ts) would
 * otherwise be refused by the next process. V8's flags belong to the process, not the thread: another thread
 * taking its own `gc` can set the flag back between the two steps here, and the context then has no `gc` —
 * so the flag is set again and the context made again. Each thread sets it back once, so this ends.
 */
export function exposedGc(
  setFlags: (flags: string) => void = setFlagsFromString,
  evaluate: (code: string) => unknown = (code) => runInNewContext(code),
): () => void {
  for (let attempt = 1; ; attempt++) {
    setFlags('--expose-gc');
    const gc = evaluate('typeof gc === "function" ? gc : undefined');
    if (typeof gc === 'function') {
      setFlags('--no-expose-gc');
      return gc as () => void;
    }
    if (attempt === MAX_GC_ATTEMPTS) throw new Error(`no gc function after ${MAX_GC_ATTEMPTS} attempts with --expose-gc`);
  }
}

/** Far more than the threads a build runs (each sets the flag back once). */
const MAX_GC_ATTEMPTS = 1000;

/**
 * Empties the docs' text sections, which only the search records and the routes' descriptions read: a build
 * has made both before it renders (~19 KB a doc, a third of what the main thread keeps of a doc).
 */
export function dropSearchText(content: Map<string, LocaleContent>): void {
  for (const locale of content.values()) for (const doc of locale.docs) doc.sections = [];
}

/**
 * Garbage a long render piles up on the main thread: V8 lets the old generation grow to a multiple of what
 * was alive at the last full collection before it collects again, and the render stage of a large site does
 * not get there — 600 × 3 corpus: 99 MB alive after the collection between search and render, 258 MB of heap
 * at the end of the render, none of the difference collected. A full collection whenever the heap has grown
 * by `minMargin`, or by half of what was alive if that is more, since the last one keeps that garbage
 * bounded without collecting a site with much live data more often than its size warrants (each collection
 * costs about 1 ms per MB alive). 600 × 3, cold, 3 interleaved runs: one collection during the render, peak
 * RSS 575 → 526 MB, CPU 18.9 s either way. A 150 × 3 render (+30 MB) never reaches the margin.
 */
export class HeapGrowthLimit {
  private alive: number;

  constructor(
    private readonly minMargin = HEAP_GROWTH_BEFORE_COLLECTING,
    private readonly usedHeap: () => number = () => getHeapStatistics().used_heap_size,
    private readonly collect: () => void = collectGarbage,
  ) {
    this.alive = this.usedHeap();
  }

  /**
   * Collects in full when the heap outgrew the margin; true when it did. `beforeCollecting`: what has to be
   * set before that collection (V8 sets the heap's next limit at each full collection: HeapGrowing).
   */
  check(beforeCollecting?: () => void): boolean {
    if (this.usedHeap() - this.alive < Math.max(this.minMargin, this.alive / 2)) return false;
    beforeCollecting?.();
    this.collect();
    this.alive = this.usedHeap();
    return true;
  }
}

/** See HeapGrowthLimit: above what a 150 × 3 render adds (~30 MB, young generation included). */
export const HEAP_GROWTH_BEFORE_COLLECTING = 64 * 1024 * 1024;

/**
 * V8's old-generation growing factor, fixed for the rest of a large build (`--heap-growing-percent`). After
 * each full collection V8 lets a heap grow by a factor of its own choosing before the next, up to 4× what is
 * alive when collecting is fast; a 600 × 3 build's threads went well past their live data between collections.
 * With 30 % they collect more often (600 × 3, `--trace-gc`: the build thread 5 → 8 full collections, the
 * worker 8 → 19, ~+0.25 s) and the process peaks ~40 MB lower. The flag is the process's (every thread's heap)
 * and V8 stamps its flags on the code it caches: `restore` sets it back. `CHEATSHEET_HEAP_GROWING_PERCENT` sets
 * the percentage (0: V8's own factor); a process started with the flag keeps its own.
 */
export class HeapGrowing {
  private slowed = false;

  constructor(
    private readonly percent = heapGrowingPercent(),
    private readonly setFlags: (flags: string) => void = setFlagsFromString,
  ) {}

  slow(): void {
    if (this.slowed || !(this.percent > 0) || userSetsHeapGrowing()) return;
    this.setFlags(`--heap-growing-percent=${this.percent}`);
    this.slowed = true;
  }

  restore(): void {
    if (!this.slowed) return;
    this.setFlags('--heap-growing-percent=0');
    this.slowed = false;
  }
}

export const HEAP_GROWING_ENV = 'CHEATSHEET_HEAP_GROWING_PERCENT';

/**
 * Whether the process was started with its own `--heap-growing-percent` (on the command line or in
 * NODE_OPTIONS): left as the user set it, and not set back to V8's default at the build's end either.
 */
export function userSetsHeapGrowing(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  const flag = /(^|\s)--heap[-_]growing[-_]percent\b/;
  return flag.test(env.NODE_OPTIONS ?? '') || execArgv.some((a) => flag.test(a));
}

/** The growing factor HeapGrowing fixes (30 % unless the environment says otherwise; 0: V8's own). */
export function heapGrowingPercent(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[HEAP_GROWING_ENV];
  if (value === undefined || value === '') return 30;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 1000) {
    throw new UserError('cli', `Invalid ${HEAP_GROWING_ENV} "${value}": give a whole number from 0 to 1000.`, { hint: 'The percentage a large build lets each heap grow by between full collections; 0 leaves it to V8.' });
  }
  return n;
}
