import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter.ts';

describe('front matter', () => {
  it('reads keywords, search and last_verified (a YAML date or a quoted string give the same day)', () => {
    const plain = parseFrontMatter('---\ntitle: A\nkeywords: [message queue, SQS]\nsearch: false\nlast_verified: 2026-11-02\n---\nx', 'a.md');
    expect(plain.data).toMatchObject({ keywords: ['message queue', 'SQS'], search: false, last_verified: '2026-11-02' });
    expect(parseFrontMatter("---\ntitle: A\nlast_verified: '2026-11-02'\n---\nx", 'a.md').data.last_verified).toBe('2026-11-02');
  });

  it('rejects a last_verified that is not a day, naming the field and its line', () => {
    expect(() => parseFrontMatter('---\ntitle: A\nlast_verified: last week\n---\nx', 'a.md')).toThrow(/last_verified/);
    try {
      parseFrontMatter('---\ntitle: A\nlast_verified: 2026-13-40\n---\nx', 'a.md');
      expect.unreachable();
    } catch (err) {
      expect((err as { location?: { line: number } }).location?.line ?? (err as { line?: number }).line).toBe(3);
    }
  });

  it('keeps `title: ""` (no page title), as Docusaurus accepts it, but refuses a title of spaces', () => {
    expect(parseFrontMatter('---\ntitle: ""\n---\n# Heading', 'a.md').data.title).toBe('');
    expect(() => parseFrontMatter('---\ntitle: "  "\n---\nx', 'a.md')).toThrow(/title.*blank/);
  });
});
