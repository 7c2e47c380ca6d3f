// remarkToHast must convert exactly as remark-rehype does, definitions included: reference links and images
// resolve through `definitionById`, footnotes through `footnoteById`, and both keep the first definition of
// an id wherever in the tree it stands.
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { codeHandler } from './markdown.ts';
import { remarkToHast } from './to-hast.ts';

// remark-parse keeps definitions as nodes (markdown-it resolves them while parsing), so this exercises the scan.
const parser = unified().use(remarkParse).use(remarkGfm);
const options = { allowDangerousHtml: true, handlers: { code: codeHandler as never }, footnoteLabel: 'Notas', footnoteBackLabel: 'Voltar' };

async function both(markdown: string): Promise<{ ours: HastRoot; reference: HastRoot }> {
  const tree = () => parser.parse(markdown) as MdastRoot;
  const reference = (await unified().use(remarkRehype, options).run(tree(), new VFile())) as HastRoot;
  const ours = (await unified().use(remarkToHast, options).run(tree(), new VFile())) as HastRoot;
  return { ours, reference };
}

describe('remarkToHast', () => {
  it.each([
    ['reference links and images', 'See [the docs][Docs], [docs][] and ![logo][img].\n\n[docs]: https://docs.example/ "Docs"\n[img]: ./logo.png'],
    ['the first of two definitions of an id wins, ids compared case-insensitively', '[a][X]\n\n[x]: ./first.md\n[X]: ./second.md'],
    ['definitions nested in quotes and lists', '> [q][in-quote]\n>\n> [in-quote]: ./q.md\n\n- [l][in-list]\n\n  [in-list]: ./l.md'],
    ['footnotes, one defined twice and one inside a list', 'One[^a], two[^b], again[^a].\n\n[^a]: First.\n[^a]: Ignored.\n\n- item\n\n  [^b]: In a list.'],
    ['a reference with no definition stays text', '[missing][nowhere] and [^none]'],
    ['code, tables and raw HTML', '```bash title="t"\nls\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n<details><summary>S</summary>x</details>'],
  ])('%s', async (_name, markdown) => {
    const { ours, reference } = await both(markdown);
    expect(ours).toEqual(reference);
  });

  it('resolves references at all (the comparison above is not between two empty trees)', async () => {
    const { ours } = await both('[a][x] and [^n]\n\n[x]: ./first.md\n[^n]: Note.');
    const text = JSON.stringify(ours);
    expect(text).toContain('"href":"./first.md"');
    expect(text).toContain('"dataFootnoteRef":true');
  });
});
