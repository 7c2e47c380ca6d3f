import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { LocaleContent } from './content/load.ts';
import type { ProcessedDoc } from './content/process-doc.ts';
import { collectGarbage, dropSearchText, exposedGc, HeapGrowing, heapGrowingPercent, HeapGrowthLimit, userSetsHeapGrowing } from './free-memory.ts';

describe('collectGarbage', () => {
  it('collects what nothing refers to any more, without --expose-gc', async () => {
    let big: number[] | undefined = Array.from({ length: 100_000 }, (_, i) => i);
    const ref = new WeakRef(big);
    big = undefined;
    // A WeakRef's target is kept until the end of the current job: the collection must come after it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('leaves V8\'s flags as they were, so code cached after it is good for the next process', () => {
    collectGarbage();
    // What V8 stamps on cached code (its flags among it) now, and with --expose-gc surely off, as at start.
    const after = new Script('0').createCachedData();
    setFlagsFromString('--no-expose-gc');
    expect(after.equals(new Script('0').createCachedData())).toBe(true);
  });
});

describe('exposedGc', () => {
  it('makes the context again when another thread set the flag back before it was made', () => {
    // A context made while another thread had set --no-expose-gc has no gc: the first two here, as in a build
    // whose workers all take their gc at once (test/threads-parity.test.ts saw "gc is not defined").
    const flags: string[] = [];
    const gc = () => {};
    let contexts = 0;
    const got = exposedGc(
      (f) => flags.push(f),
      () => (++contexts <= 2 ? undefined : gc),
    );
    expect(got).toBe(gc);
    expect(contexts).toBe(3);
    expect(flags).toEqual(['--expose-gc', '--expose-gc', '--expose-gc', '--no-expose-gc']);
  });

  it('gives up with an error rather than loop for ever', () => {
    expect(() => exposedGc(() => {}, () => undefined)).toThrow(/no gc function after 1000 attempts/);
  });

  it('takes the real gc, and leaves the flag off', () => {
    const gc = exposedGc();
    expect(typeof gc).toBe('function');
    gc();
    const after = new Script('0').createCachedData();
    setFlagsFromString('--no-expose-gc');
    expect(after.equals(new Script('0').createCachedData())).toBe(true);
  });
});

describe('dropSearchText', () => {
  it('empties every doc’s sections and leaves the rest', () => {
    const doc = { html: '<p>a</p>', sections: [{ level: 1, text: ['a'] }] } as unknown as ProcessedDoc;
    const content = new Map<string, LocaleContent>([['en', { locale: 'en', docs: [doc], categories: new Map() } as unknown as LocaleContent]]);
    dropSearchText(content);
    expect(doc.sections).toEqual([]);
    expect(doc.html).toBe('<p>a</p>');
  });
});

describe('HeapGrowthLimit', () => {
  const MB = 1024 * 1024;
  /** A heap whose size the test sets; a collection brings it down to `alive`. */
  function fakeHeap(start: number) {
    const heap = { used: start, alive: start, collections: 0 };
    const limit = new HeapGrowthLimit(64 * MB, () => heap.used, () => {
      heap.collections++;
      heap.used = heap.alive;
    });
    return { heap, limit };
  }

  it('collects once the heap has grown by the margin since the last collection, then measures from there', () => {
    const { heap, limit } = fakeHeap(100 * MB);
    heap.used = 163 * MB;
    expect(limit.check()).toBe(false);
    heap.used = 164 * MB;
    heap.alive = 110 * MB;
    expect(limit.check()).toBe(true);
    expect(heap.collections).toBe(1);
    // From 110 MB now: 173 is not yet 64 MB more.
    heap.used = 173 * MB;
    expect(limit.check()).toBe(false);
    heap.used = 174 * MB;
    expect(limit.check()).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it('runs what has to be set before its collection (V8 sets the next limit there), and only when it collects', () => {
    const { heap, limit } = fakeHeap(100 * MB);
    const seen: number[] = [];
    heap.used = 150 * MB;
    expect(limit.check(() => seen.push(heap.collections))).toBe(false);
    heap.used = 170 * MB;
    expect(limit.check(() => seen.push(heap.collections))).toBe(true);
    // Called once, before the one collection.
    expect(seen).toEqual([0]);
    expect(heap.collections).toBe(1);
  });

  it('waits for half of what is alive when that is more than the margin', () => {
    const { heap, limit } = fakeHeap(300 * MB);
    heap.used = 449 * MB;
    expect(limit.check()).toBe(false);
    heap.used = 450 * MB;
    expect(limit.check()).toBe(true);
  });

  it('really collects the heap by default', async () => {
    let big: number[] | undefined = Array.from({ length: 100_000 }, (_, i) => i);
    const ref = new WeakRef(big);
    big = undefined;
    await new Promise((resolve) => setImmediate(resolve));
    // A heap that has grown past any margin: the default collection is a real, full one.
    let used = 0;
    const limit = new HeapGrowthLimit(64 * MB, () => used);
    used = Number.MAX_SAFE_INTEGER;
    expect(limit.check()).toBe(true);
    expect(ref.deref()).toBeUndefined();
  });
});

describe('HeapGrowing', () => {
  it('fixes the growing factor once, and sets the flag back as at start', () => {
    const flags: string[] = [];
    const growth = new HeapGrowing(30, (f) => flags.push(f));
    growth.restore();
    expect(flags).toEqual([]);
    growth.slow();
    growth.slow();
    expect(flags).toEqual(['--heap-growing-percent=30']);
    growth.restore();
    growth.restore();
    expect(flags).toEqual(['--heap-growing-percent=30', '--heap-growing-percent=0']);
  });

  it('does nothing at 0 (CHEATSHEET_HEAP_GROWING_PERCENT=0: V8 as it is)', () => {
    const flags: string[] = [];
    const growth = new HeapGrowing(0, (f) => flags.push(f));
    growth.slow();
    growth.restore();
    expect(flags).toEqual([]);
  });

  it('leaves a --heap-growing-percent the process was started with to the user', () => {
    expect(userSetsHeapGrowing({}, [])).toBe(false);
    expect(userSetsHeapGrowing({ NODE_OPTIONS: '--max-old-space-size=512 --heap-growing-percent=50' }, [])).toBe(true);
    expect(userSetsHeapGrowing({}, ['--heap_growing_percent=20'])).toBe(true);
    expect(userSetsHeapGrowing({ NODE_OPTIONS: '--no-heap-growing-percentx' }, ['--cpu-prof'])).toBe(false);
  });

  it('takes its percentage from CHEATSHEET_HEAP_GROWING_PERCENT, and refuses what is not one', () => {
    expect(heapGrowingPercent({})).toBe(30);
    expect(heapGrowingPercent({ CHEATSHEET_HEAP_GROWING_PERCENT: '' })).toBe(30);
    expect(heapGrowingPercent({ CHEATSHEET_HEAP_GROWING_PERCENT: '0' })).toBe(0);
    expect(heapGrowingPercent({ CHEATSHEET_HEAP_GROWING_PERCENT: '50' })).toBe(50);
    for (const bad of ['abc', '-5', '2.5', '1e3', '5000']) expect(() => heapGrowingPercent({ CHEATSHEET_HEAP_GROWING_PERCENT: bad }), bad).toThrow(/Invalid CHEATSHEET_HEAP_GROWING_PERCENT/);
  });

  it('leaves V8\'s flags as they were, so code cached after it is good for the next process', () => {
    const before = new Script('0').createCachedData();
    const growth = new HeapGrowing(30);
    growth.slow();
    growth.restore();
    expect(new Script('0').createCachedData().equals(before)).toBe(true);
  });
});
