// GFM task-list checkboxes get the item's text as their accessible name (axe counts an unlabelled
// checkbox as a critical violation).
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { collapseSpace } from './extract.ts';
import type { Visit } from './walk.ts';

/**
 * Finds a page's task-list items as it walks; `label` then names their checkboxes. Labels are made after the
 * walk, from the items' text as the walk left it: heading ids have dropped any `{#id}` of a heading inside
 * an item by then, and code blocks are not replaced yet.
 */
export function taskListLabels(): { visit: Visit; label: () => void } {
  const items: Element[] = [];
  return {
    visit: (node) => {
      if (node.type !== 'element') return undefined;
      const li = node as Element;
      const classes = li.properties.className;
      if (li.tagName === 'li' && Array.isArray(classes) && classes.includes('task-list-item')) items.push(li);
      return undefined;
    },
    label: () => {
      for (const li of items) {
        const input = findCheckbox(li);
        if (input) input.properties.ariaLabel = collapseSpace(toString(li)).trim();
      }
    },
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
