// Which files go through the MDX compiler: `.mdx` always, `.md` only when it uses MDX syntax (as Docusaurus 3
// reads them). Plain Markdown keeps the faster markdown-it pipeline, and a `{` in its prose stays text.

/** Fences at any indent (they may sit in list items) and in quotes. */
const FENCE = /^[ \t>]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n[ \t>]*\1[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm;
const INLINE_CODE = /(`+)[^`\n][\s\S]*?\1/g;
const ESM_LINE = /^(?:import|export)\s+[\w{*'"]/m;
/** A capitalised JSX tag (`<Tabs>`, `<Foo.Bar/>`): lowercase tags are HTML, which Markdown already accepts. */
const COMPONENT = /<[A-Z][\w.]*(?=[\s/>])/;
/** `{/* comment *\/}` or an expression such as `{props.x}` or `{1 + 1}`; `{#custom-id}` in headings is Markdown. */
const EXPRESSION = /\{\s*\/\*|\{\s*[A-Za-z_$][\w$]*(?:\.[\w$]+)*\s*(?:\}|\(|[+\-*/?]|\.)|\{\s*\d+\s*[+\-*/]/;

export function usesMdx(relPath: string, body: string): boolean {
  if (relPath.endsWith('.mdx')) return true;
  // Each test below needs one of these in the prose, and taking code out never adds any: most pages are
  // answered here without the fence and inline-code passes (1 % of the content stage in bench:profile).
  if (!body.includes('{') && !body.includes('<') && !body.includes('import') && !body.includes('export')) return false;
  const prose = body.replace(FENCE, '').replace(INLINE_CODE, '');
  return ESM_LINE.test(prose) || COMPONENT.test(prose) || EXPRESSION.test(prose);
}
