import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashOf } from './keys.ts';

describe('hashOf', () => {
  // Keys of text take a one-call path, keys with bytes the streaming one: neither may change a key that a
  // cache already holds (each part and a NUL, SHA-1, 24 characters of base64url).
  it('hashes each part followed by a NUL, whether the parts are text or bytes', () => {
    const samples = [[], [''], ['a'], ['a', 'b'], ['ab'], ['ação', 'ñ', '日本', '😀'], ['x'.repeat(100_000), 'y'], ['\0', '']];
    for (const parts of samples) {
      const h = createHash('sha1');
      for (const p of parts) h.update(p).update('\0');
      const want = h.digest('base64url').slice(0, 24);
      expect(hashOf(...parts), JSON.stringify(parts).slice(0, 40)).toBe(want);
      expect(hashOf(...parts.map((p) => new TextEncoder().encode(p)))).toBe(want);
    }
  });
});
