import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { capYoungGeneration, checkYoungGeneration, NEW_SPACE_CAP_BYTES, releaseYoungGeneration, v8Host, type YoungGenerationHost } from './young-generation.ts';

/** A heap whose new space the test sets, and the flags and collection callbacks the module gave it. */
function fakeHost(bytes: number) {
  const flags: string[] = [];
  const state = { bytes, watching: undefined as (() => void) | undefined, stopped: 0 };
  const host: YoungGenerationHost = {
    newSpaceBytes: () => state.bytes,
    setFlags: (f) => flags.push(f),
    afterCollections: (after) => {
      state.watching = after;
      return () => {
        state.stopped++;
        state.watching = undefined;
      };
    },
  };
  return { host, flags, state };
}

describe('capYoungGeneration', () => {
  it('lets the new space grow to the cap, then stops its growth, and sets the flag back when done', () => {
    const { host, flags, state } = fakeHost(2 * 1024 * 1024);
    const uncap = capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host });
    expect(flags).toEqual([]);
    state.bytes = 4 * 1024 * 1024;
    state.watching?.();
    expect(flags).toEqual([]);
    state.bytes = NEW_SPACE_CAP_BYTES;
    state.watching?.();
    expect(flags).toEqual(['--semi-space-growth-factor=1']);
    expect(state.stopped).toBe(1);
    uncap();
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  });

  it('caps at once a new space already at the cap, and stops watching a build that ends below it', () => {
    const big = fakeHost(2 * NEW_SPACE_CAP_BYTES);
    capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host: big.host })();
    expect(big.flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
    expect(big.state.watching).toBeUndefined();
    const small = fakeHost(1024 * 1024);
    capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host: small.host })();
    expect(small.flags).toEqual([]);
    expect(small.state.stopped).toBe(1);
  });

  it('is one cap a process: taken early (the build script), looked at now, taken over by build() or let go', () => {
    const { host, flags, state } = fakeHost(2 * 1024 * 1024);
    const early = capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host });
    // A synchronous stretch grew it to the cap before any collection's callback: seen when looked at.
    state.bytes = NEW_SPACE_CAP_BYTES;
    checkYoungGeneration();
    expect(flags).toEqual(['--semi-space-growth-factor=1']);
    // build() (another bundle, another host) gets the same cap, so one restores the flag.
    const other = fakeHost(0);
    const taken = capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host: other.host });
    expect(taken).toBe(early);
    expect(other.state.watching).toBeUndefined();
    taken();
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
    // Held no more: a build that is not warm lets go of an early cap the same way.
    const second = fakeHost(2 * 1024 * 1024);
    capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host: second.host });
    expect(second.state.watching).toBeDefined();
    expect(releaseYoungGeneration()).toBeUndefined();
    expect(second.state.stopped).toBe(1);
    expect(second.flags).toEqual([]);
    releaseYoungGeneration();
    checkYoungGeneration();
    expect(second.state.stopped).toBe(1);
  });

  it('leaves the young generation alone off the main thread and when the user sized it', () => {
    for (const input of [
      { env: {}, execArgv: [], mainThread: false },
      { env: {}, execArgv: ['--max-semi-space-size=64'], mainThread: true },
      { env: { NODE_OPTIONS: '--max_semi_space_size=2' }, execArgv: [], mainThread: true },
      { env: {}, execArgv: ['--semi-space-growth-factor=4'], mainThread: true },
    ]) {
      const { host, flags, state } = fakeHost(2 * NEW_SPACE_CAP_BYTES);
      capYoungGeneration({ ...input, host })();
      expect(flags).toEqual([]);
      expect(state.watching).toBeUndefined();
    }
  });

  it('with V8 itself: stops the growth, and the flags are as at start afterwards (code cached then is good for the next process)', async () => {
    const before = new Script('0').createCachedData();
    // Surviving data until the new space reaches the cap (or the test's heap had it there already).
    const kept: object[] = [];
    const set: string[] = [];
    const host = { ...v8Host, setFlags: (f: string) => (set.push(f), v8Host.setFlags(f)) };
    const uncap = capYoungGeneration({ env: {}, execArgv: [], mainThread: true, host });
    // The observer is told of collections between turns of the event loop: allocate in turns.
    for (let turn = 0; turn < 200 && set.length === 0; turn++) {
      for (let i = 0; i < 20_000; i++) kept.push({ i, s: `x${i}` });
      await new Promise((resolve) => setImmediate(resolve));
    }
    uncap();
    expect(set).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
    expect(new Script('0').createCachedData().equals(before)).toBe(true);
  });
});
