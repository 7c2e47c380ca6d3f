// Docusaurus 3.5's `onInlineTags` docs option: with a tags.yml, a doc's tag the file does not define (by name, or
// written out as {label, permalink}) is ignored, logged, a warning (the default) or an error naming file and line —
// in build and check alike. Without a tags file, any tag is fine.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { makeSite, runCli } from './helpers/fixture-site.ts';

const config = (docs: string) => `export default {
  title: 'Garden', tagline: 'Notes on a garden', favicon: 'img/favicon.svg', url: 'https://garden.example.org', baseUrl: '/',
  repoUrl: 'https://git.example.org/garden', ebook: { title: 'Garden book', href: 'https://garden.example.org/book.pdf' },
  ${docs}
  i18n: { defaultLocale: 'en', sourceLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', htmlLang: 'en', path: 'en' } } },
  themeConfig: { navbar: { items: [] }, footer: { copyright: 'Garden notes' } },
};
`;

const FILES: Record<string, string> = {
  'docs/planting.md': '---\ntitle: Planting\ndescription: When seeds go in.\ntags: [soil, drip, Spring Planting]\n---\n\nDig a shallow row.\n',
  'docs/pruning.md': '---\ntitle: Pruning\ntags:\n  - drip\n  - label: Shears\n    permalink: /shears\n---\n\nCut above a bud.\n',
  'docs/watering.md': '---\ntitle: Watering\ntags: [drip]\n---\n\nWater at dawn.\n',
  'docs/tags.yml': 'drip:\n  label: Drip irrigation\n',
};

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const site = (docs: string, files = FILES) => {
  const root = makeSite(files, { configSource: config(docs) });
  roots.push(root);
  return root;
};
const inlineWarnings = (warnings: string[]) => warnings.filter((w) => w.includes('not defined in tags.yml'));

describe('docs.onInlineTags', () => {
  it('warns by default, naming the file, the line of `tags` and each inline tag', async () => {
    const result = await build({ root: site(''), write: false, bundle: false });
    expect(inlineWarnings(result.warnings)).toEqual([
      'docs/planting.md:4: Tags "soil", "Spring Planting" are not defined in tags.yml.',
      'docs/pruning.md:3: Tag "Shears" is not defined in tags.yml.',
    ]);
  });

  it("'ignore' says nothing, and neither does any mode without a tags file", async () => {
    expect(inlineWarnings((await build({ root: site("docs: { onInlineTags: 'ignore' },"), write: false, bundle: false })).warnings)).toEqual([]);
    const { 'docs/tags.yml': _, ...withoutFile } = FILES;
    expect(inlineWarnings((await build({ root: site("docs: { onInlineTags: 'throw' },", withoutFile), write: false, bundle: false })).warnings)).toEqual([]);
  });

  it("'throw' fails build and check with every doc's file and line", async () => {
    const root = site("docs: { onInlineTags: 'throw' },");
    await expect(build({ root, write: false, bundle: false })).rejects.toMatchObject({
      message: '2 problems found:',
      errors: [
        { message: 'Tags "soil", "Spring Planting" are not defined in tags.yml.', location: { file: 'docs/planting.md', line: 4 } },
        { message: 'Tag "Shears" is not defined in tags.yml.', location: { file: 'docs/pruning.md', line: 3 } },
      ],
    });
    const checked = runCli(['check', '--root', root]);
    const out = checked.stdout + checked.stderr;
    expect(checked.status).toBe(1);
    expect(out).toContain('docs/planting.md:4');
    expect(out).toContain('Tags "soil", "Spring Planting" are not defined in tags.yml.');
    expect(out).toContain('docs/pruning.md:3');
    expect(out).not.toMatch(/\n\s+at /);
  });
});
