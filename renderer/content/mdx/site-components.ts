// The site's own files that pages import (`@site/src/components/…`, `./styles.module.css`), bundled with esbuild
// for the server render. React is left to our copy (one React instance, or hooks break), passed as file URLs so
// the bundle runs from memory; `@theme/…` and `@docusaurus/…` are ours too (see compile.ts), reached through a
// registry so a bundle sees the very objects the page does (one React context for the site's facts).
// CSS comes back as text for the page to carry: plain `.css` as written, CSS modules (`*.module.css`) with local
// class names that stay the same from build to build and never meet another module's (see cssModuleName).
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContentError } from '../../errors.ts';
import { importModule } from '../../import-module.ts';
import type { AssetCopy } from '../assets.ts';
import { assetModulesPlugin } from './asset-modules.ts';
import { isSvg } from './svg-component.ts';
import { PROVIDED_MODULES } from './scope.ts';

const require = createRequire(import.meta.url);
const REGISTRY = Symbol.for('cheatsheet.mdx.modules');

interface Bundled {
  exports: Record<string, unknown>;
  /** The CSS the file and what it imports bring, '' if none. */
  css: string;
  /** The CSS files that CSS came from (the island bundler leaves these to the page: renderer/bundle/islands.ts). */
  cssFiles: string[];
  /** Images and files its code imports or requires (asset-modules.ts): the page that uses it carries them. */
  assets: AssetCopy[];
  /** Every file the bundle was made from, with its state then: an edited one (in `serve`) means a new bundle. */
  inputs: { path: string; stamp: string }[];
}
// One bundle per file for the life of the process (a build, a `serve` session), as long as none of its inputs
// changed: pages importing the same component share it, and an edit to the component or its CSS is seen.
const loaded = new Map<string, Promise<Bundled>>();

function stampOf(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return 'missing';
  }
}

async function isCurrent(bundled: Promise<Bundled>): Promise<boolean> {
  try {
    return (await bundled).inputs.every((i) => stampOf(i.path) === i.stamp);
  } catch {
    return false;
  }
}

/** Makes the modules pages import available to bundled site files (compile.ts calls it once). */
export function provideModules(modules: Record<string, Record<string, unknown>>): void {
  (globalThis as Record<symbol, unknown>)[REGISTRY] = modules;
}

/**
 * esbuild names a CSS module's classes `<file stem>_<class>`, unique within one bundle only; every site file is
 * a bundle of its own, so two `styles.module.css` would both give `styles_box`. The stem gets a hash of the
 * file's path in the site: stable across builds and machines, different for each file.
 */
function cssModuleName(file: string, siteRoot: string): string {
  const hash = createHash('sha256').update(relative(siteRoot, file).split('\\').join('/')).digest('hex').slice(0, 6);
  return `${basename(file, '.module.css').replace(/[^\w-]/g, '_')}_${hash}.module.css`;
}

/** `@site/…` and CSS modules, resolved the same way for the server render and the browser's islands. */
export function siteFilesPlugin(siteRoot: string, onCssModule: (file: string) => void = () => undefined): Plugin {
  return {
    name: 'site-files',
    setup(b) {
      // Resolved as a relative path from the site's root would be: with esbuild's extensions and index files.
      b.onResolve({ filter: /^@site\// }, (args) => b.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: siteRoot, kind: args.kind, importer: args.importer }));
      b.onResolve({ filter: /\.module\.css$/ }, (args) => {
        const real = args.path.startsWith('/') ? args.path : resolve(args.resolveDir, args.path);
        return { path: resolve(dirname(real), cssModuleName(real, siteRoot)), namespace: 'css-module', pluginData: real };
      });
      b.onLoad({ filter: /.*/, namespace: 'css-module' }, (args) => (onCssModule(args.pluginData as string), { contents: readFileSync(args.pluginData as string, 'utf8'), loader: 'local-css', resolveDir: dirname(args.pluginData as string), watchFiles: [args.pluginData as string] }));
    },
  };
}

/** How esbuild loads what site files import: JSX in `.js` (Docusaurus allows it); images a stylesheet's url() names inline. */
export const SITE_FILE_LOADERS = { '.js': 'jsx', '.svg': 'dataurl', '.png': 'dataurl', '.jpg': 'dataurl', '.gif': 'dataurl', '.webp': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl' } as const;

function plugins(siteRoot: string, baseUrl: string, onCssModule: (file: string) => void, onAsset: (copy: AssetCopy) => void): Plugin[] {
  return [
    assetModulesPlugin(siteRoot, baseUrl, onAsset),
    {
      name: 'our-modules',
      setup(b) {
        // A CommonJS package (`require('react')`) gets a path for the `require` of the bundle's banner; ESM a URL.
        b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: args.kind === 'require-call' ? require.resolve(args.path) : pathToFileURL(require.resolve(args.path)).href, external: true }));
        b.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) =>
          PROVIDED_MODULES.includes(args.path) ? { path: args.path, namespace: 'provided' } : { errors: [{ text: `"${args.path}" is not a module we provide (we have ${PROVIDED_MODULES.join(', ')}).` }] },
        );
        b.onLoad({ filter: /.*/, namespace: 'provided' }, (args) => {
          const names = Object.keys(((globalThis as Record<symbol, Record<string, Record<string, unknown>>>)[REGISTRY] ?? {})[args.path] ?? {}).filter((n) => n !== 'default');
          const from = `globalThis[Symbol.for('cheatsheet.mdx.modules')][${JSON.stringify(args.path)}]`;
          return { contents: `const m = ${from};\nexport default m.default;\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}`, loader: 'js' };
        });
      },
    },
    siteFilesPlugin(siteRoot, onCssModule),
  ];
}

/** An npm package's key in the bundle map: never a file path. */
const PACKAGE_KEY = 'package:';

async function bundle(file: string, siteRoot: string, baseUrl: string): Promise<Bundled> {
  // CSS imported by a page is bundled through a two-line module that hands a CSS module's class map on; an npm
  // package through one that hands its namespace on (CommonJS or ESM alike, as esbuild interoperates them).
  const spec = file.startsWith(PACKAGE_KEY) ? file.slice(PACKAGE_KEY.length) : undefined;
  const stdin =
    spec !== undefined
      ? { contents: `import * as m from ${JSON.stringify(spec)};\nexport const namespace = m;`, resolveDir: siteRoot, loader: 'js' as const }
      : file.endsWith('.css')
        ? { contents: `import * as m from ${JSON.stringify(file)};\nexport default m.default ?? {};`, resolveDir: dirname(file), loader: 'js' as const }
        : // An SVG imported by a page: its component, made by the asset-module plugin as for any importer.
          isSvg(file)
          ? { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: dirname(file), loader: 'js' as const }
          : undefined;
  const cssModules: string[] = [];
  const assets: AssetCopy[] = [];
  const out = await build({
    ...(stdin ? { stdin } : { entryPoints: [file] }),
    bundle: true,
    write: false,
    outdir: resolve(siteRoot, '.cheatsheet-components'),
    absWorkingDir: siteRoot,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: SITE_FILE_LOADERS,
    plugins: plugins(siteRoot, baseUrl, (f) => cssModules.push(f), (copy) => assets.push(copy)),
    // The bundle runs from a data: URL, where ESM has no `require`: CommonJS code reaches our React through this one.
    banner: { js: `import { createRequire as __cheatsheetRequire } from 'node:module';\nconst require = __cheatsheetRequire(${JSON.stringify(import.meta.url)});` },
    metafile: true,
  });
  // Paths in the metafile are relative to absWorkingDir; CSS modules load under other names (cssModuleName).
  const inputs = [...Object.keys(out.metafile.inputs).map((p) => p.replace(/^svg-component:/, '')).filter((p) => !p.includes(':')).map((p) => resolve(siteRoot, p)), ...cssModules, ...assets.map((a) => a.abs), ...(stdin && !spec ? [file] : [])];
  const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  // esbuild heads each part with a comment naming its source file: no use in a page.
  const css = (out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '').replace(/^\/\* .* \*\/\n/gm, '').trim();
  const module = (await importModule(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`)) as Record<string, unknown>;
  const exports = spec !== undefined ? (module.namespace as Record<string, unknown>) : module;
  return { exports, css, cssFiles: css ? inputs.filter((p) => p.endsWith('.css')) : [], assets, inputs: inputs.map((path) => ({ path, stamp: stampOf(path) })) };
}

type Loaded = { value: unknown; styles: string[]; styleFiles: string[]; assets: AssetCopy[] };

/** One export of a site file (a component, a CSS module's class map), with the CSS it brings. */
export async function loadSiteModule(file: string, siteRoot: string, exported: string, local: string, where: { file: string; line?: number }, baseUrl = '/'): Promise<Loaded> {
  return loadBundled(file, siteRoot, exported, local, where, baseUrl);
}

/** One export of an npm package the site installed (`import Embed from 'react-embed'`), with the CSS it brings. */
export async function loadPackageModule(specifier: string, siteRoot: string, exported: string, local: string, where: { file: string; line?: number }, baseUrl = '/'): Promise<Loaded> {
  return loadBundled(PACKAGE_KEY + specifier, siteRoot, exported, local, where, baseUrl);
}

async function loadBundled(file: string, siteRoot: string, exported: string, local: string, where: { file: string; line?: number }, baseUrl: string): Promise<Loaded> {
  const spec = file.startsWith(PACKAGE_KEY) ? file.slice(PACKAGE_KEY.length) : undefined;
  // The URLs of the files it imports start with the base URL: a bundle per base URL.
  const key = `${baseUrl}\0${file}`;
  let module = loaded.get(key);
  if (!module || !(await isCurrent(module))) loaded.set(key, (module = bundle(file, siteRoot, baseUrl)));
  let bundled: Bundled;
  try {
    bundled = await module;
  } catch (err) {
    loaded.delete(key);
    const first = (err as { errors?: { text: string; location?: { file: string; line: number } }[] }).errors?.[0];
    const missing = spec !== undefined && first?.text.startsWith(`Could not resolve ${JSON.stringify(spec)}`);
    if (missing) throw new ContentError(`"${local}" cannot be resolved: the npm package "${spec}" is not installed in the site.`, where, { hint: `Install it in the site's folder (npm i ${spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')}), or remove the import.` });
    throw new ContentError(`"${local}" could not be bundled: ${first ? `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}` : (err as Error).message}`, where, { hint: spec !== undefined ? `The package "${spec}" must run in Node and in the browser: check it is meant for React pages.` : 'Fix the imported file.' });
  }
  const value = exported === '*' ? bundled.exports : bundled.exports[exported];
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) throw new ContentError(`"${local}" cannot be resolved: ${spec !== undefined ? `the package "${spec}"` : 'its file'} has no export "${exported}".`, where, { hint: 'Export it (e.g. `export default function …`).' });
  return { value, styles: bundled.css ? [bundled.css] : [], styleFiles: bundled.cssFiles, assets: bundled.assets };
}
