// A plain depth-first walk over unist trees. unist-util-visit names a new function for every node it
// enters (for debugging), which made it the largest cost of the Markdown stage in profiles; the plugins
// of this pipeline only need this.
interface AnyNode {
  type: string;
  children?: AnyNode[];
}

/** Calls `fn` for every node below `node` (not `node` itself); `fn` may replace `parent.children[index]`. */
export function walk<T extends AnyNode>(node: T, fn: (child: AnyNode, index: number, parent: AnyNode) => void | 'skip'): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (fn(child, i, node) === 'skip') continue;
    const current = children[i];
    if (current) walk(current, fn);
  }
}

export type Visit = (child: AnyNode, index: number, parent: AnyNode) => void | 'skip';

/**
 * Several visitors in one walk, each called in order on every node as if it walked the tree alone: a
 * visitor's 'skip' spares only that visitor the node's descendants. The page's stages share their walks
 * this way; a visitor here must not replace nodes (the others would not see the replacement's subtree).
 */
export function walkEach<T extends AnyNode>(node: T, visitors: readonly Visit[]): void {
  if (visitors.length > 30) throw new Error('walkEach: at most 30 visitors');
  walkMasked(node, visitors, (1 << visitors.length) - 1);
}

// `active` has a bit set for each visitor still walking this part of the tree: no array per node.
function walkMasked(node: AnyNode, visitors: readonly Visit[], active: number): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    let below = active;
    for (let v = 0; v < visitors.length; v++) {
      if (active & (1 << v) && visitors[v]!(child, i, node) === 'skip') below &= ~(1 << v);
    }
    if (below) walkMasked(child, visitors, below);
  }
}
