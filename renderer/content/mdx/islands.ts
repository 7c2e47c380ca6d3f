// The parts of an MDX page that run in the browser ("islands"): every outermost element whose component comes
// from a file of the site (`@site/src/components/Counter`, `./Widget`) or is `<BrowserOnly>`. The rest of the
// page is static HTML, made once at build time and changed afterwards by the page stages (heading ids, links,
// highlighting), so hydrating it as a whole could never match; an island is rendered by the same compiled MDX
// on both sides. The server compile wraps each island in <CheatsheetIsland id>, the browser compile does the
// same walk (so the ids agree) and keeps only the islands and the page's imports and exports.
import type { Root } from 'mdast';

export const ISLAND_TAG = 'CheatsheetIsland';
/** The browser's compile only: the element holding all the islands. */
export const ISLANDS_TAG = 'CheatsheetIslands';

interface EsmNode {
  type: 'mdxjsEsm';
  data?: { estree?: { body: { type: string; source?: { value: unknown }; specifiers?: { local: { name: string } }[] }[] } };
}
interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: unknown[];
  children: unknown[];
  position?: unknown;
}
type AnyNode = { type: string; children?: AnyNode[] };

/** An import of something that may hold state or need the browser: a script file of the site, BrowserOnly. */
function isInteractive(specifier: string): boolean {
  if (specifier === '@docusaurus/BrowserOnly') return true;
  if (!(specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('@site/'))) return false;
  // Partials are MDX (their own site components are not islands of this page); CSS and images hold no code.
  return !/\.(mdx?|css|svg|png|jpe?g|gif|webp|json)$/i.test(specifier);
}

/** The names the page's imports bind to interactive modules. */
export function interactiveNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const child of tree.children as AnyNode[]) {
    if (child.type !== 'mdxjsEsm') continue;
    for (const statement of (child as unknown as EsmNode).data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || !isInteractive(String(statement.source?.value))) continue;
      for (const spec of statement.specifiers ?? []) names.add(spec.local.name);
    }
  }
  return names;
}

const isJsx = (node: AnyNode): node is AnyNode & JsxNode => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/**
 * Wraps each outermost island in <CheatsheetIsland id="n">, numbered in document order. `browser`: the tree
 * is then cut down to the imports, exports and islands (at its top level), which is all the browser renders.
 */
export function markIslands(tree: Root, options: { browser: boolean }): number {
  const names = interactiveNames(tree);
  if (!names.size) {
    if (options.browser) tree.children = tree.children.filter((c) => (c as AnyNode).type === 'mdxjsEsm');
    return 0;
  }
  const islands: AnyNode[] = [];
  const visit = (parent: AnyNode) => {
    const children = parent.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      if (isJsx(node) && names.has((node.name ?? '').split('.')[0]!)) {
        const wrapped = {
          type: node.type,
          name: ISLAND_TAG,
          attributes: [
            { type: 'mdxJsxAttribute', name: 'id', value: String(islands.length) },
            ...(node.type === 'mdxJsxTextElement' ? [{ type: 'mdxJsxAttribute', name: 'inline', value: null }] : []),
          ],
          children: [node],
          position: node.position,
        } as unknown as AnyNode;
        children[i] = wrapped;
        islands.push(wrapped);
      } else visit(node);
    }
  };
  visit(tree as unknown as AnyNode);
  // All islands in one element: siblings at the top would come with the whitespace MDX puts between them, which
  // every island's root would render (client/islands.tsx picks its island among this element's children).
  const all = { type: 'mdxJsxFlowElement', name: ISLANDS_TAG, attributes: [], children: islands.map((n) => ({ ...n, type: 'mdxJsxFlowElement' })) };
  if (options.browser) tree.children = [...tree.children.filter((c) => (c as AnyNode).type === 'mdxjsEsm'), all as unknown as Root['children'][number]];
  return islands.length;
}
