// The browser scripts of MDX pages with islands (renderer/content/mdx/islands.ts): one entry per page, made by
// esbuild from the page's own source, compiled again for the browser with only its islands kept, and from the
// site's components it imports. React is not in them: they use the runtime's copy (client/shared-react.ts).
// Pages without islands get nothing. A build hashes the files and shares chunks between pages; `serve` gives
// each page one file under a name that stays the same across edits.
import { build, transform, type BuildFailure, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { MdxSite } from '../../templates/mdx/context.ts';
import { ContentError } from '../errors.ts';
import { BROWSER_BUILD } from './browser-build.ts';
import { browserCodeFromSource, browserCodeSource, type BrowserCode } from '../content/mdx/browser-compile.ts';
import { ISLANDS_QUERY } from '../content/mdx/islands.ts';
import { FRONT_MATTER, mdxSource } from '../content/mdx/syntax.ts';
import { loadSiteModule, SITE_FILE_LOADERS, siteFilesPlugin } from '../content/mdx/site-components.ts';
import { assetModulesPlugin } from '../content/mdx/asset-modules.ts';
import { packageRoot } from '../paths.ts';
import type { Naming } from '../render/names.ts';

export interface IslandPage {
  /** Names the page in `scripts` (locale and path: a fallback page is the same file in another locale). */
  key: string;
  absPath: string;
  /** The file as the user knows it, for messages. */
  file: string;
  locale: string;
  site: MdxSite;
  admonitionTitles: Record<string, string>;
  /** The CSS files whose rules the page's HTML carries already. */
  carriedCss: string[];
  /** Its browser code as the server's compile made it; used only if made from the file's text as it is now. */
  browser?: BrowserCode;
}

export interface IslandBundle {
  /** Output files by path under baseUrl. */
  files: Map<string, Uint8Array>;
  /** The public URL of each page's script, by IslandPage key. */
  scripts: Map<string, string>;
  /** The public URL of the stylesheet of a page whose browser code brings CSS its HTML lacks, by key. */
  styles: Map<string, string>;
}

const require = createRequire(import.meta.url);
const SHARED_REACT = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** `react` and friends, as the runtime's entry shares them; the export names are read from the package. */
function sharedReact(): Plugin {
  return {
    name: 'shared-react',
    setup(b) {
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
        SHARED_REACT.includes(args.path) ? { path: args.path, namespace: 'shared-react' } : { errors: [{ text: `"${args.path}" is not available in the browser (the site's React offers ${SHARED_REACT.join(', ')}).` }] },
      );
      b.onLoad({ filter: /.*/, namespace: 'shared-react' }, (args) => {
        const names = Object.keys(require(args.path) as object).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
        return { contents: `const m = globalThis[Symbol.for('cheatsheet.react')][${JSON.stringify(args.path)}];\nexport default m;\nexport const {${names.join(', ')}} = m;`, loader: 'js' };
      });
    },
  };
}

/** `@theme/…` and `@docusaurus/…`: the theme's own components (templates/mdx/), bundled from their sources. */
function provided(): Plugin {
  const dir = join(packageRoot(), 'templates', 'mdx');
  const from = (file: string) => JSON.stringify(join(dir, file));
  const modules: Record<string, string> = {
    '@theme/Tabs': `export { default, TabItem } from ${from('Tabs.tsx')};`,
    '@theme/TabItem': `export { TabItem as default } from ${from('Tabs.tsx')};`,
    ...Object.fromEntries(['Admonition', 'Details', 'CodeBlock', 'DocCardList', 'Heading'].map((c) => [`@theme/${c}`, `export { default } from ${from(`${c}.tsx`)};`])),
    '@docusaurus/useBaseUrl': `export { useBaseUrl as default, useBaseUrlUtils } from ${from('docusaurus.tsx')};`,
    ...Object.fromEntries(['Link', 'BrowserOnly', 'useDocusaurusContext', 'useIsBrowser', 'ExecutionEnvironment'].map((m) => [`@docusaurus/${m}`, `export { ${m} as default } from ${from('docusaurus.tsx')};`])),
  };
  return {
    name: 'provided',
    setup(b) {
      b.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => (modules[args.path] ? { path: args.path, namespace: 'provided' } : { errors: [{ text: `"${args.path}" is not a module we provide.` }] }));
      b.onLoad({ filter: /.*/, namespace: 'provided' }, (args) => ({ contents: modules[args.path]!, loader: 'js', resolveDir: dir }));
    },
  };
}

const CSS_NAMESPACE = 'island-css';

/**
 * CSS in the browser's code: a CSS module becomes the class map the server's bundle gave it (site-components.ts;
 * a minified bundle would shorten the names), plain CSS nothing. Their rules are not bundled here but found in
 * the metafile afterwards (`cssReached`): most of them are in the page's HTML already, and the rest make one
 * stylesheet per page (`pageStyles`) with the very text the server would have inlined.
 */
function islandCss(siteRoot: string, baseUrl: string): Plugin {
  return {
    name: 'island-css',
    setup(b) {
      b.onResolve({ filter: /\.css$/ }, async (args) => {
        if ((args.pluginData as { islandCss?: boolean } | undefined)?.islandCss) return undefined;
        if (args.path.startsWith('@site/')) return { path: resolve(siteRoot, args.path.slice('@site/'.length)), namespace: CSS_NAMESPACE };
        if (isAbsolute(args.path) || args.path.startsWith('.')) return { path: resolve(args.resolveDir, args.path), namespace: CSS_NAMESPACE };
        // A package's stylesheet (`leaflet/dist/leaflet.css`): found where esbuild would find it.
        const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { islandCss: true } });
        return found.errors.length ? { errors: found.errors } : { path: found.path, namespace: CSS_NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: CSS_NAMESPACE }, async (args) => {
        if (!args.path.endsWith('.module.css')) return { contents: 'export default {};', loader: 'js', watchFiles: [args.path] };
        const { value } = await loadSiteModule(args.path, siteRoot, 'default', basename(args.path), { file: relative(siteRoot, args.path) }, baseUrl);
        const map = value as Record<string, string>;
        const named = Object.entries(map).filter(([k]) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
        return { contents: `export default ${JSON.stringify(map)};\n${named.map(([k, v]) => `export const ${k} = ${JSON.stringify(v)};`).join('\n')}`, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}

/** The CSS files the browser code of an entry reaches (imports, require() and import()), in import order. */
function cssReached(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (input: string) => {
    if (seen.has(input)) return;
    seen.add(input);
    for (const imported of metafile.inputs[input]?.imports ?? []) visit(imported.path);
    if (input.startsWith(`${CSS_NAMESPACE}:`)) css.push(input.slice(CSS_NAMESPACE.length + 1));
  };
  visit(entry);
  return css;
}

/**
 * The stylesheet of what a page's browser code brings beyond the CSS its HTML carries (a component rendered
 * only in the browser, inside <BrowserOnly> or by a require() of the page): '' when nothing. The text is the
 * server's bundle of each file, so a CSS module's class names are the ones its class map gives the browser.
 */
async function pageStyles(page: IslandPage, reached: string[], siteRoot: string, baseUrl: string, minify: boolean): Promise<string> {
  const carried = new Set(page.carriedCss);
  const parts: string[] = [];
  for (const file of reached) {
    if (carried.has(file)) continue;
    const { styles } = await loadSiteModule(file, siteRoot, 'default', basename(file), { file: relative(siteRoot, file) }, baseUrl);
    parts.push(...styles);
  }
  const css = [...new Set(parts)].join('\n');
  if (!css || !minify) return css;
  return (await transform(css, { loader: 'css', minify: true })).code;
}

const ISLANDS_ONLY = 'mdx-islands';

/**
 * MDX files: a page keeps only its islands (the rest is static HTML), and so does a partial it shows
 * (imported with ISLANDS_QUERY, renderer/content/mdx/islands.ts); a partial used inside an island is compiled
 * whole. Every compile takes the islands' components from client/islands.tsx (`useMDXComponents`), as a
 * partial is rendered with no `components` of its own.
 */
function mdx(pages: Map<string, IslandPage>, siteRoot: string): Plugin {
  return {
    name: 'mdx',
    setup(b) {
      // No side effects: a partial imported by a page but shown only outside its islands is left out.
      b.onResolve({ filter: /\.mdx?(\?islands)?$/ }, (args) => {
        const islandsOnly = args.path.endsWith(ISLANDS_QUERY);
        const spec = islandsOnly ? args.path.slice(0, -ISLANDS_QUERY.length) : args.path;
        const path = spec.startsWith('@site/') ? resolve(siteRoot, spec.slice('@site/'.length)) : resolve(args.resolveDir, spec);
        return { path, namespace: islandsOnly ? ISLANDS_ONLY : 'file', sideEffects: false };
      });
      const load = async (path: string, islandsOnly: boolean) => {
        const source = readFileSync(path, 'utf8');
        const value = mdxSource(source.slice(FRONT_MATTER.exec(source)?.[0].length ?? 0));
        const page = pages.get(path);
        const titles = page?.admonitionTitles ?? {};
        // A page's own code, made by the server's compile from its parse, unless the file changed since.
        const made = page && !islandsOnly && page.browser?.source === browserCodeSource(value, titles) ? page.browser.code : undefined;
        const code = made ?? (await browserCodeFromSource(value, path, titles, Boolean(page) || islandsOnly));
        return { contents: code, loader: 'js' as const, resolveDir: dirname(path), watchFiles: [path] };
      };
      b.onLoad({ filter: /\.mdx?$/, namespace: 'file' }, (args) => load(args.path, false));
      b.onLoad({ filter: /.*/, namespace: ISLANDS_ONLY }, (args) => load(args.path, true));
    },
  };
}

/** The npm package an unresolved import names (`leaflet/dist/x.css` → `leaflet`), if it names one. */
function missingPackage(text: string): string | undefined {
  const spec = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  if (!spec || spec.startsWith('.') || spec.startsWith('/')) return undefined;
  return spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
}

/** A name for the page's script that says which page it is. */
const scriptName = (page: IslandPage, siteRoot: string) => `${page.locale}-${relative(siteRoot, page.absPath).replace(/\.mdx?$/, '').replace(/[^\w-]+/g, '-')}`;

export async function bundleIslands(pages: IslandPage[], opts: { siteRoot: string; baseUrl: string; minify: boolean; naming: Naming }): Promise<IslandBundle> {
  if (!pages.length) return { files: new Map(), scripts: new Map(), styles: new Map() };
  const pkg = packageRoot();
  const byKey = new Map(pages.map((p) => [p.key, p]));
  const byPath = new Map(pages.map((p) => [p.absPath, p]));
  const names = new Map(pages.map((p) => [p.key, scriptName(p, opts.siteRoot)]));
  const hydrator = JSON.stringify(join(pkg, 'client', 'islands.tsx'));
  const copies = new Map<string, string>();
  let result;
  try {
    result = await build({
      entryPoints: pages.map((p) => ({ in: `island-entry:${p.key}`, out: `islands/${names.get(p.key)}` })),
      plugins: [
        {
          name: 'island-entry',
          setup(b) {
            b.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
            b.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => {
              const page = byKey.get(args.path)!;
              const contents = `import Content from ${JSON.stringify(page.absPath)};\nimport { islandHydrator } from ${hydrator};\nexport default islandHydrator(Content, ${JSON.stringify(page.site)}, ${JSON.stringify(page.admonitionTitles)});`;
              return { contents, loader: 'js', resolveDir: dirname(page.absPath) };
            });
          },
        },
        sharedReact(),
        provided(),
        // Images and files the browser code imports or requires get the server's URLs, and their copies.
        assetModulesPlugin(opts.siteRoot, opts.baseUrl, (copy) => copies.set(copy.out, copy.abs)),
        mdx(byPath, opts.siteRoot),
        islandCss(opts.siteRoot, opts.baseUrl),
        siteFilesPlugin(opts.siteRoot),
      ],
      absWorkingDir: opts.siteRoot,
      nodePaths: [join(pkg, 'node_modules')],
      ...BROWSER_BUILD,
      splitting: opts.naming === 'hashed',
      minify: opts.minify,
      outdir: join(opts.siteRoot, 'assets'),
      entryNames: opts.naming === 'hashed' ? '[dir]/[name].[hash]' : '[dir]/[name]',
      chunkNames: 'islands/chunk.[hash]',
      assetNames: 'islands/[name].[hash]',
      loader: SITE_FILE_LOADERS,
    });
  } catch (err) {
    const failure = err as BuildFailure;
    if (!failure.errors?.length) throw err;
    const first = failure.errors[0]!;
    const file = first.location ? relative(opts.siteRoot, join(opts.siteRoot, first.location.file)) : pages[0]!.file;
    throw new ContentError(`The browser code of the page's components does not compile: ${first.text}`, { file, ...(first.location ? { line: first.location.line } : {}) }, {
      details: failure.errors.slice(1).map((e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`),
      hint: missingPackage(first.text) ? `Install the package in the site (npm i ${missingPackage(first.text)}): components a page imports run in the browser too.` : 'Components a page imports run in the browser too: they may import only browser code (and react, react-dom).',
    });
  }
  const files = new Map<string, Uint8Array>();
  const outBase = opts.siteRoot;
  // Only the scripts: the CSS the browser code imports is found in the metafile (islandCss).
  for (const f of result.outputFiles) if (f.path.endsWith('.js')) files.set(relative(outBase, f.path).split('\\').join('/'), f.contents);
  for (const [out, abs] of copies) files.set(out, readFileSync(abs));
  const scripts = new Map<string, string>();
  for (const [out, info] of Object.entries(result.metafile.outputs)) {
    const key = info.entryPoint?.startsWith('island-entry:') ? info.entryPoint.slice('island-entry:'.length) : undefined;
    if (key) scripts.set(key, opts.baseUrl + relative(opts.siteRoot, join(opts.siteRoot, out)).split('\\').join('/'));
  }
  const styles = new Map<string, string>();
  for (const page of pages) {
    const css = await pageStyles(page, cssReached(result.metafile, `island-entry:${page.key}`), opts.siteRoot, opts.baseUrl, opts.minify);
    if (!css) continue;
    const hash = opts.naming === 'hashed' ? `.${createHash('sha256').update(css).digest('hex').slice(0, 10)}` : '';
    const file = `assets/islands/${names.get(page.key)}${hash}.css`;
    files.set(file, new TextEncoder().encode(css));
    styles.set(page.key, opts.baseUrl + file);
  }
  return { files, scripts, styles };
}
