// Build-time syntax highlighting with shiki: both colour themes are emitted as CSS variables, so the
// browser gets no highlighter. Languages are loaded on first use; an unknown one is a warning.
// A build with a worker thread hands the highlighting itself to that thread (see code-blocks.ts): loading
// grammars and compiling their expressions is most of its cost, and the worker is otherwise idle then.
import type { Highlighter, ShikiTransformer } from 'shiki';
// Only the list of language names is loaded up front: the highlighter itself (shiki, its regex engine) is
// imported on first use, so a main thread that hands its blocks to a worker never loads it.
import { bundledLanguages, bundledLanguagesInfo } from 'shiki/langs';
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { codeLines, parseCodeMeta, type CodeBlock } from './code-lines.ts';
import { hastToHtml } from './hast-html.ts';
import { isMermaid, mermaidElement } from './mermaid.ts';
import { REGEX_TARGET, RegexTables } from './shiki-regexes.ts';
import type { Visit } from './walk.ts';

// Names that mean "no highlighting" (Docusaurus sites write `none` too): plain text, no warning.
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'none', '']);

export interface CodeThemes {
  light: string;
  dark: string;
}

// One highlighter per theme pair for the life of the process: it holds grammars and themes only, nothing
// that depends on content, so it cannot go stale between rebuilds. Shiki's JavaScript regex engine, not the
// Oniguruma WebAssembly one: the wasm heap kept ~25 MB for the whole build, and every bundled language
// (346 ids, checked once with a sample covering comments, strings, numbers, markup, SQL and shell) gave
// the same HTML with both engines.
const highlighters = new Map<string, Promise<Highlighter>>();
// Grammar patterns translated ahead of time, by language: immutable for the life of the process, like grammars.
const regexTables = new RegexTables();
/** Shiki's id of a language name or alias (`bash` → `shellscript`): its table holds the grammar's patterns. */
const languageIds = new Map(bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id] as const)));
function getHighlighter(themes: CodeThemes): Promise<Highlighter> {
  const key = `${themes.light}|${themes.dark}`;
  let h = highlighters.get(key);
  if (!h) {
    h = Promise.all([import('shiki'), import('shiki/engine/javascript'), import('oniguruma-to-es')]).then(
      ([{ createHighlighter }, { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor }, { EmulatedRegExp }]) => {
        // Patterns translated when the CLI was compiled are made from its tables (shiki-regexes.ts); the
        // target is pinned to what `auto` picks on Node 20, the one the tables are made for.
        const regexConstructor = (pattern: string) => regexTables.regex(pattern, EmulatedRegExp) ?? defaultJavaScriptRegexConstructor(pattern, { target: REGEX_TARGET });
        return createHighlighter({ themes: [themes.light, themes.dark], langs: [], engine: createJavaScriptRegexEngine({ target: REGEX_TARGET, regexConstructor }) });
      },
    );
    highlighters.set(key, h);
  }
  return h;
}

/** The language a block is highlighted as: 'text' for plain and unknown ones (undefined: unknown). */
function resolveLanguage(lang: string): string | undefined {
  if (PLAIN.has(lang)) return 'text';
  // Own keys only: `constructor` or `__proto__` is a language name nobody has, not an inherited property.
  return Object.hasOwn(bundledLanguages, lang) ? lang : undefined;
}

// Each language loads once per highlighter, even when blocks of a new language arrive from two pages at once.
const languagesLoading = new WeakMap<Highlighter, Map<string, Promise<void>>>();
function ensureLanguage(highlighter: Highlighter, lang: string): Promise<void> | undefined {
  if (lang === 'text' || highlighter.getLoadedLanguages().includes(lang)) return undefined;
  let loading = languagesLoading.get(highlighter);
  if (!loading) languagesLoading.set(highlighter, (loading = new Map()));
  let p = loading.get(lang);
  if (!p) {
    const id = languageIds.get(lang);
    if (id) regexTables.load(id);
    loading.set(lang, (p = highlighter.loadLanguage(lang as keyof typeof bundledLanguages)));
  }
  return p;
}

// Shiki stops tokenizing a line after 500 ms by default and shows the rest unhighlighted. The JavaScript
// regex engine compiles a grammar's expressions while it tokenizes the first lines in that language, and
// on a heavily loaded machine that took long enough to change a page's HTML between two builds of the same
// site (seen in CI as a route chunk with another hash; a 10 s limit was still reached under valgrind).
// Builds must be reproducible, so no limit reads the clock (0 turns it off); what bounds the work instead is
// the length of a line, which depends on the page alone: a longer line (a minified bundle pasted whole) is
// shown as plain text, as shiki does for lines over `tokenizeMaxLineLength`.
const TOKENIZE_TIME_LIMIT_MS = 0;
export const MAX_HIGHLIGHTED_LINE_LENGTH = 20_000;

/** Highlighted lines get Docusaurus's class (site CSS written for it carries over); numbers are a CSS counter. */
function linesTransformer(block: CodeBlock): ShikiTransformer[] {
  const from = block.lineNumbersFrom;
  if (!block.highlight && from === undefined) return [];
  const highlighted = new Set(block.highlight);
  return [
    {
      pre(node) {
        this.addClassToHast(node, from === undefined ? 'code-block-lines' : ['code-block-lines', 'code-block-numbered']);
      },
      code(node) {
        if (from !== undefined && from !== 1) node.properties.style = `counter-reset:line ${from - 1}`;
      },
      line(node, line) {
        if (highlighted.has(line)) this.addClassToHast(node, 'theme-code-block-highlighted-line');
      },
    },
  ];
}

async function highlightPre(highlighter: Highlighter, block: CodeBlock, themes: CodeThemes): Promise<Element> {
  const { lang, code } = block;
  await ensureLanguage(highlighter, lang);
  const highlighted = highlighter.codeToHast(code, {
    lang,
    themes: { light: themes.light, dark: themes.dark },
    defaultColor: 'light',
    tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS,
    tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE_LENGTH,
    transformers: linesTransformer(block),
  });
  return highlighted.children[0] as Element;
}

/** Highlights blocks to the HTML of their `<pre>` elements (what a worker thread does for the main thread). */
export async function highlightBlocks(blocks: CodeBlock[], themes: CodeThemes): Promise<string[]> {
  const highlighter = await getHighlighter(themes);
  const out: string[] = [];
  for (const b of blocks) out.push(hastToHtml(await highlightPre(highlighter, b, themes)));
  return out;
}

/**
 * Loads the highlighter and the given languages ahead of need (the dev server, whose first build had a
 * worker highlight for it, warms its own so the first edit of a page with code is not the slow one).
 */
export async function warmHighlighter(themes: CodeThemes, langs: Iterable<string>): Promise<void> {
  const highlighter = await getHighlighter(themes);
  for (const lang of langs) if (Object.hasOwn(bundledLanguages, lang)) await ensureLanguage(highlighter, lang);
}

export interface HighlightOptions {
  themes: CodeThemes;
  copyLabel: string;
  onUnknownLanguage: (lang: string, line: number | undefined) => void;
  /**
   * Highlight elsewhere: returns the text of an HTML comment that stands in the page's HTML for the block's
   * `<pre>` until the highlighted one is filled in. Without it, blocks are highlighted here.
   */
  defer?: (block: CodeBlock) => string;
}

/** A code block found in a page's tree, with where it sits (to be replaced there). */
interface FoundBlock {
  node: Element;
  index: number;
  parent: Root | Element;
}

/**
 * Finds a page's code blocks as it walks; `highlight` then replaces each with its highlighted block (or the
 * stand-in of one highlighted elsewhere).
 */
export function codeBlockHighlighter(options: HighlightOptions): { visit: Visit; highlight: () => Promise<void> } {
  const blocks: FoundBlock[] = [];
  return {
    visit: (child, index, parent) => {
      if (child.type !== 'element') return undefined;
      const node = child as Element;
      if (node.tagName !== 'pre' || node.properties.dataLanguage === undefined) return undefined;
      blocks.push({ node, index, parent: parent as Root | Element });
      return 'skip';
    },
    highlight: () => replaceCodeBlocks(blocks, options),
  };
}

async function replaceCodeBlocks(blocks: FoundBlock[], options: HighlightOptions): Promise<void> {
  if (!blocks.length) return;
  const highlighter = options.defer ? undefined : await getHighlighter(options.themes);
  for (const { node, index, parent } of blocks) {
    const requested = String(node.properties.dataLanguage ?? '').toLowerCase();
    const meta = node.properties.dataMeta === undefined ? undefined : String(node.properties.dataMeta);
    const code = toString(node).replace(/\n$/, '');
    if (isMermaid(requested)) {
      parent.children[index] = mermaidElement(code, node.position);
      continue;
    }
    let lang = resolveLanguage(requested);
    if (lang === undefined) {
      options.onUnknownLanguage(requested, node.position?.start.line);
      lang = 'text';
    }
    const parsed = parseCodeMeta(meta);
    // Magic comments are read in the comment syntax of the language asked for, even an unknown one.
    const block = { ...codeLines(requested, code, parsed), lang };
    const pre: ElementContent = options.defer ? { type: 'comment', value: options.defer(block) } : await highlightPre(highlighter!, block, options.themes);
    const title = parsed.title;
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
      properties: { className: ['theme-code-block', `language-${lang}`] },
      children,
    };
  }
}
