// GFM task-list checkboxes get the item's text as their accessible name (axe counts an unlabelled
// checkbox as a critical violation).
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { collapseSpace } from './extract.ts';
import { walk } from './walk.ts';

export function rehypeTaskListLabels() {
  return (tree: Root) => {
    walk(tree, (node) => {
      if (node.type !== 'element') return undefined;
      const li = node as Element;
      const classes = li.properties.className;
      if (li.tagName !== 'li' || !Array.isArray(classes) || !classes.includes('task-list-item')) return undefined;
      const input = findCheckbox(li);
      if (input) input.properties.ariaLabel = collapseSpace(toString(li)).trim();
      return undefined;
    });
  };
}

function findCheckbox(el: Element): Element | undefined {
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'input' && child.properties.type === 'checkbox') return child;
    // The checkbox sits in the item's first paragraph in loose lists.
    if (child.tagName === 'p') return findCheckbox(child);
  }
  return undefined;
}
