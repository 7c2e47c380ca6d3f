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
 * (visitPostings' codes), so a posting needs no length of its own.
 */
export class PostingsLog {
  private readonly blocks: Int32Array[] = [];
  private block = new Int32Array(0);
  private at = 0;
  /** Per term id, how many numbers its postings have. */
  readonly lengths: Int32Array;

  constructor(terms: number) {
    this.lengths = new Int32Array(terms);
  }

  /** Starts a posting of `term`: the doc delta and how many numbers follow, each appended then with `push`. */
  start(term: number, delta: number, count: number): void {
    this.push(term);
    this.push(delta);
    this.push(count);
    this.lengths[term]! += 2 + count;
  }

  push(n: number): void {
    if (this.at === this.block.length) {
      this.block = new Int32Array(BLOCK);
      this.blocks.push(this.block);
      this.at = 0;
    }
    this.block[this.at++] = n;
  }

  /**
   * Every term's postings in `flat`, in the order they were added, from `start[term]` on (each term's place;
   * `start` is advanced past them). The log is let go.
   */
  copyInto(flat: Int32Array, start: Int32Array): void {
    const blocks = this.blocks.splice(0);
    const end = blocks.length === 0 ? 0 : (blocks.length - 1) * BLOCK + this.at;
    let b = 0;
    let i = 0;
    let block = blocks[0]!;
    const next = (): number => {
      if (i === BLOCK) {
        block = blocks[++b]!;
        i = 0;
      }
      return block[i++]!;
    };
    for (let read = 0; read < end; ) {
      const term = next();
      let q = start[term]!;
      flat[q++] = next();
      const count = next();
      flat[q++] = count;
      for (let j = 0; j < count; j++) flat[q++] = next();
      start[term] = q;
      read += 3 + count;
    }
    this.block = new Int32Array(0);
    this.at = 0;
  }
}
