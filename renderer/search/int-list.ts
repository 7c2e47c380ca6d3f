// A growable list of 32-bit integers that an analyser reuses from page to page (page-terms.ts): a page's
// numbers were arrays made per page and per term of each record, copied into typed arrays at the page's end —
// much of the index build's garbage. The list is emptied, not made again, and only its copy is kept.

export class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }

  push(n: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = n;
  }

  /** The list's numbers, copied (the list is then free to be emptied and reused). */
  copy(): Int32Array {
    return this.data.slice(0, this.length);
  }

  /** Out of push's path, which is inlined into the analyser's loops. */
  private grow(): void {
    const data = new Int32Array(this.data.length * 2);
    data.set(this.data);
    this.data = data;
  }
}

// As token-table.ts's: `data` written a second time before any list is used, so V8 takes it as a mutable field
// from the start, not a constant that a list's first growth would change under the compiled analyser.
{
  const list = new IntList(0);
  list.data = new Int32Array(0);
}
