// Markdown that the parser would silently drop: content nested deeper than markdown-it's limit (it skips
// the rest of the page, or of the container) and raw HTML blocks whose end marker never comes (CommonMark
// runs them to the end of the document, so an unclosed `<!--` hides everything after it, links included).
// Both are refused with the line where they start, rather than published with a hole in the page.
import type markdownIt from 'markdown-it';

/** Raised by the parser; the caller adds the file and the front matter's line offset. */
export class LostContentError extends Error {
  constructor(
    message: string,
    /** 1-based line in the Markdown body. */
    readonly line: number,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'LostContentError';
  }
}

// markdown-it counts a level per list, list item, blockquote and container. 256 keeps 128 nested lists or
// 256 nested quotes, far past anything written by hand, and keeps the HTML well under the depth at which
// browsers stop nesting elements (Chromium: 512), so what we publish is what visitors see.
export const MAX_NESTING = 256;

type MarkdownIt = ReturnType<typeof markdownIt>;
type BlockState = Parameters<MarkdownIt['block']['tokenize']>[0];

/** Makes the block parser fail where it would skip nested content, instead of skipping it. */
export function refuseDeepNesting(md: MarkdownIt): void {
  // A documented option that markdown-it's type package leaves out.
  (md.options as { maxNesting?: number }).maxNesting = MAX_NESTING;
  const tokenize = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state: BlockState, startLine: number, endLine: number) => {
    if (state.level >= MAX_NESTING) {
      // What markdown-it would drop: any line of this nested block that has content.
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && state.sCount[line]! >= state.blkIndent) {
        throw new LostContentError(
          `Markdown nested more than ${MAX_NESTING} levels deep (lists, list items, blockquotes, admonitions): what is inside could not be kept`,
          line + 1,
          'Flatten the structure: use fewer nested lists or quotes.',
        );
      }
    }
    tokenize(state, startLine, endLine);
  };
}

// CommonMark's HTML blocks of kinds 1 to 5: they end only at their own end marker, not at a blank line.
const RUN_ON_BLOCKS: { start: RegExp; end: RegExp; open: string; close: string }[] = [
  { start: /^<(script|pre|style|textarea)(?=[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, open: '<$1>', close: '</$1>' },
  { start: /^<!--/, end: /-->/, open: '<!--', close: '-->' },
  { start: /^<\?/, end: /\?>/, open: '<?', close: '?>' },
  { start: /^<![a-z]/i, end: />/, open: '<!…', close: '>' },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, open: '<![CDATA[', close: ']]>' },
];

/** Fails on an HTML block (markdown-it's `html_block` content) that never reaches its end marker. */
export function refuseUnclosedHtmlBlock(content: string, line: number): void {
  const text = content.trimStart();
  for (const kind of RUN_ON_BLOCKS) {
    const m = kind.start.exec(text);
    if (!m) continue;
    // Tested on the whole block, opening included, as markdown-it does (`<!-->` is a closed comment).
    if (kind.end.test(text)) return;
    const open = kind.open.replace('$1', m[1] ?? '');
    const close = kind.close.replace('$1', m[1] ?? '');
    throw new LostContentError(
      `"${open}" is never closed with "${close}": everything after it would be hidden from the page (and its links never checked)`,
      line,
      `Close it with "${close}", or write "&lt;" instead of "<" to show it as text.`,
    );
  }
}
