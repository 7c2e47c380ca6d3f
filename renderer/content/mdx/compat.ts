// What Docusaurus 3 accepts in MDX besides MDX itself (its `markdown.mdx1Compat`, on by default): HTML
// comments and `{#custom-id}` heading ids. MDX would read the first as a broken tag and the second as an
// expression, so both are rewritten before compiling, line for line (messages keep the file's lines), and
// never inside code: a comment becomes an MDX comment, a heading id escaped text that the heading-id stage
// of every page (slug.ts) then takes as the id.

/** Fenced code (any indent, in lists and quotes too), inline code, or the two constructs to rewrite. */
const PARTS = /^[ \t>]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n[ \t>]*\1[`~]*[ \t]*(?=\n|$)|(?![\s\S]))|(`+)[^`\n][\s\S]*?\2|<!--([\s\S]*?)-->|^(#{1,6}[ \t].*?)[ \t]*\{#([^\s{}]+)\}[ \t]*$/gm;

export function mdx1Compat(body: string): string {
  return body.replace(PARTS, (whole, _fence, _tick, comment: string | undefined, heading: string | undefined, id: string | undefined) => {
    if (comment !== undefined) return `{/*${comment.replace(/\*\//g, '* /')}*/}`;
    if (heading !== undefined) return `${heading} \\{#${id}\\}`;
    return whole;
  });
}

/**
 * Docusaurus unwraps ```` ```mdx-code-block ```` fences (three or four backticks) before parsing any page, `.md`
 * or `.mdx`: their content is the page's own Markdown and MDX, written so that other renderers (GitHub,
 * translation tools) show it as code. Each fence line becomes an empty line, so lines keep their numbers.
 */
const MDX_CODE_BLOCK = /^[ \t]*(`{3,4})[ \t]*mdx-code-block[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\1[ \t]*(?=\r?\n|$)/gm;

export function unwrapMdxCodeBlocks(body: string): string {
  if (!body.includes('mdx-code-block')) return body;
  return body.replace(MDX_CODE_BLOCK, (_whole, _fence, content: string) => `\n${content}\n`);
}
