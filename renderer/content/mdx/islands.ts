// The parts of an MDX page that run in the browser ("islands"): every outermost element whose component comes
// from a file of the site (`@site/src/components/Counter`, `./Widget`) or an npm package, or is `<BrowserOnly>`.
// The rest of the page is static HTML, made once at build time and changed afterwards by the page stages (heading
// ids, links, highlighting), so hydrating it as a whole could never match; an island is rendered by the same
// compiled MDX on both sides. The server compile wraps each island in <CheatsheetIsland id>, the browser compile
// does the same walk (so the ids agree) and keeps only the islands and the page's imports and exports.
// A partial the page shows (`<Setup />` of `import Setup from './_setup.mdx'`) is a group: wrapped in
// <CheatsheetIslandGroup id>, it numbers the islands of the partial below its own id (`3.0`, `3.1`), and the
// browser renders the partial's own islands-only compile there (its import with ISLANDS_QUERY).
import type { Root } from 'mdast';
import { isAssetModule } from './asset-modules.ts';
import { isPackageSpecifier } from './scope.ts';

export const ISLAND_TAG = 'CheatsheetIsland';
export const ISLAND_GROUP_TAG = 'CheatsheetIslandGroup';
/** The browser's compile only: the element holding all the islands. */
export const ISLANDS_TAG = 'CheatsheetIslands';
/** Asks the island bundler for a partial's islands-only compile (renderer/bundle/islands.ts). */
export const ISLANDS_QUERY = '?islands';

interface EsmNode {
  type: 'mdxjsEsm';
  data?: { estree?: { body: { type: string; source?: { value: unknown }; specifiers?: { type: string; local: { name: string } }[] }[] } };
}
interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: unknown[];
  children: unknown[];
  position?: unknown;
}
type AnyNode = { type: string; children?: AnyNode[] };

/** An import of something that may hold state or need the browser: a script file of the site or a package, BrowserOnly. */
function isInteractive(specifier: string): boolean {
  if (specifier === '@docusaurus/BrowserOnly') return true;
  // An npm package's components (`react-embed`) run in the browser too; React itself is the page's own.
  const local = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('@site/');
  if (!local && (!isPackageSpecifier(specifier) || /^react(-dom)?(\/|$)/.test(specifier))) return false;
  // Partials are MDX (their own site components are not islands of this page); CSS and images hold no code.
  return !/\.(mdx?|css|json)$/i.test(specifier) && !isAssetModule(specifier);
}

const isPartial = (specifier: string) => /^(\.\.?\/|@site\/)/.test(specifier) && /\.mdx?$/i.test(specifier);

/** The names the page's imports bind to interactive modules, and the partials it imports (name → specifier). */
function importedNames(tree: Root): { interactive: Set<string>; partials: Map<string, string> } {
  const interactive = new Set<string>();
  const partials = new Map<string, string>();
  for (const child of tree.children as AnyNode[]) {
    if (child.type !== 'mdxjsEsm') continue;
    for (const statement of (child as unknown as EsmNode).data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const specifier = String(statement.source?.value);
      for (const spec of statement.specifiers ?? []) {
        if (isInteractive(specifier)) interactive.add(spec.local.name);
        else if (isPartial(specifier) && spec.type === 'ImportDefaultSpecifier') partials.set(spec.local.name, specifier);
      }
    }
  }
  return { interactive, partials };
}

/** `import <local> from '<specifier>'` as the MDX compiler's tree holds it. */
function importNode(local: string, specifier: string) {
  const declaration = {
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } }],
    source: { type: 'Literal', value: specifier, raw: JSON.stringify(specifier) },
    attributes: [],
  };
  return { type: 'mdxjsEsm', value: `import ${local} from ${JSON.stringify(specifier)}`, data: { estree: { type: 'Program', sourceType: 'module', body: [declaration], comments: [] } } };
}

const isJsx = (node: AnyNode): node is AnyNode & JsxNode => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/**
 * Walks the tree in document order and calls `found` for each outermost island and each element of a partial
 * the page shows, numbered together; returns the number of islands (a partial's own are counted by its compile).
 */
function eachIsland(tree: Root, found: (node: AnyNode & JsxNode, tag: typeof ISLAND_TAG | typeof ISLAND_GROUP_TAG, id: number, place: { children: AnyNode[]; index: number; partial?: string }) => void): { count: number; imports: boolean } {
  const { interactive, partials } = importedNames(tree);
  let count = 0;
  let id = 0;
  if (!interactive.size && !partials.size) return { count, imports: false };
  const visit = (parent: AnyNode) => {
    const children = parent.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      const root = isJsx(node) ? (node.name ?? '').split('.')[0]! : '';
      if (isJsx(node) && interactive.has(root)) {
        found(node, ISLAND_TAG, id++, { children, index: i });
        count++;
      } else if (isJsx(node) && partials.has(root) && node.name === root) found(node, ISLAND_GROUP_TAG, id++, { children, index: i, partial: partials.get(root)! });
      else visit(node);
    }
  };
  visit(tree as unknown as AnyNode);
  return { count, imports: true };
}

/** <CheatsheetIsland id="n"> or <CheatsheetIslandGroup id="n"> around `node`. */
const wrap = (node: AnyNode & JsxNode, tag: string, id: number) =>
  ({
    type: node.type,
    name: tag,
    attributes: [{ type: 'mdxJsxAttribute', name: 'id', value: String(id) }, ...(node.type === 'mdxJsxTextElement' && tag === ISLAND_TAG ? [{ type: 'mdxJsxAttribute', name: 'inline', value: null }] : [])],
    children: [node],
    position: node.position,
  }) as unknown as AnyNode;

/**
 * The server's compile: wraps each outermost island in <CheatsheetIsland id="n"> and each partial's element in
 * <CheatsheetIslandGroup id="n">, in place; returns the number of islands.
 */
export function markIslands(tree: Root): number {
  return eachIsland(tree, (node, tag, id, { children, index }) => void (children[index] = wrap(node, tag, id))).count;
}

/**
 * The browser's tree of a page (or of a partial's islands-only compile): the imports and exports, and the islands
 * and groups, wrapped and numbered as markIslands numbers them, in one element at the top — all the browser
 * renders, each group showing the partial's islands-only compile. A copy: `tree` is left as it is, so the server's
 * compile can go on with the very tree it parsed, and the copy holds nothing of the rest of the page.
 */
export function islandsForBrowser(tree: Root): Root {
  const islands: AnyNode[] = [];
  const islandsOnly = new Map<string, string>();
  const { imports: any } = eachIsland(tree, (node, tag, id, { partial }) => {
    const copy = structuredClone(node);
    if (partial) {
      const alias = `${copy.name}$islands`;
      islandsOnly.set(alias, partial + ISLANDS_QUERY);
      copy.name = alias;
    }
    islands.push(wrap(copy, tag, id));
  });
  const { children, ...rest } = tree;
  const esm = children.filter((c) => (c as AnyNode).type === 'mdxjsEsm').map((c) => structuredClone(c));
  if (!any) return { ...structuredClone(rest), children: esm };
  const imports = [...islandsOnly].map(([alias, specifier]) => importNode(alias, specifier)) as unknown as Root['children'];
  // All islands in one element: siblings at the top would come with the whitespace MDX puts between them, which
  // every island's root would render (client/islands.tsx picks its island among this element's children).
  const all = { type: 'mdxJsxFlowElement', name: ISLANDS_TAG, attributes: [], children: islands.map((n) => ({ ...n, type: 'mdxJsxFlowElement' })) };
  return { ...structuredClone(rest), children: [...esm, ...imports, all as unknown as Root['children'][number]] };
}
