// Markdown → HTML for one page: unified with GFM, admonitions, sanitising, heading ids, build-time
// highlighting and link rewriting. Pure: the same input always gives the same output.
import type { Code, Root as MdastRoot } from 'mdast';
import type { Element, Root as HastRoot } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { normaliseAdmonitionTitles, remarkAdmonitions } from './admonitions.ts';
import { parseMarkdown } from './parse.ts';
import { LostContentError } from './lost-content.ts';
import { ContentError } from '../errors.ts';
import { hastToHtml } from './hast-html.ts';
import { extractOutline, type Heading, type Section } from './extract.ts';
import { codeBlockHighlighter } from './highlight.ts';
import type { CodeBlock } from './code-lines.ts';
import { linkRewriter, type LinkStyle, type SourceLink } from './links.ts';
import { assetVisitor, type AssetCopy, type AssetOptions, type MissingAsset } from './assets.ts';
import { remarkMarkdownAssets } from './markdown-assets.ts';
import { rehypeUserContentIds, sanitizeSchema } from './sanitize.ts';
import { headingIds } from './slug.ts';
import { taskListLabels } from './task-lists.ts';
import { walkEach } from './walk.ts';
import { remarkToHast } from './to-hast.ts';
import type { BrowserCode } from './mdx/browser-compile.ts';

export interface MarkdownInput {
  body: string;
  /** For messages: the file as the user knows it. */
  file: string;
  relPath: string;
  lineOffset: number;
  localeBase: string;
  docsBase: string;
  /** The site's published base address (config `url` + `baseUrl`), to check absolute links to it. */
  siteBase?: string;
  /** Where images and files the page references are looked for (see assets.ts); without it they are left as written. */
  assets?: AssetOptions;
  /** URL conventions links to files follow (see links.ts). */
  linkStyle?: LinkStyle;
  codeThemes: { light: string; dark: string };
  strings: { admonitions: Record<string, string>; copyCode: string; footnoteLabel: string; footnoteBackLabel: string };
  /** Highlight code blocks elsewhere (see code-blocks.ts); by default they are highlighted here. */
  deferHighlight?: (block: CodeBlock) => string;
  /** The parser (Markdown → mdast); tests pass remark-parse here to compare. */
  parse?: (markdown: string) => MdastRoot;
}

export interface MarkdownOutput {
  html: string;
  headings: Heading[];
  sections: Section[];
  links: SourceLink[];
  warnings: string[];
  /** Files to copy into the output for the page's images and file links. */
  assets: AssetCopy[];
  /** The text of the `# Heading` that opens the page, if one does: Docusaurus's "content title". */
  contentTitle?: string;
  /** MDX pages: how many parts the browser hydrates (renderer/content/mdx/islands.ts); absent when none. */
  islands?: number;
  /** MDX pages with islands: the CSS files whose rules the page carries already (its <style>). */
  carriedCss?: string[];
  /** MDX pages with islands: their browser code, compiled from the server's parse (mdx/browser-compile.ts). */
  islandCode?: BrowserCode;
}

let rehypeRaw: Promise<typeof import('rehype-raw')> | undefined;
const loadRehypeRaw = () => (rehypeRaw ??= import('rehype-raw'));

/** Fences become `<pre data-language data-meta>`, which the highlight stage reads (MDX pages use it too). */
export function codeHandler(_state: unknown, node: Code): Element {
  return {
    type: 'element',
    tagName: 'pre',
    properties: { dataLanguage: node.lang ?? '', ...(node.meta ? { dataMeta: node.meta } : {}) },
    children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] }],
    position: node.position,
  };
}

function parseOrExplain(input: MarkdownInput, body: string, positions: 'all' | 'read'): MdastRoot {
  try {
    return input.parse ? input.parse(body) : parseMarkdown(body, 0, positions);
  } catch (err) {
    if (!(err instanceof LostContentError)) throw err;
    throw new ContentError(err.message, { file: input.file, line: err.line + input.lineOffset }, { hint: err.hint });
  }
}

export async function renderMarkdown(input: MarkdownInput): Promise<MarkdownOutput> {
  const warnings: string[] = [];
  const links: SourceLink[] = [];
  const sinks: PageSinks = { warnings, links, copies: [], missing: [], finals: new Set() };
  const at = (line: number | undefined) => (line ? `${input.file}:${line + input.lineOffset}` : input.file);
  const hasRawHtml = /<[a-zA-Z!/]/.test(input.body);

  const processor = unified()
    .use(input.assets ? () => remarkMarkdownAssets({ ...input.assets!, lineOffset: input.lineOffset, ...sinks }) : () => undefined)
    .use(remarkAdmonitions, {
      titles: input.strings.admonitions,
      onUnknown: (name, line) => warnings.push(`${at(line)}: unknown admonition ":::${name}", rendered as a note`),
    })
    .use(remarkToHast, { allowDangerousHtml: hasRawHtml, handlers: { code: codeHandler as never }, footnoteLabel: input.strings.footnoteLabel, footnoteBackLabel: input.strings.footnoteBackLabel });
  // Without raw HTML the tree holds only what Markdown syntax produced, and the parser has already refused
  // unsafe link and image URLs (markdown-it's validateLink), so the sanitiser — a full copy of the tree —
  // is only needed for pages that embed HTML (or when a test parser is plugged in).
  // rehype-raw brings a whole HTML parser (parse5): loaded by the first page that needs it.
  if (hasRawHtml) processor.use((await loadRehypeRaw()).default);
  if (hasRawHtml || input.parse) processor.use(rehypeSanitize, sanitizeSchema).use(rehypeUserContentIds);
  usePageStages(processor, input, sinks);
  // Positions only where a stage reads a line from them, unless hast-util-raw re-parses the page by them.
  const mdast = parseOrExplain(input, normaliseAdmonitionTitles(input.body), hasRawHtml ? 'all' : 'read');
  const tree = (await processor.run(mdast, { path: input.file } as unknown as VFile)) as HastRoot;
  return finishPage(tree, input, sinks);
}

export interface PageSinks {
  warnings: string[];
  links: SourceLink[];
  copies: AssetCopy[];
  missing: MissingAsset[];
  /** URLs the Markdown stage made final (markdown-assets.ts). */
  finals: Set<string>;
}

/** The stages every page's HTML tree goes through, Markdown or MDX: heading ids, task lists, highlighting, assets, links. */
export function usePageStages(processor: { use: (...args: never[]) => unknown }, input: Omit<MarkdownInput, 'body'>, sinks: PageSinks): void {
  const { warnings, links, copies, missing, finals } = sinks;
  const at = (line: number | undefined) => (line ? `${input.file}:${line + input.lineOffset}` : input.file);
  const use = processor.use.bind(processor) as (...args: unknown[]) => unknown;
  const highlightOptions = {
    themes: input.codeThemes,
    copyLabel: input.strings.copyCode,
    onUnknownLanguage: (lang: string, line: number | undefined) => warnings.push(`${at(line)}: unknown code-block language "${lang}", shown as plain text`),
    ...(input.deferHighlight ? { defer: input.deferHighlight } : {}),
  };
  // Two walks of the tree where each stage had its own. Heading ids, task lists and code blocks share the
  // first: task-list labels are made after it (they read the text heading ids leave, `{#id}` dropped) and
  // before code blocks are replaced. Assets then links share the second, in that order on each element
  // (an asset's URL is final before the link rewriter sees it).
  use(() => async (tree: HastRoot) => {
    const tasks = taskListLabels();
    const code = codeBlockHighlighter(highlightOptions);
    walkEach(tree, [headingIds(), tasks.visit, code.visit]);
    tasks.label();
    await code.highlight();
  });
  const rewriteLinks = linkRewriter({ relPath: input.relPath, localeBase: input.localeBase, docsBase: input.docsBase, ...input.linkStyle, ...(input.siteBase ? { siteBase: input.siteBase } : {}), lineOffset: input.lineOffset, links });
  use(() => (tree: HastRoot) => {
    const links = rewriteLinks(tree);
    walkEach(tree, input.assets ? [assetVisitor({ ...input.assets, lineOffset: input.lineOffset, copies, missing, finals }), links] : [links]);
  });
}

/** The page's output from its finished tree; a missing image or file fails the page. */
export function finishPage(tree: HastRoot, input: Omit<MarkdownInput, 'body'>, sinks: PageSinks): MarkdownOutput {
  const { warnings, links, copies, missing } = sinks;
  const at = (line: number | undefined) => (line ? `${input.file}:${line + input.lineOffset}` : input.file);
  if (missing.length) {
    const [first] = missing;
    throw new ContentError(`${missing.length === 1 ? 'An image or file the page references does not exist' : `${missing.length} images or files the page references do not exist`}: ${missing.map((m) => m.url).join(', ')}`, { file: input.file, line: first!.line }, {
      details: missing.map((m) => `${at(m.line === undefined ? undefined : m.line - input.lineOffset)} → ${m.url}`),
      hint: 'Paths are relative to the page (./img/x.png), or to the static folder when they start with / (/img/x.png); pathname:///x keeps a URL as written.',
    });
  }
  const { headings, sections } = extractOutline(tree);
  const first = tree.children.find((n) => n.type === 'element');
  const contentTitle = first?.type === 'element' && first.tagName === 'h1' ? headings.find((h) => h.level === 1)?.text : undefined;
  return { html: hastToHtml(tree), headings, sections, links, warnings, assets: copies, ...(contentTitle ? { contentTitle } : {}) };
}
