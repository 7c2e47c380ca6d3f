// Grammar patterns translated when the CLI is compiled must give the very RegExp the engine would make at run
// time, its Unicode property classes written as the ranges they stand for, and a table made for another
// oniguruma-to-es or Unicode version must not be used.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without declarations
import { scannerSources, writeShikiRegexes } from '../../scripts/shiki-regexes.mjs';
// @ts-expect-error -- a build script in plain JavaScript, without declarations
import { explicitClasses, matchedRanges } from '../../scripts/explicit-classes.mjs';
import { REGEX_TARGET, RegexTables } from './shiki-regexes.ts';

const root = join(import.meta.dirname, '..', '..');

describe('scanner sources (as vscode-textmate hands them to the engine)', () => {
  it('rewrites \\z and makes the four anchor variants of \\A and \\G', () => {
    expect(scannerSources('a\\z')).toEqual(['a$(?!\\n)(?<!\\n)']);
    expect(scannerSources('\\\\A')).toEqual(['\\\\A']);
    expect(scannerSources('\\G\\Ax')).toEqual(['\\\uFFFF\\\uFFFFx', '\\G\\\uFFFFx', '\\\uFFFF\\Ax', '\\G\\Ax']);
  });
});

// Made once for every test below (resolving the property classes scans every code point).
const dir = mkdtempSync(join(tmpdir(), 'shiki-regexes-'));
const made = writeShikiRegexes(root, dir) as Promise<number>;

describe('regex tables', () => {
  it('give, for every pattern of a table, the RegExp the engine makes of it', async () => {
    expect(await made).toBeGreaterThan(100);
    const table = JSON.parse(readFileSync(join(dir, 'shellscript.json'), 'utf8')) as { entries: [string][] };
    const tables = new RegexTables(dir);
    expect(tables.load('shellscript')).toBe(true);
    let emulated = 0;
    for (const [pattern] of table.entries) {
      const fromTable = tables.regex(pattern, EmulatedRegExp)!;
      const engine = defaultJavaScriptRegexConstructor(pattern, { target: REGEX_TARGET });
      const explicit = (explicitClasses(engine.source, engine.flags) as { source: string }).source;
      expect([fromTable.constructor, fromTable.source, fromTable.flags]).toEqual([engine.constructor, explicit, engine.flags]);
      expect((fromTable as { rawOptions?: object }).rawOptions).toEqual((engine as { rawOptions?: object }).rawOptions);
      if (engine instanceof EmulatedRegExp) emulated++;
    }
    expect(emulated).toBeGreaterThan(0);
    expect(tables.regex('not a pattern of any grammar (', EmulatedRegExp)).toBeUndefined();
  }, 300_000);

  it('are not used when made by another oniguruma-to-es, for another target, or missing', async () => {
    await made;
    const json = JSON.parse(readFileSync(join(dir, 'json.json'), 'utf8')) as { ontoes: string; target: string; entries: [string][] };
    const pattern = json.entries[0]![0];
    const other = mkdtempSync(join(tmpdir(), 'shiki-regexes-'));
    writeFileSync(join(other, 'json.json'), JSON.stringify({ ...json, ontoes: '0.0.1' }));
    writeFileSync(join(other, 'yaml.json'), JSON.stringify({ ...json, target: 'ES2018' }));
    writeFileSync(join(other, 'sql.json'), JSON.stringify({ ...json, unicode: '1.1' }));
    const tables = new RegexTables(other);
    expect([tables.load('json'), tables.load('yaml'), tables.load('sql'), tables.load('go')]).toEqual([false, false, false, false]);
    expect(tables.regex(pattern, EmulatedRegExp)).toBeUndefined();
    // The same table with the installed version is used.
    writeFileSync(join(other, 'json.json'), JSON.stringify(json));
    expect(new RegexTables(other).load('json')).toBe(true);
  });
});

type Rewrite = { source: string; classes: [string, string][] };
const MAX_CODE_POINT = 0x10ffff;
const normal = (source: string, flags: string) => new RegExp(source, flags).source;

describe('property classes written as explicit ranges', () => {
  it('are the only change to a pattern, and each matches the very code points of the class it replaces', async () => {
    await made;
    const checked = new Set<string>();
    let rewritten = 0;
    for (const file of readdirSync(dir)) {
      const table = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { unicode: string; entries: [string, string, string, object?][] };
      expect(table.unicode).toBe(process.versions.unicode);
      for (const [pattern, source, flags] of table.entries) {
        const engine = defaultJavaScriptRegexConstructor(pattern, { target: REGEX_TARGET });
        // Compared as RegExp sources: a RegExp's escapes `/`, the table's and an EmulatedRegExp's need not.
        const { source: explicit, classes } = explicitClasses(engine.source, engine.flags) as Rewrite;
        expect(normal(source, flags)).toBe(normal(explicit, flags));
        if (!classes.length) continue;
        rewritten++;
        // Put each class back where it was: nothing else of the pattern may differ.
        let back = source;
        for (const [original, ranges] of classes) back = back.replace(ranges, () => original);
        expect(normal(back, flags)).toBe(normal(engine.source, flags));
        // Every code point, alone, is matched by the class exactly when by its ranges (each pair once).
        const caseless = flags.includes('i') ? 'iv' : 'v';
        for (const [original, ranges] of classes) {
          if (checked.has(caseless + original)) continue;
          checked.add(caseless + original);
          const a = new RegExp(`^${original}$`, caseless);
          const b = new RegExp(`^${ranges}$`, caseless);
          let differ = 0;
          for (let cp = 0; cp <= MAX_CODE_POINT; cp++) {
            const s = String.fromCodePoint(cp);
            if (a.test(s) !== b.test(s)) differ++;
          }
          expect([original, differ]).toEqual([original, 0]);
        }
      }
    }
    expect(rewritten).toBeGreaterThan(300);
    expect(checked.size).toBeGreaterThan(20);
  }, 300_000);

  it('leave whole patterns matching the same text beside the range ends of their classes', async () => {
    await made;
    const table = JSON.parse(readFileSync(join(dir, 'shellscript.json'), 'utf8')) as { entries: [string, string, string, object?][] };
    let compared = 0;
    const ends = new Map<string, number[]>();
    for (const [pattern, source, flags, options] of table.entries) {
      const engine = defaultJavaScriptRegexConstructor(pattern, { target: REGEX_TARGET });
      if (engine.source === source) continue;
      const make = (s: string) => (options ? new EmulatedRegExp(s, flags, options) : new RegExp(s, flags));
      const [before, after] = [make(engine.source), make(source)];
      // Text of code points at and beside each range end of the pattern's classes, between ASCII words.
      const near = new Set<number>();
      for (const [original] of (explicitClasses(engine.source, engine.flags) as Rewrite).classes) {
        const key = (flags.includes('i') ? 'iv' : 'v') + original;
        if (!ends.has(key)) ends.set(key, (matchedRanges(original, key.slice(0, -original.length)) as [number, number][]).flatMap(([from, to]) => [from - 1, from, to, to + 1]));
        for (const cp of ends.get(key)!) near.add(cp);
      }
      const text = [...near].filter((cp) => cp >= 0 && cp <= MAX_CODE_POINT && (cp < 0xd800 || cp > 0xdfff)).map((cp) => `${String.fromCodePoint(cp)} x=1 `).join('');
      const all = (re: RegExp) => [...text.matchAll(re)].map((m) => [m.index, ...m]);
      expect(all(after)).toEqual(all(before));
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  }, 300_000);
});
