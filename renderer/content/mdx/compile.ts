// MDX source → a React component, with every import resolved: theme components and Docusaurus's client modules
// from templates/mdx/, Markdown partials (`import Part from './_part.md'`) compiled the same way, the site's own
// components and CSS modules bundled by site-components.ts. Errors name the file and line of what could not be
// compiled or resolved.
import { compile, run } from '@mdx-js/mdx';
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import type { Root } from 'mdast';
import type { Pluggable } from 'unified';
import type { AttributeProblem } from './jsx-attributes.ts';
import { FRONT_MATTER, mdxSource, mdxSyntax } from './syntax.ts';
import { mdxRequire, type FileProblem, type RequireOptions } from './jsx-files.ts';
import { assetModule, isAssetModule } from './asset-modules.ts';
import { isSvg } from './svg-component.ts';
import type { AssetCopy, MissingAsset } from '../assets.ts';
import { remarkMarkdownAssets } from '../markdown-assets.ts';
import type { PartialDirs } from './partial-paths.ts';
import { sourceRuntime as jsxRuntime } from './source-lines.ts';
import { AggregateUserError, ContentError } from '../../errors.ts';
import { readUtf8 } from '../files.ts';
import Admonition from '../../../templates/mdx/Admonition.tsx';
import CodeBlock from '../../../templates/mdx/CodeBlock.tsx';
import Details from '../../../templates/mdx/Details.tsx';
import DocCardList from '../../../templates/mdx/DocCardList.tsx';
import Heading from '../../../templates/mdx/Heading.tsx';
import Tabs, { TabItem } from '../../../templates/mdx/Tabs.tsx';
import { BrowserOnly, ExecutionEnvironment, Link, useBaseUrl, useBaseUrlUtils, useDocusaurusContext, useIsBrowser } from '../../../templates/mdx/docusaurus.tsx';
import { IslandGroup, IslandMark } from '../../../templates/mdx/Island.tsx';
import { ISLAND_GROUP_TAG, ISLAND_TAG, islandsForBrowser, markIslands } from './islands.ts';
import { browserCodeOfIslands, type BrowserCode } from './browser-compile.ts';
import { PROVIDED_MODULES, readScope, type PageImport } from './scope.ts';
import { loadPackageModule, loadSiteModule, provideModules } from './site-components.ts';

type Components = Record<string, ComponentType<never>>;
export type MdxComponent = ComponentType<{ components?: Components }>;

/** The modules a page (or a site component) may import from us, by specifier: each one's exports. */
const MODULES: Record<string, Record<string, unknown>> = {
  '@theme/Tabs': { default: Tabs, TabItem },
  '@theme/TabItem': { default: TabItem },
  '@theme/Admonition': { default: Admonition },
  '@theme/Details': { default: Details },
  '@theme/CodeBlock': { default: CodeBlock },
  '@theme/DocCardList': { default: DocCardList },
  '@theme/Heading': { default: Heading },
  '@docusaurus/Link': { default: Link },
  '@docusaurus/BrowserOnly': { default: BrowserOnly },
  '@docusaurus/useBaseUrl': { default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/useIsBrowser': { default: useIsBrowser },
  '@docusaurus/ExecutionEnvironment': { default: ExecutionEnvironment },
};
if (PROVIDED_MODULES.some((m) => !MODULES[m])) throw new Error('compile.ts: a provided module has no implementation');
provideModules(MODULES);
/** What every page may use without an import (Docusaurus's default MDX scope). */
export const GLOBAL_COMPONENTS: Components = { Admonition: Admonition as never, Details: Details as never };

export interface MdxUnit {
  absPath: string;
  /** The file as the user knows it, for messages. */
  file: string;
  body: string;
  /** Lines before the body (front matter), so messages give the file's own line numbers. */
  lineOffset: number;
  /** Compiled with each element's source position (the page and its partials), to say where a render failed. */
  development?: boolean;
  /** The site's root folder, which `@site/` names. */
  siteRoot: string;
  /** What URLs of required and imported files start with. */
  baseUrl: string;
  /** Images and files the page takes as modules (require(), import): the page carries their copies. */
  copies: AssetCopy[];
  admonitionTitles: Record<string, string>;
  /** Markdown images and links to files resolved as in a Markdown page (markdown-assets.ts); absent: left as written. */
  markdownAssets?: { staticDir: string; finals: Set<string> };
  warnings: string[];
  /** CSS the page's components and CSS modules bring (in import order, each once): the page carries it. */
  styles: Set<string>;
  /** The CSS files those styles came from: the island bundler adds only what the browser code brings beyond them. */
  styleFiles: Set<string>;
  /**
   * Set to the number of islands the page has (parts the browser hydrates, see islands.ts) and, when it has some,
   * the page's browser code (browser-compile.ts).
   */
  islands?: { count: number; browser?: BrowserCode };
}

/** The syntax options with more remark plugins run before all the others (they see the tree as parsed). */
const withFirst = (plugins: Pluggable[], syntax: ReturnType<typeof mdxSyntax>) => ({ ...syntax, remarkPlugins: [...plugins, ...syntax.remarkPlugins] });

/** Compiles one MDX file (a page or a partial it imports) into a component with its imports bound. */
export async function compileMdx(unit: MdxUnit, stack: string[] = []): Promise<MdxComponent> {
  const at = (line: number) => ({ file: unit.file, line: line + unit.lineOffset });
  let scope: { imports: PageImport[]; problems: { line: number; message: string; hint: string }[] } = { imports: [], problems: [] };
  // Islands of the page and of the partials it shows (numbered within each partial's group); marked before
  // readScope takes the imports out of the tree.
  const value = mdxSource(unit.body);
  // A page with islands is compiled for the browser too (its islands only, browser-compile.ts): from the tree
  // parsed here, copied before the server's plugins change it, rather than parsed again by the island bundler.
  let islandsTree: Root | undefined;
  const keepIslands = () => (tree: Root) => {
    if (unit.islands && stack.length === 0) islandsTree = islandsForBrowser(tree);
  };
  const remarkScope = () => (tree: Root) => {
    if (unit.islands) unit.islands.count += markIslands(tree);
    scope = readScope(tree, new Set([ISLAND_TAG, ISLAND_GROUP_TAG]));
  };
  const attributeProblems: AttributeProblem[] = [];
  const fileProblems: FileProblem[] = [];
  const partial: PartialDirs = { partialDir: dirname(unit.absPath), pageDir: dirname(stack[0] ?? unit.absPath) };
  const requireOptions: RequireOptions = { absPath: unit.absPath, siteRoot: unit.siteRoot, baseUrl: unit.baseUrl, copies: unit.copies, svgs: new Map() };
  // Markdown images and file links, relative to this file (a partial's own): resolved before the islands are copied
  // for the browser, so an island's Markdown image has the server's URL there too.
  const missingAssets: MissingAsset[] = [];
  const markdownAssets: Pluggable[] = unit.markdownAssets
    ? [() => remarkMarkdownAssets({ absPath: unit.absPath, root: unit.siteRoot, staticDir: unit.markdownAssets!.staticDir, baseUrl: unit.baseUrl, lineOffset: 0, copies: unit.copies, missing: missingAssets, finals: unit.markdownAssets!.finals })]
    : [];
  let code: string;
  try {
    const out = await compile(
      { value, path: unit.absPath },
      {
        outputFormat: 'function-body',
        // Pages come here because they use MDX; partials are MDX whatever their extension, as in Docusaurus.
        format: 'mdx',
        // Development code gives every element its source line (source-lines.ts), for a render error to name:
        // renderMdx asks for it only to locate an error, as it costs every page's compile and run.
        development: unit.development === true,
        ...withFirst([...markdownAssets, keepIslands], mdxSyntax(unit.admonitionTitles, (name, line) => unit.warnings.push(`${unit.file}:${(line ?? 0) + unit.lineOffset}: unknown admonition ":::${name}", rendered as a note`), remarkScope, {
          attributeProblems,
          partial,
          files: { ...requireOptions, problems: fileProblems },
        })),
      },
    );
    code = String(out);
  } catch (err) {
    const e = err as { reason?: string; message: string; line?: number; place?: { line?: number; start?: { line: number } } };
    const line = e.line ?? e.place?.line ?? e.place?.start?.line;
    throw new ContentError(`The MDX could not be compiled: ${e.reason ?? e.message}`, line ? at(line) : { file: unit.file }, { hint: 'MDX reads `{`, `}` and `<` as code: write them as `\\{`, `\\}` and `&lt;` in prose, and close every tag.' });
  }
  const assetProblems = missingAssets.map((m) => ({ line: m.line ?? 1, message: `An image or file the page references does not exist: ${m.url}`, hint: 'Paths are relative to the file (./img/x.png), or to the static folder when they start with / (/img/x.png); pathname:///x keeps a URL as written.' }));
  const problems = [...attributeProblems, ...fileProblems, ...assetProblems, ...scope.problems].sort((a, b) => a.line - b.line);
  if (problems.length) {
    const errors = problems.map((p) => new ContentError(p.message, at(p.line), { hint: p.hint }));
    throw errors.length === 1 ? errors[0]! : new AggregateUserError(errors);
  }
  const bound: Components = {};
  const values: Record<string, unknown> = {};
  for (const imp of scope.imports) {
    const value = await resolveImport(unit, imp, stack, at(imp.line));
    if (!imp.local) continue;
    values[imp.local] = value;
    // An image's URL is a value, never a component (`import img …` must not stand for the <img> tag).
    if (typeof value !== 'string') bound[imp.local] = value;
  }
  // Its partials' islands counted too: a page with none has no browser code.
  if (islandsTree && unit.islands?.count) unit.islands.browser = await browserCodeOfIslands(islandsTree, value, unit.absPath, unit.admonitionTitles);
  // SVGs the file require()s: their components, loaded now for the synchronous require() of the page's code.
  for (const abs of requireOptions.svgs!.keys()) requireOptions.svgs!.set(abs, (await loadSiteModule(abs, unit.siteRoot, 'default', relative(unit.siteRoot, abs), { file: unit.file }, unit.baseUrl)).value);
  if (code.includes('require(') && !('require' in values)) values.require = mdxRequire(requireOptions);
  // The imports were taken out of the program (readScope): tags reach them through `components`, and every other
  // use (`useBaseUrl('/x')`, `styles.box`) through these bindings, declared where the imports stood.
  if (Object.keys(values).length) code = code.replace(/^("use strict";\n)?/, `$1const {${Object.keys(values).join(', ')}} = arguments[0].__imports;\n`);
  const { default: Content } = (await run(code, { ...jsxRuntime, baseUrl: pathToFileURL(unit.absPath), __imports: values } as never)) as { default: MdxComponent };
  return ({ components }) => createElement(Content, { components: { ...GLOBAL_COMPONENTS, ...components, ...bound, [ISLAND_TAG]: IslandMark as ComponentType<never>, [ISLAND_GROUP_TAG]: IslandGroup as ComponentType<never> } });
}

async function resolveImport(unit: MdxUnit, imp: PageImport, stack: string[], where: { file: string; line: number }): Promise<ComponentType<never> | string> {
  const { target } = imp;
  if (target.kind === 'module') {
    const exports = MODULES[target.specifier]!;
    const value = target.export === '*' ? exports : exports[target.export];
    if (!value) throw new ContentError(`"${target.specifier}" has no export "${target.export}".`, where, { hint: `Import it as \`import ${imp.local} from '${target.specifier}';\`.` });
    return value as ComponentType<never>;
  }
  if (target.kind === 'package') {
    const loaded = await loadPackageModule(target.specifier, unit.siteRoot, target.export, imp.local, where, unit.baseUrl);
    for (const css of loaded.styles) unit.styles.add(css);
    for (const file of loaded.styleFiles) unit.styleFiles.add(file);
    addCopies(unit, loaded.assets);
    return loaded.value as ComponentType<never>;
  }
  const path = target.specifier.startsWith('@site/') ? resolve(unit.siteRoot, target.specifier.slice('@site/'.length)) : resolve(dirname(unit.absPath), target.specifier);
  const found = [path, ...['.tsx', '.jsx', '.ts', '.js', '.mdx', '.md', '/index.tsx', '/index.jsx', '/index.js'].map((ext) => path + ext)].find((p) => existsSync(p) && statSync(p).isFile());
  const shown = relative(unit.siteRoot, path) || path;
  if (!found) throw new ContentError(`"${imp.local}" cannot be resolved: "${target.specifier}" does not exist (looked for ${shown}).`, where, { hint: 'Fix the path of the import or create the file.' });
  if (isSvg(found)) {
    // `import Logo from './logo.svg'`: a component rendering it inline, as Docusaurus's SVGR gives it.
    if (imp.local && target.export !== 'default') throw new ContentError(`"${target.specifier}" is an SVG: it has only a default export, its component.`, where, { hint: `Import it as \`import ${imp.local} from '${target.specifier}';\`.` });
    return (await loadSiteModule(found, unit.siteRoot, 'default', imp.local || 'svg', where, unit.baseUrl)).value as ComponentType<never>;
  }
  if (isAssetModule(found)) {
    // `import shot from './shot.png'`: its URL, as Docusaurus's webpack gives it.
    const { url, copy } = assetModule(found, unit.baseUrl);
    addCopies(unit, [copy]);
    if (imp.local && target.export !== 'default') throw new ContentError(`"${target.specifier}" is a file: it has only a default export, its URL.`, where, { hint: `Import it as \`import ${imp.local || 'file'} from '${target.specifier}';\`.` });
    return url;
  }
  if (/\.mdx?$/.test(found)) {
    if (stack.includes(found)) throw new ContentError(`The partial "${target.specifier}" imports itself (through ${stack.map((s) => relative(unit.siteRoot, s)).join(' → ')}).`, where, { hint: 'Break the cycle of imports.' });
    const source = readUtf8(found, relative(unit.siteRoot, found));
    const fm = FRONT_MATTER.exec(source)?.[0] ?? '';
    const Part = await compileMdx({ ...unit, absPath: found, file: relative(unit.siteRoot, found), body: source.slice(fm.length), lineOffset: fm.split('\n').length - 1 }, [...stack, unit.absPath]);
    return Part as ComponentType<never>;
  }
  const loaded = await loadSiteModule(found, unit.siteRoot, target.export, imp.local, where, unit.baseUrl);
  for (const css of loaded.styles) unit.styles.add(css);
  for (const file of loaded.styleFiles) unit.styleFiles.add(file);
  addCopies(unit, loaded.assets);
  return loaded.value as ComponentType<never>;
}

function addCopies(unit: MdxUnit, copies: readonly AssetCopy[]): void {
  for (const copy of copies) if (!unit.copies.some((c) => c.out === copy.out)) unit.copies.push(copy);
}
