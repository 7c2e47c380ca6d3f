// The main thread's young generation in a warm build. V8 doubles the semi-spaces (1 → 16 MB each) as data
// survives; a warm build on the main thread grew them to 16 MB, and each new semi-space page is fresh memory
// (a page fault, ~20 µs on this kind of VM, and more scavenged memory to walk). The build thread and the
// pool's workers cap theirs at 4 MB (`resourceLimits`), and `--max-semi-space-size=4` at Node's start did the
// same for a one-page build: −0.2 s of CPU. That flag is read only when the heap is made, but the growth
// factor is read at each growth (on Node's command line V8 raises a factor below 2 to 2; set at run time it
// is taken as given): so the semi-spaces grow as before up to 4 MB, then the factor is set to 1 and they stay.
// Only a warm build's main thread does this: it has no pool workers (one thread, build.ts), and the factor
// is the process's, so workers started while it is 1 would stay at their first 1 MB. build() lifts the cap
// when most pages are left to render: that render did more CPU with it (ARCHITECTURE.md, *Memory*).
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/** The young generation's size given on Node's command line or in NODE_OPTIONS (V8 accepts `-` or `_`). */
export const SEMI_SPACE_FLAG = /(^|\s)--(max|min)[-_]semi[-_]space[-_]size\b|(^|\s)--semi[-_]space[-_]growth[-_]factor\b/;

/** Both semi-spaces of the new space together, as the build thread's (`BUILD_THREAD_YOUNG_GENERATION_MB`). */
export const NEW_SPACE_CAP_BYTES = 8 * 1024 * 1024;

/** V8's default growth factor: what the flag is set back to, so that V8's flags are as at start. */
const DEFAULT_GROWTH_FACTOR = 2;

export interface YoungGenerationHost {
  /** This thread's new space (both semi-spaces), in bytes. */
  newSpaceBytes: () => number;
  setFlags: (flags: string) => void;
  /** Calls `after` after garbage collections (not necessarily each one); returns a function that stops it. */
  afterCollections: (after: () => void) => () => void;
}

/** This thread's heap and V8's flags. */
export const v8Host: YoungGenerationHost = {
  newSpaceBytes: () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  setFlags: setFlagsFromString,
  afterCollections: (after) => {
    const observer = new PerformanceObserver(after);
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
};

export interface CapInput {
  env?: NodeJS.ProcessEnv;
  execArgv?: readonly string[];
  mainThread?: boolean;
  host?: YoungGenerationHost;
}

// One cap a process, taken as soon as the build script is compiled (cli/build-script.ts): by the time build()
// ran, loading the script had grown the new space past the cap in some builds (`--trace-gc`: 16 MB, two
// growths before the observer's first call). build() takes that cap over; the two are separate bundles with
// a copy of this module each, so the cap is kept on globalThis.
const HELD = Symbol.for('cheatsheet.youngGenerationCap');
type CapHolder = { [HELD]?: { uncap: () => void; check: () => void } };

/**
 * Stops the new space growing past NEW_SPACE_CAP_BYTES on this (main) thread; returns a function that sets
 * V8's flags back (call it before the code cache is written: V8 stamps its flags on cached code, and
 * cli/build-script.ts writes none while they differ from the process's start). Does nothing off the main
 * thread (the build thread has its `resourceLimits`) or when the user sized the young generation.
 */
export function capYoungGeneration({ env = process.env, execArgv = process.execArgv, mainThread = isMainThread, host = v8Host }: CapInput = {}): () => void {
  const holder = globalThis as CapHolder;
  const held = holder[HELD];
  if (held) {
    held.check();
    return held.uncap;
  }
  if (!mainThread || SEMI_SPACE_FLAG.test(env.NODE_OPTIONS ?? '') || execArgv.some((a) => SEMI_SPACE_FLAG.test(a))) return () => {};
  let capped = false;
  let stop: (() => void) | undefined;
  const check = (): void => {
    if (capped || host.newSpaceBytes() < NEW_SPACE_CAP_BYTES) return;
    capped = true;
    host.setFlags('--semi-space-growth-factor=1');
    stop?.();
  };
  check();
  // Growth happens in a collection: looked at after them. The observer's calls come after the collection
  // that grew it (at the next turn of the event loop), so a long synchronous stretch could grow it once more.
  if (!capped) stop = host.afterCollections(check);
  const uncap = (): void => {
    stop?.();
    stop = undefined;
    if (capped) host.setFlags(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
    capped = true;
    if (holder[HELD]?.uncap === uncap) delete holder[HELD];
  };
  holder[HELD] = { uncap, check };
  return uncap;
}

/** Looks at the new space now: the observer's calls wait for the event loop, and a long synchronous stretch
 * (the build script's loading: two growths, 4 → 16 MB, before the observer's first call) can outrun it. */
export function checkYoungGeneration(): void {
  (globalThis as CapHolder)[HELD]?.check();
}

/** Lets go of a cap taken early when the build turns out not to be warm (it starts pool workers). */
export function releaseYoungGeneration(): undefined {
  (globalThis as CapHolder)[HELD]?.uncap();
  return undefined;
}
