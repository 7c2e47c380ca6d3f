// Images and files an MDX file names in JSX (`<img src="./x.png" />`) or with `require('./x.png').default`,
// as Docusaurus resolves them: relative to the file that writes them, a partial included. The page's asset
// stage (renderer/content/assets.ts) copies them from the rendered HTML, relative to the page, so a partial's
// paths are rewritten to the same files seen from the page, and `require` gives that path. A missing file is
// found here, where its file and line are known (the rendered HTML has no lines).
import type { Root } from 'mdast';
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { walk } from '../walk.ts';
import { rebaseFromPartial, relativeFile, type PartialDirs } from './partial-paths.ts';

/** The attribute of an HTML element that names a file, as the asset stage reads it. */
const FILE_ATTRIBUTES: Record<string, string> = { img: 'src', source: 'src', video: 'src', a: 'href' };
const PAGE_LINK = /\.(mdx?|html?)$/i;

export interface FileProblem {
  line: number;
  message: string;
  hint: string;
}

interface JsxElement {
  type: string;
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
}
interface EstreeNode {
  type: string;
  loc?: { start: { line: number } };
  callee?: { type: string; name?: string };
  arguments?: { type: string; value?: unknown }[];
  [key: string]: unknown;
}

const pathOf = (url: string) => {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};
const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
const HINT = 'Paths in JSX and require() are relative to the file that writes them (./img/x.png), a partial included.';

/** Every `require('<literal>')` below an expression's program, with its line. */
function requiresIn(program: unknown, found: (spec: string, line: number | undefined) => void): void {
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as EstreeNode;
    if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'require' && n.arguments?.[0]?.type === 'Literal' && typeof n.arguments[0].value === 'string') found(n.arguments[0].value, n.loc?.start.line);
    for (const [key, value] of Object.entries(n)) if (key !== 'loc' && key !== 'range') visit(value);
  };
  visit(program);
}

/** Checks (and, in a partial, rebases) the files of JSX elements and require() calls of one MDX file. */
export function remarkJsxFiles(options: { absPath: string; siteRoot: string; partial: PartialDirs; problems: FileProblem[] }) {
  const dir = dirname(options.absPath);
  const rebase = options.partial.partialDir !== options.partial.pageDir;
  const check = (url: string, line: number, how: string) => {
    const file = resolve(dir, pathOf(url));
    if (isFile(file)) return true;
    options.problems.push({ line, message: `${how} names "${url}", which does not exist (looked for ${relative(options.siteRoot, file)}).`, hint: HINT });
    return false;
  };
  return (tree: Root) => {
    walk(tree, (node) => {
      const el = node as unknown as JsxElement & { data?: { estree?: unknown } };
      const line = el.position?.start.line ?? 1;
      if ((el.type === 'mdxJsxFlowElement' || el.type === 'mdxJsxTextElement') && el.name && FILE_ATTRIBUTES[el.name]) {
        const attr = el.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === FILE_ATTRIBUTES[el.name!]);
        const url = attr?.value;
        // A link to a page is the link rewriter's; only links to files with an extension are files here.
        const isFileRef = typeof url === 'string' && relativeFile(url, el.name === 'a') && !(el.name === 'a' && PAGE_LINK.test(pathOf(url)));
        if (attr && isFileRef && check(url, line, `<${el.name} ${attr.name}>`) && rebase) attr.value = rebaseFromPartial(url, options.partial);
      }
      // Expressions: as attribute values, in text and as blocks.
      const attributes = el.type.startsWith('mdxJsx') && Array.isArray(el.attributes) ? el.attributes : [];
      const expressions = [el.data?.estree, ...attributes.map((a) => (a.value as { data?: { estree?: unknown } } | undefined)?.data?.estree)];
      for (const program of expressions) {
        requiresIn(program, (spec, at) => {
          if (relativeFile(spec, true)) check(spec, at ?? line, `require()`);
        });
      }
    });
  };
}

/**
 * The `require` an MDX file's expressions get on the server: an image or file, relative to the file, as
 * `{default: path}` (webpack's shape, which Docusaurus pages rely on) with the path seen from the page.
 */
export function mdxRequire(options: PartialDirs): (spec: string) => { default: string } {
  return (spec) => {
    if (!relativeFile(spec, true)) throw new Error(`require("${spec}") is not supported on the server: an MDX page may require() images and files by a relative path; import components instead.`);
    return { default: options.partialDir === options.pageDir ? spec : rebaseFromPartial(spec, options) };
  };
}
