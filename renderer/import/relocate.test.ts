import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relocateReferences } from './relocate.ts';

function site(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'relocate-'));
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), 'x');
  }
  return root;
}

describe('relocateReferences: paths that leave the docs folder, written for the new layout', () => {
  const root = site(['docs/a/styles.module.css', 'static/img/hive.png', 'assets/diagram.svg', 'i18n/pt/docusaurus-plugin-content-docs/current/a/page.mdx', 'docs/a/near.png']);
  const tr = join(root, 'i18n/pt/docusaurus-plugin-content-docs/current');
  const place = (abs: string) => {
    const inDocs = relative(join(root, 'docs'), abs);
    if (!inDocs.startsWith('..')) return `content/en/${inDocs}`;
    const inTr = relative(tr, abs);
    if (!inTr.startsWith('..')) return `content/pt/${inTr}`;
    return relative(root, abs);
  };

  it('rewrites imports, images and src attributes that leave the folder as @site/ paths, and lists files to copy', () => {
    const page = join(tr, 'a/page.mdx');
    const text = [
      "import styles from '../../../../../docs/a/styles.module.css';",
      '![Hive](../../../../../static/img/hive.png "The hive")',
      '<img src="../../../../../assets/diagram.svg" />',
      '![Local](./own.png) [Other page](../../../../../docs/a/other.md) [Gone](../../../../../static/img/gone.png)',
      '```md',
      '![In a code block](../../../../../static/img/hive.png)',
      '```',
    ].join('\n');
    const r = relocateReferences(text, page, tr, place);
    expect(r.text.split('\n')).toEqual([
      "import styles from '@site/content/en/a/styles.module.css';",
      '![Hive](@site/static/img/hive.png "The hive")',
      '<img src="@site/assets/diagram.svg" />',
      // Inside the folder, links to docs, and files that do not exist stay as written.
      '![Local](./own.png) [Other page](../../../../../docs/a/other.md) [Gone](../../../../../static/img/gone.png)',
      '```md',
      '![In a code block](../../../../../static/img/hive.png)',
      '```',
    ]);
    expect(r.outside).toEqual([join(root, 'assets/diagram.svg')]);
    expect(r.rewritten).toHaveLength(3);
  });
});
