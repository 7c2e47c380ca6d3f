// Markdown → mdast for the unified pipeline. Parsing is done by markdown-it, whose tokenizer is an order
// of magnitude faster than micromark on our pages (0.4 ms against 5.3 ms for a 4 KB page with GFM, measured
// on this machine), which is what keeps a full build within the budget. Everything after parsing (our remark
// plugins, mdast-util-to-hast, sanitising, slugs, highlighting) is the regular unified pipeline, and a
// differential test checks that the result matches remark-parse + remark-gfm + remark-directive on every page
// of the site.
// markdown-it 14, not 15: 15's published build turns class fields into defineProperty calls, which made
// tokenising twice as slow here (corpus of 453 pages: 180 ms against 90 ms once warm, 380 against 240 cold).
import markdownIt, { type PluginSimple, type PluginWithOptions } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import markdownItContainer from 'markdown-it-container';
import markdownItFootnote from 'markdown-it-footnote';

type MarkdownItInstance = ReturnType<typeof markdownIt>;
import type { AlignType, Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { refuseDeepNesting, refuseUnclosedHtmlBlock } from './lost-content.ts';

function createParser(): MarkdownItInstance {
  const md = markdownIt({ html: true, linkify: true });
  // Bare e-mail addresses are linked, as GFM does; "mailto:" before one is not (see link_open below).
  md.linkify.set({ fuzzyEmail: true });
  refuseDeepNesting(md);
  // The plugins' own type packages describe markdown-it's CommonJS types: the casts only bridge the two.
  md.use(markdownItFootnote as unknown as PluginSimple);
  // One generic container: its name and label are read from the opening line, as remark-directive does.
  md.use(markdownItContainer as unknown as PluginWithOptions, 'directive', { marker: ':', validate: (params: string) => /^[a-z][\w-]*/i.test(params.trim()) });
  return md;
}

let parser: MarkdownItInstance | undefined;
function getParser(): MarkdownItInstance {
  return (parser ??= createParser());
}

type Position = NonNullable<Root['position']>;
type Point = Position['start'];

/** Positions need offsets too (hast-util-raw uses them): computed from the start of each line. */
class Lines {
  private readonly starts: number[] = [0];
  constructor(
    source: string,
    private readonly lineOffset: number,
  ) {
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
    this.length = source.length;
  }
  private readonly length: number;
  /** A point at the start of 0-based source line `line`. */
  point(line: number): Point {
    const at = Math.min(line, this.starts.length - 1);
    return { line: at + 1 + this.lineOffset, column: 1, offset: line >= this.starts.length ? this.length : this.starts[at]! };
  }
  span(map: [number, number] | null | undefined): Position | undefined {
    return map ? { start: this.point(map[0]), end: this.point(map[1]) } : undefined;
  }
}

function attr(token: Token, name: string): string | null {
  const v = token.attrGet(name);
  return v === null ? null : String(v);
}

function alignOf(token: Token): AlignType {
  const style = attr(token, 'style') ?? '';
  const m = /text-align:\s*(left|right|center)/.exec(style);
  return (m?.[1] as AlignType) ?? null;
}

/** A point-sized position at 0-based source line `line`, for the inline nodes that keep one. */
function pointAt(lines: Lines, line: number): Position {
  return { start: lines.point(line), end: lines.point(line) };
}

/** Appends text to `kids`, joined to a text node that ends them (markdown-it splits text at each rule). */
function pushText(kids: PhrasingContent[], value: string): void {
  const last = kids[kids.length - 1];
  if (last && last.type === 'text') last.value += value;
  else kids.push({ type: 'text', value });
}

/** Converts inline tokens; `line` is the 1-based line of the first token, advanced at each line break. */
function inline(tokens: Token[], startLine: number, footnoteLabels: Map<number, string>, lines: Lines): PhrasingContent[] {
  // Called for every paragraph, heading and table cell: no closures and no stack until a node opens (most
  // runs are text and inline code), so a call allocates its children and little else.
  const children: PhrasingContent[] = [];
  let kids = children;
  let open: PhrasingContent[][] | undefined;
  // `line` is 0-based here, as markdown-it's maps.
  let line = startLine;
  // Positions are kept on the nodes a later stage reports a line for (links, and below code blocks and
  // directives) and on rare ones; text, inline code and emphasis, most of a page, go without: three objects
  // fewer each, here and again when remark-rehype copies positions into hast.
  // Links opened as plain text (see below), so that their closing token is skipped too.
  let plainLinks: boolean[] | undefined;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    switch (t.type) {
      case 'text':
        if (t.content) pushText(kids, t.content);
        break;
      case 'softbreak':
        pushText(kids, '\n');
        line++;
        break;
      case 'hardbreak':
        kids.push({ type: 'break', position: pointAt(lines, line) });
        line++;
        break;
      case 'code_inline':
        kids.push({ type: 'inlineCode', value: t.content });
        break;
      case 'html_inline':
        kids.push({ type: 'html', value: t.content, position: pointAt(lines, line) });
        break;
      case 'image':
        kids.push({ type: 'image', url: attr(t, 'src') ?? '', alt: t.content, title: attr(t, 'title') ?? null, position: pointAt(lines, line) });
        break;
      case 'footnote_ref': {
        const label = (t.meta as { label?: string; id: number }).label ?? String((t.meta as { id: number }).id + 1);
        footnoteLabels.set((t.meta as { id: number }).id, label);
        kids.push({ type: 'footnoteReference', identifier: label.toLowerCase(), label, position: pointAt(lines, line) });
        break;
      }
      case 'link_open': {
        // GFM links bare URLs only when they start with a scheme or "www.", and bare e-mail addresses
        // (linkify-it also links bare domains such as Amazon.com, and "mailto:" with the address after
        // it): anything else stays text.
        const next = tokens[k + 1];
        const text = next?.type === 'text' ? next.content : '';
        const plain = t.markup === 'linkify' && !/^(?!mailto:)(?:[a-z][a-z0-9+.-]*:|www\.|[^\s@]+@)/i.test(text);
        (plainLinks ??= []).push(plain);
        if (plain) break;
        const node: PhrasingContent = { type: 'link', url: attr(t, 'href') ?? '', title: attr(t, 'title') ?? null, children: [], position: pointAt(lines, line) };
        kids.push(node);
        (open ??= []).push(kids);
        kids = node.children;
        break;
      }
      case 'em_open':
      case 'strong_open':
      case 's_open': {
        const node =
          t.type === 'em_open'
            ? { type: 'emphasis' as const, children: [] }
            : t.type === 'strong_open'
              ? { type: 'strong' as const, children: [] }
              : { type: 'delete' as const, children: [] };
        kids.push(node as PhrasingContent);
        (open ??= []).push(kids);
        kids = node.children as PhrasingContent[];
        break;
      }
      case 'link_close':
        if (plainLinks?.pop()) break;
        kids = open?.pop() ?? children;
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
        kids = open?.pop() ?? children;
        break;
      default:
        if (t.content) pushText(kids, t.content);
    }
  }
  return children;
}

function parseDirectiveInfo(info: string): { name: string; label?: string } {
  const m = /^([a-z][\w-]*)(?:\[(.*)\])?\s*(.*)$/i.exec(info.trim());
  if (!m) return { name: info.trim() };
  const label = m[2] ?? (m[3] ? m[3] : undefined);
  return { name: m[1]!, label: label || undefined };
}

// linkify-it scans every text token for anything that could be a link, which was ~7 % of parsing; what GFM
// links (and link_open below keeps) starts with a scheme linkify-it knows or "www.", or is an e-mail address,
// so a page with none of these outside link destinations — "](https://…" is a link already — skips the scan.
const MAY_AUTOLINK = /(?<!\]\()(?:https?|ftp):\/\/|www\.|@/i;

// Block tokens whose nodes a later stage reads a line from when the page has no raw HTML: code blocks (the
// unknown-language warning, Mermaid), directives (the unknown-admonition warning), HTML blocks, and table rows
// (their cells' links count lines from them). Links and images carry their own (see inline()).
const BLOCKS_WITH_READ_LINES = new Set(['fence', 'code_block', 'html_block', 'container_directive_open', 'tr_open']);

/**
 * Parses a Markdown body into an mdast tree with line positions (offset by `lineOffset`). `positions: 'read'`
 * leaves them off the blocks no stage reads a line from (paragraphs, headings, lists, quotes, tables' cells…):
 * three objects fewer per block here and three again when mdast-util-to-hast copies them into hast. Pages with
 * raw HTML need every position (hast-util-raw re-parses the tree by them), and so does a test comparing trees.
 */
export function parseMarkdown(source: string, lineOffset = 0, positions: 'all' | 'read' = 'all'): Root {
  const allPositions = positions === 'all';
  const md = getParser();
  md.options.linkify = MAY_AUTOLINK.test(source);
  const tokens = md.parse(source, {});
  const lines = new Lines(source, lineOffset);
  const root: Root = { type: 'root', children: [] };
  const stack: Parent[] = [root];
  const footnoteLabels = new Map<number, string>();
  const top = () => stack[stack.length - 1]!;
  const push = (node: RootContent, open = false) => {
    (top().children as RootContent[]).push(node);
    if (open) stack.push(node as Parent);
  };
  let tightStack: boolean[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const p = allPositions || BLOCKS_WITH_READ_LINES.has(t.type) ? lines.span(t.map) : undefined;
    switch (t.type) {
      case 'paragraph_open': {
        const inl = tokens[i + 1]!;
        const children = inline(inl.children ?? [], t.map?.[0] ?? 0, footnoteLabels, lines);
        push({ type: 'paragraph', children, position: p });
        i += 2;
        break;
      }
      case 'heading_open': {
        const inl = tokens[i + 1]!;
        push({ type: 'heading', depth: Number(t.tag.slice(1)) as 1, children: inline(inl.children ?? [], t.map?.[0] ?? 0, footnoteLabels, lines), position: p });
        i += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = t.type === 'ordered_list_open';
        const start = ordered ? Number(attr(t, 'start') ?? 1) : null;
        // markdown-it hides the paragraphs of tight lists: that is mdast's `spread: false`.
        const tight = tokens[i + 2]?.type === 'paragraph_open' ? Boolean(tokens[i + 2]!.hidden) : true;
        tightStack.push(tight);
        push({ type: 'list', ordered, start, spread: !tight, children: [], position: p }, true);
        break;
      }
      case 'list_item_open': {
        const item = { type: 'listItem' as const, spread: !tightStack[tightStack.length - 1], checked: null as boolean | null, children: [], position: p };
        // GFM task list: "[ ] " or "[x] " at the start of the item's first paragraph.
        const firstInline = tokens[i + 1]?.type === 'paragraph_open' ? tokens[i + 2] : undefined;
        const first = firstInline?.children?.[0];
        if (first && first.type === 'text') {
          const m = /^\[([ xX])\](?:\s+|$)/.exec(first.content);
          if (m) {
            item.checked = m[1] !== ' ';
            first.content = first.content.slice(m[0].length);
          }
        }
        push(item as RootContent, true);
        break;
      }
      case 'blockquote_open':
        push({ type: 'blockquote', children: [], position: p }, true);
        break;
      case 'container_directive_open': {
        const { name, label } = parseDirectiveInfo(t.info);
        const node: ContainerDirective = { type: 'containerDirective', name, attributes: {}, children: [], position: p };
        if (label) node.children.push({ type: 'paragraph', data: { directiveLabel: true }, children: inline(md.parseInline(label, {})[0]?.children ?? [], t.map?.[0] ?? 0, footnoteLabels, lines), position: p } as never);
        push(node as RootContent, true);
        break;
      }
      case 'table_open':
        push({ type: 'table', align: [], children: [], position: p }, true);
        break;
      case 'tr_open':
        push({ type: 'tableRow', children: [], position: p }, true);
        break;
      case 'th_open':
      case 'td_open': {
        const table = stack.find((n) => n.type === 'table') as { align: AlignType[]; children: unknown[] } | undefined;
        if (table && t.type === 'th_open') table.align.push(alignOf(t));
        const inl = tokens[i + 1]!;
        const row = top().position;
        const line = row ? row.start.line - 1 - (lines.point(0).line - 1) : 0;
        push({ type: 'tableCell', children: inline(inl.children ?? [], line, footnoteLabels, lines), position: allPositions ? row : undefined });
        i += 2;
        break;
      }
      case 'footnote_open': {
        const meta = t.meta as { id: number; label?: string };
        const label = meta.label ?? footnoteLabels.get(meta.id) ?? String(meta.id + 1);
        push({ type: 'footnoteDefinition', identifier: label.toLowerCase(), label, children: [], position: p }, true);
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close':
        tightStack = tightStack.slice(0, -1);
        stack.pop();
        break;
      case 'list_item_close':
      case 'blockquote_close':
      case 'container_directive_close':
      case 'table_close':
      case 'tr_close':
      case 'footnote_close':
        stack.pop();
        break;
      case 'fence': {
        const info = t.info.trim();
        const space = info.search(/\s/);
        push({ type: 'code', lang: (space < 0 ? info : info.slice(0, space)) || null, meta: space < 0 ? null : info.slice(space + 1).trim() || null, value: t.content.replace(/\n$/, ''), position: p });
        break;
      }
      case 'code_block':
        push({ type: 'code', lang: null, meta: null, value: t.content.replace(/\n$/, ''), position: p });
        break;
      case 'hr':
        push({ type: 'thematicBreak', position: p });
        break;
      case 'html_block':
        refuseUnclosedHtmlBlock(t.content, (t.map?.[0] ?? 0) + 1);
        push({ type: 'html', value: t.content.replace(/\n$/, ''), position: p });
        break;
      default:
        // thead/tbody wrappers, footnote block wrappers and anchors carry no content of their own.
        break;
    }
  }
  return root as Root & { children: Nodes[] } as Root;
}
