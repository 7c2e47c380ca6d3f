// Images and files an MDX file names in JSX (`<img src="./x.png" />`) or with `require('./x.png').default`,
// as Docusaurus resolves them: relative to the file that writes them, a partial included, or to the site
// (`@site/static/img/x.png`). The page's asset stage (renderer/content/assets.ts) copies JSX paths from the
// rendered HTML, relative to the page, so a partial's paths are rewritten to the same files seen from the page;
// `require` gives the final URL itself (asset-modules.ts), as it may end up anywhere, not only in an attribute.
// A missing file is found here, where its file and line are known (the rendered HTML has no lines).
import type { Root } from 'mdast';
import { dirname, relative, resolve } from 'node:path';
import type { AssetCopy } from '../assets.ts';
import { walk } from '../walk.ts';
import { assetFile, assetModule, isAssetModule, isFile } from './asset-modules.ts';
import { isSvg } from './svg-component.ts';
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
const HINT = 'Paths in JSX and require() are relative to the file that writes them (./img/x.png), a partial included, or to the site\'s folder (@site/static/img/x.png).';
/** What require() may name on the server: an image or file, by a path relative to the file or to the site. */
const requirable = (spec: string) => (relativeFile(spec, true) || spec.startsWith('@site/')) && isAssetModule(spec);

export interface RequireOptions {
  /** The file that writes the require() (a partial's own file). */
  absPath: string;
  siteRoot: string;
  baseUrl: string;
  /** The page's copies: each required file is added once. */
  copies: AssetCopy[];
  /** SVGs required (absolute path → their component, loaded after the compile): SVGR components, not copies. */
  svgs?: Map<string, unknown>;
}

function required(spec: string, o: RequireOptions): { url: string } | { component: unknown } | { missing: string } {
  const abs = assetFile(spec, o.absPath, o.siteRoot);
  if (!isFile(abs)) return { missing: relative(o.siteRoot, abs) };
  if (o.svgs && isSvg(abs)) {
    if (!o.svgs.has(abs)) o.svgs.set(abs, undefined);
    return { component: o.svgs.get(abs) };
  }
  const { url, copy } = assetModule(abs, o.baseUrl);
  if (!o.copies.some((c) => c.out === copy.out)) o.copies.push(copy);
  return { url };
}

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
export function remarkJsxFiles(options: RequireOptions & { partial: PartialDirs; problems: FileProblem[] }) {
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
        // Every literal require() of a file, run or not (one inside <BrowserOnly> runs only in the browser): checked
        // and copied here, with its line.
        requiresIn(program, (spec, at) => {
          if (!requirable(spec)) return;
          const found = required(spec, options);
          if ('missing' in found) options.problems.push({ line: at ?? line, message: `require() names "${spec}", which does not exist (looked for ${found.missing}).`, hint: HINT });
        });
      }
    });
  };
}

/**
 * The `require` an MDX file's expressions get on the server: an image or file as `{default: url}` (webpack's
 * shape, which Docusaurus pages rely on), the URL of its hashed copy — the one the browser's bundle gives too; an
 * SVG as `{default: Component}` (SVGR, as Docusaurus).
 */
export function mdxRequire(options: RequireOptions): (spec: string) => { default: unknown } {
  return (spec) => {
    if (!requirable(spec)) throw new Error(`require("${spec}") is not supported: an MDX page may require() images and files by a path relative to it (./img/x.png) or to the site (@site/static/img/x.png); import components instead.`);
    const found = required(spec, options);
    if ('missing' in found) throw new Error(`require("${spec}"): the file does not exist (looked for ${found.missing}).`);
    return { default: 'component' in found ? found.component : found.url };
  };
}
