// The build's phase timer: a phase whose function returns a value ends when it returns, not once the
// caller's synchronous code after the call has run (the bundle phase, a lookup, started beside the content
// stage was charged with the content stage's first synchronous stretch).
import { describe, expect, it } from 'vitest';
import { Timer } from './prepare.ts';

/** Keeps this thread busy for `ms` (what a synchronous stage does after starting another phase). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('Timer.run', () => {
  it('ends a phase that returns a value when it returns, whatever runs after the call', async () => {
    const timer = new Timer();
    const phase = timer.run('lookup', () => 42);
    busy(60);
    expect(await phase).toBe(42);
    expect(timer.phases.map((p) => p.name)).toEqual(['lookup']);
    expect(timer.phases[0]!.ms).toBeLessThan(50);
  });

  it('ends a phase that returns a promise when the promise settles, and one that throws at once', async () => {
    const timer = new Timer();
    await timer.run('wait', () => new Promise((resolve) => setTimeout(resolve, 60)));
    await expect(timer.run('fail', () => {
      throw new Error('bad config');
    })).rejects.toThrow('bad config');
    expect(timer.phases.map((p) => p.name)).toEqual(['wait', 'fail']);
    expect(timer.phases[0]!.ms).toBeGreaterThanOrEqual(50);
  });
});
