// mdast → hast for Markdown pages: mdast-util-to-hast, run as remark-rehype runs it, less the cost of its
// definition scan. Before converting anything, toHast walks the whole tree with unist-util-visit to find link
// and footnote definitions; that visitor creates and names a function for every node it enters, which made the
// scan ~5 % of the Markdown pipeline's CPU on the corpus (more than the conversion's own handlers for most
// node kinds). Here the same scan (first definition of an id wins, ids compared upper-cased, depth first) runs
// on our plain walk, and toHast is handed a root with nothing to scan whose handler converts the real tree
// with the definitions registered: the conversion itself is the library's, node for node.
import type { Root as HastRoot } from 'hast';
import type { Definition, FootnoteDefinition, Root as MdastRoot } from 'mdast';
import { defaultHandlers, toHast, type Handler, type Options, type State } from 'mdast-util-to-hast';
import type { VFile } from 'vfile';
import { walk } from './walk.ts';

/** What toHast's own scan records: `state.definitionById` and `state.footnoteById`. */
function registerDefinitions(state: State, tree: MdastRoot): void {
  walk(tree, (node) => {
    if (node.type !== 'definition' && node.type !== 'footnoteDefinition') return;
    const definition = node as Definition | FootnoteDefinition;
    const id = String(definition.identifier).toUpperCase();
    if (definition.type === 'definition') {
      if (!state.definitionById.has(id)) state.definitionById.set(id, definition);
    } else if (!state.footnoteById.has(id)) state.footnoteById.set(id, definition);
  });
}

/** A unified transformer like remark-rehype's (no bridge mode): the page's mdast in, its hast out. */
export function remarkToHast(options: Options) {
  return (tree: MdastRoot, file: VFile): HastRoot => {
    // A root handler returns a root, which the library's Handler type does not allow for (it casts too).
    const root = ((state: State) => {
      registerDefinitions(state, tree);
      return defaultHandlers.root(state, tree);
    }) as unknown as Handler;
    return toHast({ type: 'root', children: [] }, { file, ...options, handlers: { ...options.handlers, root } }) as HastRoot;
  };
}
