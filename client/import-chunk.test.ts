import { describe, expect, it } from 'vitest';
import { retryUrl } from './import-chunk.ts';

describe('retryUrl', () => {
  it('keeps the first URL and gives every retry a URL of its own', () => {
    expect(retryUrl('/a/home.X.js', 0)).toBe('/a/home.X.js');
    expect(retryUrl('/a/home.X.js', 1)).toBe('/a/home.X.js?retry=1');
    expect(retryUrl('/a/home.X.js?v=2', 2)).toBe('/a/home.X.js?v=2&retry=2');
  });
});
