import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { readSimpleFrontMatter } from './front-matter-fast.ts';
import { NO_CODE_ENGINES } from './front-matter-language.ts';

const full = (source: string) => {
  const parsed = matter(source, { engines: NO_CODE_ENGINES });
  return { data: parsed.data, content: parsed.content };
};

/** The fast path either declines or gives what gray-matter gives, data (with its types) and body alike. */
function expectSame(source: string): boolean {
  const fast = readSimpleFrontMatter(source);
  if (fast) expect(fast).toStrictEqual(full(source));
  return fast !== undefined;
}

const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));

describe('front matter fast path', () => {
  it("reads every page of the site's content as gray-matter and js-yaml do", () => {
    const files = pages(join(import.meta.dirname, '../../content'));
    const read = files.filter((f) => expectSame(readFileSync(f, 'utf8')));
    // The site's pages are what the fast path is for: most of them must take it.
    expect(read.length).toBeGreaterThan(files.length * 0.9);
  });

  it('reads the usual keys with their YAML types', () => {
    const source = '---\ntitle: "Cyra — guia rápido"\ndescription: Dados, pela móquara (registro).\nsidebar_position: 6\ntags: [identity, ha]\n'
      + "keywords: [CUR 2.0, faturamento pro forma, ABC]\nsidebar: false\nsearch: true\nlast_verified: 2026-11-28\nid: 'x: y'\nempty: []\n---\n\n# Body\n";
    expect(expectSame(source)).toBe(true);
    expect(readSimpleFrontMatter(source)!.data.last_verified).toStrictEqual(new Date('2026-11-28T00:00:00Z'));
  });

  it('gives the same day as js-yaml for a date that does not exist', () => {
    expect(expectSame('---\nlast_verified: 2026-13-40\n---\nx')).toBe(true);
  });

  it('gives the same body whatever follows the closing line', () => {
    for (const tail of ['', '\n', 'x', '\n\nx', '-\nx', ' trailing\nx', '\r\nx']) expect(expectSame(`---\ntitle: A\n---${tail}`)).toBe(true);
  });

  it('declines what YAML reads otherwise, leaving it to gray-matter', () => {
    const declined = [
      '---\ntitle: A # comment\n---\n',
      '---\n# comment\ntitle: A\n---\n',
      '---\ntitle: A\n\n---\n',
      '---\ntitle:  A\n---\n',
      '---\ntitle: A \n---\n',
      '---\ntitle: A\n  continued\n---\n',
      '---\ntitle: "A \\" B"\n---\n',
      "---\ntitle: 'it''s'\n---\n",
      '---\ntitle: A: B\n---\n',
      '---\ntitle: yes\nother: null\n---\n',
      '---\ntitle: True\n---\n',
      '---\nsidebar_position: 1.5\n---\n',
      '---\nsidebar_position: 012\n---\n',
      '---\nsidebar_position: -1\n---\n',
      '---\nsidebar_position: 0x10\n---\n',
      '---\ntags: [a, 1]\n---\n',
      '---\ntags: [a, [b]]\n---\n',
      '---\ntags: [a, "b"]\n---\n',
      '---\ntags: [a,, b]\n---\n',
      '---\ntags: [a, b,]\n---\n',
      '---\ntags: [ ]\n---\n',
      '---\ntags: [a]x\n---\n',
      '---\ntags:\n  - a\n---\n',
      '---\ntitle: A\ntitle: B\n---\n',
      '---\n__proto__: A\n---\n',
      '---\n"title": A\n---\n',
      '---\ntitle:\n---\n',
      '---\ntitle: A\r\n---\r\n',
      '\uFEFF---\ntitle: A\n---\n',
      '---yaml\ntitle: A\n---\n',
      '---\n---\n',
      '---\ntitle: A\n',
      'no front matter',
      '---\ntitle: "tab\there"\n---\n',
      '---\ntitle: "😀"\n---\n',
      '---\ndescription: @handle\n---\n',
      '---\ndescription: *alias\n---\n',
      '---\ndescription: 2026-11-28T10:00:00Z\n---\n',
      '---\ndescription: .inf\n---\n',
    ];
    for (const source of declined) expect([source, readSimpleFrontMatter(source)]).toStrictEqual([source, undefined]);
  });

  it('keeps inner spaces and punctuation of plain values as YAML does', () => {
    for (const value of ['a  b', "it's", 'a-b_c (d) / e; f! g? h & i + j % k * l = m', 'Ação é ótima', 'x.y, z']) {
      expect(expectSame(`---\ndescription: ${value}\ntags: [${value.replace(/[,']/g, '')}, b]\n---\nx`)).toBe(true);
    }
  });
});
