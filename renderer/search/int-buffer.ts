// A growable run of 32-bit numbers, reused from one page's analysis to the next (page-terms.ts): a page's
// numbers were pushed to a fresh array (grown by copies, each number a tagged value) and then copied into an
// Int32Array with Int32Array.from; here they are written where they go and copied out once (a memcpy).

export class IntBuffer {
  data = new Int32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.data.length) {
      const data = new Int32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    this.data[this.length++] = n;
  }

  /** The numbers pushed so far, copied out (as Int32Array.from would make them); the buffer is emptied. */
  take(): Int32Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}
