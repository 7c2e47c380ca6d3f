// Build-time syntax highlighting with shiki: both colour themes are emitted as CSS variables, so the
// browser gets no highlighter. Languages are loaded on first use; an unknown one is a warning.
import { createHighlighter, bundledLanguages, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk } from './walk.ts';

const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

// One highlighter per theme pair for the life of the process: it holds grammars and themes only, nothing
// that depends on content, so it cannot go stale between rebuilds.
const highlighters = new Map<string, Promise<Highlighter>>();
function getHighlighter(light: string, dark: string): Promise<Highlighter> {
  const key = `${light}|${dark}`;
  let h = highlighters.get(key);
  if (!h) {
    h = createHighlighter({ themes: [light, dark], langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
    highlighters.set(key, h);
  }
  return h;
}

export interface HighlightOptions {
  themes: { light: string; dark: string };
  copyLabel: string;
  onUnknownLanguage: (lang: string, line: number | undefined) => void;
}

function parseTitle(meta: string | undefined): string | undefined {
  if (!meta) return undefined;
  const m = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

export function rehypeHighlight(options: HighlightOptions) {
  return async (tree: Root) => {
    const blocks: { node: Element; index: number; parent: Root | Element }[] = [];
    walk(tree, (child, index, parent) => {
      if (child.type !== 'element') return undefined;
      const node = child as Element;
      if (node.tagName !== 'pre' || node.properties.dataLanguage === undefined) return undefined;
      blocks.push({ node, index, parent: parent as Root | Element });
      return 'skip';
    });
    if (!blocks.length) return;
    const highlighter = await getHighlighter(options.themes.light, options.themes.dark);
    for (const { node, index, parent } of blocks) {
      let lang = String(node.properties.dataLanguage ?? '').toLowerCase();
      const meta = node.properties.dataMeta === undefined ? undefined : String(node.properties.dataMeta);
      const code = toString(node).replace(/\n$/, '');
      if (!PLAIN.has(lang) && !highlighter.getLoadedLanguages().includes(lang)) {
        if (lang in bundledLanguages) await highlighter.loadLanguage(lang as keyof typeof bundledLanguages);
        else {
          options.onUnknownLanguage(lang, node.position?.start.line);
          lang = 'text';
        }
      }
      const highlighted = highlighter.codeToHast(code, {
        lang: PLAIN.has(lang) ? 'text' : lang,
        themes: { light: options.themes.light, dark: options.themes.dark },
        defaultColor: 'light',
      });
      const pre = highlighted.children[0] as Element;
      const title = parseTitle(meta);
      const children: ElementContent[] = [];
      if (title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-block-title'] }, children: [{ type: 'text', value: title }] });
      children.push({
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block-content'] },
        children: [
          pre,
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['clean-btn', 'code-copy-button'], ariaLabel: options.copyLabel, title: options.copyLabel, dataCopy: '' },
            children: [],
          },
        ],
      });
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['theme-code-block', `language-${PLAIN.has(lang) ? 'text' : lang}`] },
        children,
      };
    }
  };
}
