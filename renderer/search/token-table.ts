// Tokens by their text, looked up where they stand in a longer text: the scanner hashes a token's characters
// as it walks them (tokenHash), so a token it has met before is found without cutting it out as a string
// and hashing that again — most tokens of a site's text are repeats. Only a new token becomes a string.
import { objectArray } from './object-array.ts';

/** The hash of a token's first character: fold each code unit in with tokenHash. */
export const TOKEN_HASH_START = 0x811c9dc5 | 0;
/** FNV-1a over UTF-16 code units (32 bits). */
export const tokenHash = (hash: number, unit: number): number => Math.imul(hash ^ unit, 0x01000193);

export class TokenTable<T> {
  /** Open addressing: an entry's number + 1, 0 for a free slot; never more than half full. */
  private slots = new Int32Array(1 << 10);
  /** Each entry's hash. Typed: half of all 32-bit hashes are past V8's small integers (31 bits), and an array
   *  of numbers that met one changed its elements' kind under the optimised scanner ("not a Smi"), which was
   *  then compiled again. */
  private hashes = new Int32Array(1 << 9);
  private readonly keys: string[] = objectArray();
  private readonly values: T[] = objectArray();

  /** The value of the token text[start, end), whose hash is `hash`; undefined when it was never added. */
  find(text: string, start: number, end: number, hash: number): T | undefined {
    const length = end - start;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask, entry = this.slots[slot]!; entry !== 0; slot = (slot + 1) & mask, entry = this.slots[slot]!) {
      const key = this.keys[entry - 1]!;
      if (this.hashes[entry - 1] === hash && key.length === length && text.startsWith(key, start)) return this.values[entry - 1];
    }
    return undefined;
  }

  /** Adds the token text[start, end) (not in the table: `find` gave undefined) with its value. */
  add(text: string, start: number, end: number, hash: number, value: T): void {
    const key = text.slice(start, end);
    if (this.keys.length === this.hashes.length) {
      const hashes = new Int32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[this.keys.length] = hash;
    this.keys.push(key);
    this.values.push(value);
    if (this.keys.length * 2 > this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = this.keys.length;
  }

  private grow(): void {
    // The new entry is not placed yet: add() places it in the new slots.
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let e = 0; e < this.keys.length - 1; e++) {
      let slot = this.hashes[e]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = e + 1;
    }
    this.slots = slots;
  }
}

// V8 takes a field that has only held its first value as a constant, and code compiled so is thrown away once
// the field is written again: `hashes` first outgrew its array (add) while the scanner that inlines the
// table was compiled, which then was compiled again ("code dependencies"). Written a second time here, before
// any table is used, both grown fields are plain mutable fields from the start.
{
  const table = new TokenTable<never>() as unknown as { slots: Int32Array; hashes: Int32Array };
  table.slots = new Int32Array(table.slots.length);
  table.hashes = new Int32Array(table.hashes.length);
}
