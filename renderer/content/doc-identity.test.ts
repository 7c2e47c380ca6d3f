import { describe, expect, it } from 'vitest';
import { docIdentity, isCategoryIndexFile } from './doc-identity.ts';

describe("a category's own page, as Docusaurus's isCategoryIndex decides it", () => {
  it('is index, README or a doc named like its folder, names compared as written (number prefixes included)', () => {
    expect(isCategoryIndexFile('guides/index.md')).toBe(true);
    expect(isCategoryIndexFile('guides/README.md')).toBe(true);
    expect(isCategoryIndexFile('guides/guides.mdx')).toBe(true);
    expect(isCategoryIndexFile('02-guides/02-guides.md')).toBe(true);
    // Seen on a real site (Opencomp/docv2): Docusaurus puts 04-results/results.md at /results/results and
    // 05-tools/01-README.md at /tools/README, not at the category's URL.
    expect(isCategoryIndexFile('04-results/results.md')).toBe(false);
    expect(isCategoryIndexFile('05-tools/01-README.md')).toBe(false);
    expect(docIdentity({ relPath: '04-results/results.md' }).slug).toBe('results/results');
  });
});
