// The analyser's reusable lists: numbers kept in order past their first capacity, emptied for the next page,
// and a copy that does not change when the list is reused.
import { describe, expect, it } from 'vitest';
import { IntList } from './int-list.ts';
import { objectArray } from './object-array.ts';

describe('int list', () => {
  it('grows, copies and is reused', () => {
    const list = new IntList(2);
    for (let i = 0; i < 1000; i++) list.push(i - 500);
    const copy = list.copy();
    expect([...copy]).toEqual(Array.from({ length: 1000 }, (_, i) => i - 500));
    list.length = 0;
    list.push(7);
    expect([...list.copy()]).toEqual([7]);
    expect(copy[0]).toBe(-500);
  });

  it('object arrays start empty', () => {
    const array = objectArray<string>();
    expect(array).toEqual([]);
    array.push('a');
    expect(array).toEqual(['a']);
  });
});
