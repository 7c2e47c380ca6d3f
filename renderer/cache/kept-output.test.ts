// The pages' scans as the build cache keeps them: read back as they were set, and, when no page was
// rendered, passed on packed as they were read rather than packed again.
import { describe, expect, it } from 'vitest';
import { ScanStore } from './kept-output.ts';

const scan = (ids: string[], hrefs: string[]) => ({ ids: new Set(ids), hrefs });

describe('ScanStore', () => {
  const first = new ScanStore();
  first.set('a', scan(['top', 'x'], ['/docs/b', '#top']));
  first.set('b', scan(['top'], ['/docs/a', '/docs/a#x']));
  first.set('c', scan([], ['/docs/a']));
  const before = first.entry(new Map());

  it('reads back each page\'s ids and links as they were set', () => {
    const store = new ScanStore(before);
    expect(store.get('a')).toEqual(scan(['top', 'x'], ['/docs/b', '#top']));
    expect(store.get('b')).toEqual(scan(['top'], ['/docs/a', '/docs/a#x']));
    expect(store.get('missing')).toBeUndefined();
  });

  it('passes on the packed scans of the pages it read back when none was set, and packs afresh when one was', () => {
    const kept = new ScanStore(before);
    kept.get('a');
    kept.get('b');
    const entry = kept.entry(new Map());
    expect([...entry.scans.keys()], 'only the pages of this build').toEqual(['a', 'b']);
    expect(entry.scans.get('a'), 'not packed again').toBe(before.scans.get('a'));
    expect(entry.strings).toBe(before.strings);
    expect(new ScanStore(entry).get('b')).toEqual(scan(['top'], ['/docs/a', '/docs/a#x']));

    const rendered = new ScanStore(before);
    rendered.get('a');
    rendered.set('b', scan(['new'], ['/docs/a']));
    const fresh = rendered.entry(new Map());
    expect(fresh.scans.get('a')).not.toBe(before.scans.get('a'));
    expect(new ScanStore(fresh).get('a')).toEqual(scan(['top', 'x'], ['/docs/b', '#top']));
    expect(new ScanStore(fresh).get('b')).toEqual(scan(['new'], ['/docs/a']));
  });
});
