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
