// The syntax tree of an MDX page as the server's compile parsed it, handed to the browser's compile of the same
// page (renderer/bundle/islands.ts): parsing is most of the cost of an MDX compile, and both compiles parse the
// same text with the same syntax extensions. Keyed by file and checked against the text, and taken once, so a
// tree can never be stale; only pages with islands keep one, and only until the island bundle takes it.
import type { Root } from 'mdast';

const trees = new Map<string, { value: string; tree: Root }>();

export function keepParsedTree(path: string, value: string, tree: Root): void {
  trees.set(path, { value, tree });
}

/** The tree kept for this file if it was parsed from this very text; forgotten either way. */
export function takeParsedTree(path: string, value: string): Root | undefined {
  const kept = trees.get(path);
  trees.delete(path);
  return kept?.value === value ? kept.tree : undefined;
}
