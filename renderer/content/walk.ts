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
