import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import { keepParsedTree, takeParsedTree } from './parsed-trees.ts';

const tree = (text: string): Root => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }] });

describe('parsed trees handed from the server compile to the browser compile', () => {
  it('gives the tree kept for the same file and text, once', () => {
    const kept = tree('a');
    keepParsedTree('/site/a.mdx', 'a', kept);
    expect(takeParsedTree('/site/a.mdx', 'a')).toBe(kept);
    expect(takeParsedTree('/site/a.mdx', 'a')).toBeUndefined();
  });

  it('never gives a tree parsed from other text (the file changed in between), and forgets it', () => {
    keepParsedTree('/site/b.mdx', 'old text', tree('old text'));
    expect(takeParsedTree('/site/b.mdx', 'new text')).toBeUndefined();
    expect(takeParsedTree('/site/b.mdx', 'old text')).toBeUndefined();
  });
});
