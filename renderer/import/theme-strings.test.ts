import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapCodeJson } from './theme-strings.ts';

const OURS = { 'theme.docs.paginator.next': 'Next', 'theme.lastUpdated.atDate': ' on {date}', 'theme.NotFound.title': 'Page Not Found' };

function site(codeJson: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'code-json-'));
  mkdirSync(join(root, 'i18n', 'gl'), { recursive: true });
  writeFileSync(join(root, 'i18n', 'gl', 'code.json'), JSON.stringify(Object.fromEntries(Object.entries(codeJson).map(([k, message]) => [k, { message, description: 'x' }]))));
  return root;
}

describe("mapCodeJson: a Docusaurus site's theme strings over cheatsheet's", () => {
  it('carries the keys both know, leaves out a message whose placeholders differ, and counts the rest', () => {
    const src = site({
      'theme.docs.paginator.next': 'Seguinte',
      'theme.lastUpdated.atDate': ' o {day}',
      'theme.blog.post.readMore': 'Ler máis',
      'homepage.hero.title': 'Benvida',
    });
    const { strings, notes } = mapCodeJson(src, ['en', 'gl'], () => ({ ...OURS }));
    expect(strings.get('gl')).toEqual({ ...OURS, 'theme.docs.paginator.next': 'Seguinte' });
    expect(strings.has('en')).toBe(false);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.file).toBe('i18n/gl/code.json');
    expect(notes[0]!.todo).toContain('1 message carried into i18n/gl.json');
    expect(notes[0]!.todo).toContain('their placeholders differ from cheatsheet\'s: theme.lastUpdated.atDate');
    expect(notes[0]!.todo).toContain('1 theme string for parts cheatsheet does not have');
    expect(notes[0]!.todo).toContain('1 of the site\'s own (<Translate> in its pages and components, not imported): "homepage.hero.title"');
  });

  it('names a code.json that is not JSON', () => {
    const src = site({});
    writeFileSync(join(src, 'i18n', 'gl', 'code.json'), '{ "theme.x": ');
    expect(() => mapCodeJson(src, ['gl'], () => OURS)).toThrow(/i18n\/gl\/code\.json is not valid JSON/);
  });
});
