// Tokens by their text, looked up where they stand in a longer text: the scanner hashes a token's characters
// as it walks them (tokenHash), so a token it has met before is found without cutting it out as a string
// and hashing that again — most tokens of a site's text are repeats. Only a new token becomes a string.

/** The hash of a token's first character: fold each code unit in with tokenHash. */
export const TOKEN_HASH_START = 0x811c9dc5 | 0;
/** FNV-1a over UTF-16 code units (32 bits). */
export const tokenHash = (hash: number, unit: number): number => Math.imul(hash ^ unit, 0x01000193);

export class TokenTable<T> {
  /** Open addressing: an entry's number + 1, 0 for a free slot; never more than half full. */
  private slots = new Int32Array(1 << 10);
  private readonly hashes: number[] = [];
  private readonly keys: string[] = [];
  private readonly values: T[] = [];

  /** `make` gives a token's value the first time the token is met. */
  constructor(private readonly make: (token: string) => T) {}

  /** The value of the token text[start, end), whose hash is `hash`. */
  get(text: string, start: number, end: number, hash: number): T {
    const length = end - start;
    let mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let entry = this.slots[slot]!; entry !== 0; slot = (slot + 1) & mask, entry = this.slots[slot]!) {
      const key = this.keys[entry - 1]!;
      if (this.hashes[entry - 1] === hash && key.length === length && text.startsWith(key, start)) return this.values[entry - 1]!;
    }
    const key = text.slice(start, end);
    const value = this.make(key);
    this.hashes.push(hash);
    this.keys.push(key);
    this.values.push(value);
    if (this.keys.length * 2 > this.slots.length) {
      this.grow();
      mask = this.slots.length - 1;
      for (slot = hash & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask);
    }
    this.slots[slot] = this.keys.length;
    return value;
  }

  private grow(): void {
    // The new entry is not placed yet: get() places it in the new slots.
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
