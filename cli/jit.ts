// V8 tuning for the CLI. A build runs most of its code for well under two seconds, and by default V8 sends
// any function that has run a little to its optimising compiler: on a 2-core machine that compiler, on
// background threads, took a third of the build's CPU, competing with the build's own threads. Waiting
// for more calls before optimising spends it on the code that stays hot. Measured in interleaved runs:
// build of the 150-page corpus 1.91 → 1.80 s (CPU 3.05 → 2.68 s); `serve` cold start 2.0 → 1.65 s, with
// no change to the time from saving a file to the new page (~55 ms). CHEATSHEET_V8_BUDGET overrides the
// value for experiments.
import { setFlagsFromString } from 'node:v8';

export function raiseJitThreshold(): void {
  const budget = Number(process.env.CHEATSHEET_V8_BUDGET) || 1_000_000;
  setFlagsFromString(`--interrupt-budget=${budget}`);
  // A regular expression is first compiled to bytecode and, run a second time, compiled again to machine
  // code, parsed both times: the code highlighter's grammars hold hundreds of expressions, many with Unicode
  // property classes that V8 builds through ICU at each parse. Compiled once, to machine code (session 29;
  // ARCHITECTURE.md, *Threads*): a cold 30 × 3 build's regular-expression work 919 → 656 M instructions.
  // CHEATSHEET_REGEXP_TIER_UP=1 keeps V8's default, for comparisons.
  if (process.env.CHEATSHEET_REGEXP_TIER_UP !== '1') setFlagsFromString('--no-regexp-tier-up');
}
