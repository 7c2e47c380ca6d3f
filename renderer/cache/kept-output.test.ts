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

  it('passes on the packed scans of the pages it read back when none was set; a first entry packs every page', () => {
    const kept = new ScanStore(before);
    kept.get('a');
    kept.get('b');
    const entry = kept.entry(new Map());
    expect([...entry.scans.keys()], 'only the pages of this build').toEqual(['a', 'b']);
    expect(entry.scans.get('a'), 'not packed again').toBe(before.scans.get('a'));
    expect(entry.strings).toBe(before.strings);
    expect(new ScanStore(entry).get('b')).toEqual(scan(['top'], ['/docs/a', '/docs/a#x']));

    const all = new ScanStore();
    all.set('a', scan(['top'], ['/docs/b']));
    const packed = all.entry(new Map());
    expect(packed.packed).toBe(packed.strings.length);
  });

  it('packs only the pages set since, their strings added after the last ones, until those added are a quarter', () => {
    const site = new ScanStore();
    const pages = Array.from({ length: 10 }, (_, i) => `p${i}`);
    for (const p of pages) site.set(p, scan([`id-${p}`, 'top'], ['/docs/a', `/docs/${p}`]));
    let entry = site.entry(new Map());
    const made = entry.strings.length;
    expect(entry.packed).toBe(made);
    // One page rendered again (its links changed), the others read back: their packed scans passed on.
    const edit = (n: number) => {
      const store = new ScanStore(entry);
      for (const p of pages) if (p !== 'p3') store.get(p);
      store.set('p3', scan(['id-p3', 'top'], ['/docs/a', `/docs/edit-${n}`]));
      const next = store.entry(new Map());
      for (const p of pages) expect(new ScanStore(next).get(p), p).toEqual(p === 'p3' ? scan(['id-p3', 'top'], ['/docs/a', `/docs/edit-${n}`]) : scan([`id-${p}`, 'top'], ['/docs/a', `/docs/${p}`]));
      return [entry, next] as const;
    };
    let last;
    [last, entry] = edit(1);
    expect(entry.scans.get('p0')).toBe(last.scans.get('p0'));
    expect(entry.strings.slice(0, made)).toEqual(last.strings);
    expect(entry.strings.length).toBe(made + 4);
    expect(entry.packed).toBe(made);
    // The strings of p3's earlier links stay until more than a quarter of the full packing's (22 strings) were
    // added since (8 after a second edit): then every page is packed again.
    [last, entry] = edit(2);
    expect(entry.scans.get('p0')).not.toBe(last.scans.get('p0'));
    expect(entry.strings.length).toBe(made);
    expect(entry.packed).toBe(made);
  });
});
