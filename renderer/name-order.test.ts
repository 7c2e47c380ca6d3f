import { describe, expect, it } from 'vitest';
import { compareNames, rootOrderedLocale } from './name-order.ts';

const ORDER = '_-.0123456789abcdefghijklmnopqrstuvwxyz';

function allUpTo(length: number): string[] {
  const out = [''];
  for (let n = 0, from = 0; n < length; n++) {
    const to = out.length;
    for (let i = from; i < to; i++) for (const c of ORDER) out.push(out[i] + c);
    from = to;
  }
  return out;
}

describe('compareNames', () => {
  // The shortcut is only taken where the process's own locale orders as root; elsewhere it is localeCompare.
  it('agrees with localeCompare on every plain name up to 2 characters and on random ones', () => {
    const names = allUpTo(2);
    const differ: string[][] = [];
    for (const a of names) for (const b of names) if (compareNames(a, b) !== Math.sign(a.localeCompare(b))) differ.push([a, b]);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const random = () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => ORDER[Math.floor(next() * ORDER.length)]).join('');
    for (let k = 0; k < 100_000; k++) {
      const a = random();
      const b = next() < 0.5 ? a.slice(0, Math.floor(next() * a.length)) + random() : random();
      if (compareNames(a, b) !== Math.sign(a.localeCompare(b))) differ.push([a, b]);
    }
    expect(differ).toEqual([]);
  });

  it('leaves other names to localeCompare', () => {
    const names = ['README.md', 'b.md', 'a.md', 'Zeta.md', 'é.md', 'e.md', '_category_.json', 'intro.md', 'x y.md', '10.md', '9.md'];
    expect([...names].sort(compareNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('takes the shortcut only for English, C and POSIX, as ICU picks the default locale', () => {
    expect(rootOrderedLocale({}, [])).toBe(true);
    expect(rootOrderedLocale({ LANG: 'C.UTF-8' }, [])).toBe(true);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8' }, [])).toBe(true);
    expect(rootOrderedLocale({ LC_ALL: 'POSIX', LANG: 'da_DK.UTF-8' }, [])).toBe(true);
    expect(rootOrderedLocale({ LANG: 'da_DK.UTF-8' }, [])).toBe(false);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'lt_LT.UTF-8' }, [])).toBe(false);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8', LC_ALL: 'cs_CZ' }, [])).toBe(false);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8@collation=x' }, [])).toBe(false);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8', LC_COLLATE: 'da_DK.UTF-8' }, [])).toBe(true);
    expect(rootOrderedLocale({ LANG: 'en_US.UTF-8', NODE_ICU_DATA: '/icu' }, [])).toBe(false);
    expect(rootOrderedLocale({}, ['--icu-data-dir=/icu'])).toBe(false);
  });
});
