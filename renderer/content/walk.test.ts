// walkEach runs the page's stages in shared walks: each visitor must see exactly the nodes, indexes and parents
// it would see walking alone, and its 'skip' must spare only itself a node's descendants.
import { describe, expect, it } from 'vitest';
import { walk, walkEach, type Visit } from './walk.ts';

interface Node {
  type: string;
  name: string;
  children?: Node[];
}

const node = (name: string, children?: Node[]): Node => ({ type: 'n', name, ...(children ? { children } : {}) });
const tree = node('root', [node('a', [node('a1', [node('a11')]), node('a2')]), node('b'), node('c', [node('c1', [node('c11')])])]);

/** A visitor that records what it sees and skips below the named nodes. */
function recorder(skips: string[]): { visit: Visit; seen: string[] } {
  const seen: string[] = [];
  const visit: Visit = (child, index, parent) => {
    const n = child as Node;
    seen.push(`${(parent as Node).name}[${index}]=${n.name}`);
    return skips.includes(n.name) ? 'skip' : undefined;
  };
  return { visit, seen };
}

describe('walkEach', () => {
  it('gives each visitor what a walk of its own gives, skips included', () => {
    const rules = [[], ['a'], ['a1', 'c'], ['a', 'b', 'c']];
    const alone = rules.map((skips) => {
      const r = recorder(skips);
      walk(tree, r.visit);
      return r.seen;
    });
    const shared = rules.map((skips) => recorder(skips));
    walkEach(tree, shared.map((r) => r.visit));
    expect(shared.map((r) => r.seen)).toEqual(alone);
    expect(alone[1]).toEqual(['root[0]=a', 'root[1]=b', 'root[2]=c', 'c[0]=c1', 'c1[0]=c11']);
  });

  it('calls the visitors in their order on each node', () => {
    const calls: string[] = [];
    walkEach(node('r', [node('x', [node('y')])]), [(n) => void calls.push(`1:${(n as Node).name}`), (n) => void calls.push(`2:${(n as Node).name}`)]);
    expect(calls).toEqual(['1:x', '2:x', '1:y', '2:y']);
  });
});
