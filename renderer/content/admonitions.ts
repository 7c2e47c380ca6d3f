// Admonitions (`:::tip[Title]` … `:::`) on top of remark-directive. Directives that are not admonitions
// are turned back into the text they came from, so prose such as `arn:aws:s3` is not eaten.
import type { Root, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { walk } from './walk.ts';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
// A Map, not an object: a directive named `constructor` must not find Object's own constructor.
const ALIASES = new Map<string, (typeof ADMONITION_KINDS)[number]>([
  ['caution', 'warning'],
  ['important', 'info'],
  ['secondary', 'note'],
  ['success', 'tip'],
]);

/** The admonition kind a directive or `<Admonition type>` names (aliases included); undefined if none. */
export function admonitionKind(name: string): (typeof ADMONITION_KINDS)[number] | undefined {
  return ADMONITION_KINDS.find((k) => k === name) ?? ALIASES.get(name);
}

/** Accepts Docusaurus' older form `:::note Title` by rewriting it to `:::note[Title]` (outside code fences). */
export function normaliseAdmonitionTitles(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const f = /^\s*(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (fence === null) fence = f[1]!;
        else if (f[1]!.startsWith(fence[0]!) && f[1]!.length >= fence.length) fence = null;
        return line;
      }
      if (fence !== null) return line;
      const m = /^(\s*:{3,})([a-z]+)[ \t]+([^[{\s].*)$/.exec(line);
      return m ? `${m[1]}${m[2]}[${m[3]!.trim()}]` : line;
    })
    .join('\n');
}

export interface AdmonitionOptions {
  titles: Record<string, string>;
  onUnknown: (name: string, line: number | undefined) => void;
}

export function remarkAdmonitions(options: AdmonitionOptions) {
  return (tree: Root) => {
    walk(tree, (child, index, parent) => {
      const node = child as RootContent;
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        (parent as { children: RootContent[] }).children.splice(index, 1, ...directiveToText(node));
        return 'skip';
      }
      if (node.type !== 'containerDirective') return undefined;
      const directive = node as ContainerDirective;
      let kind = admonitionKind(directive.name);
      if (!kind) {
        options.onUnknown(directive.name, directive.position?.start.line);
        kind = 'note';
      }
      const children = [...directive.children];
      let title: PhrasingContent[] = [{ type: 'text', value: options.titles[kind] ?? kind }];
      const first = children[0];
      if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        title = (children.shift() as Paragraph).children;
      }
      directive.data = { hName: 'div', hProperties: { className: ['theme-admonition', `theme-admonition-${kind}`, 'admonition', `alert--${kind}`] } };
      directive.children = [
        { type: 'paragraph', data: { hName: 'div', hProperties: { className: ['admonition-heading'] } }, children: title },
        { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: children as never },
      ] as never;
      return undefined;
    });
  };
}

function directiveToText(node: TextDirective | LeafDirective): RootContent[] {
  const prefix = node.type === 'leafDirective' ? '::' : ':';
  const text: PhrasingContent = { type: 'text', value: `${prefix}${node.name}` };
  const label: PhrasingContent[] = node.children.length ? [{ type: 'text', value: '[' }, ...node.children, { type: 'text', value: ']' }] : [];
  if (node.type === 'leafDirective') return [{ type: 'paragraph', children: [text, ...label] }];
  return [text, ...label] as RootContent[];
}
