// A locale's postings as assembleIndex gathers them (local-index.ts): page after page, each term's entries
// appended where they fall, then copied term by term into the one array the index ships. One growing array
// per term (number[][]) held each number as a tagged value and left every outgrown copy behind: at 600 pages a
// locale, the largest share of the assembly's garbage (heap used 37 → 57 MB by the postings alone). Here the
// numbers go one after the other into blocks of 64 KB — below glibc's mmap threshold (cache/pieces.ts) — and
// nothing is copied until each number's place is known.

/** Numbers per block: 64 KB. */
const BLOCK = 16 * 1024;

/**
 * Each posting, in order: its term id, then its numbers — the doc delta, then how many numbers follow and those
 * (visitPostings' codes), so a posting needs no length of its own. A posting is never split between blocks:
 * `start` knows its size, so `push` writes without a check and `copyInto` reads each block in one plain loop
 * (it had read every number through a closure that turned to the next block, made again per call: a new call
 * target for its compiled code each locale, and compiled again).
 */
export class PostingsLog {
  /** Made with its first block: an array literal that starts with an object (an empty one held small integers
   *  first, and each new log's array was a map the compiled code had not met: "wrong map"). */
  private readonly blocks: Int32Array[];
  /** How many numbers each block before the one being written holds. */
  private readonly used: number[] = [];
  private block: Int32Array;
  private at = 0;
  /** Per term id, how many numbers its postings have. */
  readonly lengths: Int32Array;

  constructor(terms: number) {
    this.lengths = new Int32Array(terms);
    this.block = new Int32Array(BLOCK);
    this.blocks = [this.block];
  }

  /** Starts a posting of `term`: the doc delta and `count`, how many numbers `push` then appends (exactly). */
  start(term: number, delta: number, count: number): void {
    if (this.at + 3 + count > this.block.length) this.nextBlock(3 + count);
    const block = this.block;
    const at = this.at;
    block[at] = term;
    block[at + 1] = delta;
    block[at + 2] = count;
    this.at = at + 3;
    this.lengths[term]! += 2 + count;
  }

  push(n: number): void {
    this.block[this.at++] = n;
  }

  /** A block for the next posting (`size` numbers; a larger block for a larger one). Out of `start`'s loop. */
  private nextBlock(size: number): void {
    this.used.push(this.at);
    this.block = new Int32Array(Math.max(BLOCK, size));
    this.blocks.push(this.block);
    this.at = 0;
  }

  /**
   * Every term's postings in `flat`, in the order they were added, from `start[term]` on (each term's place;
   * `start` is advanced past them). The log is let go.
   */
  copyInto(flat: Int32Array, start: Int32Array): void {
    const blocks = this.blocks.splice(0);
    const used = this.used.splice(0);
    used.push(this.at);
    for (let b = 0; b < blocks.length; b++) copyBlock(blocks[b]!, used[b]!, flat, start);
    this.block = NO_BLOCK;
    this.at = 0;
  }
}

/** A let-go log's block: nothing fits. */
const NO_BLOCK = new Int32Array(0);

/**
 * The postings of one block (its first `end` numbers) to their terms' places. A function of its own, called per
 * block: its loop is compiled (on stack) while the first block is read, with feedback for all of it, and not
 * again for the next block or the next locale's log.
 */
function copyBlock(block: Int32Array, end: number, flat: Int32Array, start: Int32Array): void {
  for (let i = 0; i < end; ) {
    const term = block[i]!;
    const count = block[i + 2]!;
    let q = start[term]!;
    flat[q++] = block[i + 1]!;
    flat[q++] = count;
    i += 3;
    for (let j = 0; j < count; j++) flat[q++] = block[i++]!;
    start[term] = q;
  }
}

// As token-table.ts's: `block` is written a second time here, before any log is used, so that V8 takes it as a
// mutable field from the start rather than a constant that a log's second block would change under the
// compiled code.
{
  const log = new PostingsLog(0) as unknown as { block: Int32Array };
  log.block = new Int32Array(0);
}
