// The postings log gives each term's postings in the order they were added, across its blocks, and a shard's
// JSON from one array is what JSON.stringify writes of the terms' postings as arrays.
import { describe, expect, it } from 'vitest';
import { shardJson } from './local-index.ts';
import { PostingsLog } from './postings-log.ts';

describe('postings log', () => {
  it('copies each term\'s postings to its place, in order, past the 64 KB blocks', () => {
    const terms = 7;
    const log = new PostingsLog(terms);
    const expected: number[][] = Array.from({ length: terms }, () => []);
    // Entries of 1–5 numbers, the first saying how many follow: ~40 K numbers, three blocks.
    for (let i = 0; i < 10_000; i++) {
      const term = (i * 5) % terms;
      const entry = [i % 4, ...Array.from({ length: i % 4 }, (_, j) => i * 10 + j)];
      log.start(term, i, entry[0]!);
      for (const n of entry.slice(1)) log.push(n);
      expected[term]!.push(i, ...entry);
    }
    expect([...log.lengths]).toEqual(expected.map((p) => p.length));
    // The terms in another order than their ids, as the index sorts them by name.
    const order = [3, 0, 6, 1, 5, 2, 4];
    const offsets = new Int32Array(terms + 1);
    order.forEach((id, i) => (offsets[i + 1] = offsets[i]! + log.lengths[id]!));
    const start = new Int32Array(terms);
    order.forEach((id, i) => (start[id] = offsets[i]!));
    const flat = new Int32Array(offsets[terms]!);
    log.copyInto(flat, start);
    expect([...flat]).toEqual(order.flatMap((id) => expected[id]!));
    expect(shardJson(flat, offsets, 2, 5)).toBe(JSON.stringify(order.slice(2, 6).map((id) => expected[id]!)));
  });

  it('keeps a posting whole when it does not fit the rest of a block, or any block', () => {
    const log = new PostingsLog(3);
    // 16 K numbers a block: the second posting does not fit what the first left, the third fits no block.
    const sizes = [16_000, 1_000, 40_000, 5];
    sizes.forEach((count, i) => {
      log.start(i % 3, i + 1, count);
      for (let j = 0; j < count; j++) log.push(i * 100_000 + j);
    });
    const expected: number[][] = [[], [], []];
    sizes.forEach((count, i) => expected[i % 3]!.push(i + 1, count, ...Array.from({ length: count }, (_, j) => i * 100_000 + j)));
    const offsets = new Int32Array(4);
    for (let t = 0; t < 3; t++) offsets[t + 1] = offsets[t]! + log.lengths[t]!;
    const flat = new Int32Array(offsets[3]!);
    log.copyInto(flat, offsets.slice(0, 3));
    expect([...flat]).toEqual(expected.flat());
  });

  it('writes a shard as JSON.stringify writes its terms\' postings, large and negative numbers too', () => {
    const postings = [[1, 2, 0], [2_147_483_647], [-5, 16, 31]];
    const flat = Int32Array.from(postings.flat());
    const offsets = Int32Array.from([0, 3, 4, 7]);
    expect(shardJson(flat, offsets, 0, 2)).toBe(JSON.stringify(postings));
    expect(shardJson(flat, offsets, 1, 1)).toBe(JSON.stringify([postings[1]]));
  });
});
