// Loads the templates for server rendering: esbuild bundles templates/server.tsx and every custom page
// module into one file that is imported fresh (content-hashed name), so `serve` picks up template edits.
// The theme's own bundle is made ahead of time by the compile step (see bundle/prebuilt.ts).
// esbuild is imported when the templates must be bundled: the prebuilt ones are imported as they are.
import type { BuildFailure, Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { TemplateError } from '../errors.ts';
import { importModule } from '../import-module.ts';
import type { RouteData, SiteData } from '../shared/types.ts';
import { packageRoot } from '../paths.ts';
import { prebuiltTemplates, type ThemeKey, type ThemeMemo } from '../bundle/prebuilt.ts';
import { generatedModule } from '../cache/generated-modules.ts';

export interface Templates {
  /** `memo: false` renders every sidebar category instead of reusing the HTML of those a page is not in. */
  renderApp: (site: SiteData, route: RouteData, page?: ComponentType, options?: { memo?: boolean }) => string;
  colorModeScript: (defaultMode: 'light' | 'dark', respect: boolean) => string;
  announcementScript: (id: string) => string;
  pages: Record<string, ComponentType>;
  /** Every source file the bundle read: what `serve` watches for this stage. */
  inputs: string[];
  /** The compiled module: what a build's worker threads import to render their share of the pages. */
  file: string;
  /**
   * Imports the module when `loadTemplates` deferred it (`lazy`): the functions above work once this has
   * resolved. A warm build whose pages are all kept never renders one, and skips loading React.
   */
  ready?: () => Promise<void>;
}

/**
 * Custom page modules: the site's own `templates/pages/*` first, then the theme's. A site overrides a
 * theme page by giving a module of the same name.
 */
export function pageModules(root: string): { name: string; file: string }[] {
  const found = new Map<string, string>();
  for (const dir of [join(root, 'templates', 'pages'), join(packageRoot(), 'templates', 'pages')]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!/\.(tsx|jsx|ts|js)$/.test(f) || f.includes('.test.')) continue;
      const name = f.replace(/\.[^.]+$/, '');
      if (!found.has(name)) found.set(name, join(dir, f));
    }
  }
  return [...found].map(([name, file]) => ({ name, file }));
}

/** The client folder and page modules a site's bundles are made of (what a prebuilt theme must match). */
export function themeKey(root: string): ThemeKey {
  return { clientDir: existsSync(join(root, 'client')) ? join(root, 'client') : join(packageRoot(), 'client'), pages: pageModules(root) };
}

/** `lazy`: the module is imported by `ready()` (its files are bundled and known at once: they key the pages). */
/** `memo`: a file for the prebuilt theme's check (bundle/prebuilt.ts), with the build cache. */
export async function loadTemplates(templatesDir: string, root: string, options: { lazy?: boolean; memo?: ThemeMemo } = {}): Promise<Templates> {
  const key = themeKey(root);
  const { pages } = key;
  // The theme's own templates come ready-made from the compile step when none of their files has changed.
  const prebuilt = templatesDir === join(packageRoot(), 'templates') ? prebuiltTemplates(key, undefined, options.memo) : undefined;
  const { file, inputs } = prebuilt ?? (await bundleTemplatesToCache(templatesDir, root));
  const load = async (): Promise<Templates> => {
    const { resolved, mod } = await importTemplates(file, pages, root);
    if (!resolved.home) throw new TemplateError(`No home page module: ${relative(root, join(templatesDir, 'pages', 'home.tsx'))} is missing.`, { hint: 'Create templates/pages/home.tsx with a default export.' });
    return { renderApp: mod.renderApp, colorModeScript: mod.colorModeScript, announcementScript: mod.announcementScript, pages: resolved, inputs, file };
  };
  if (!options.lazy) return load();
  let loaded: Templates | undefined;
  let loading: Promise<void> | undefined;
  const the = (): Templates => {
    if (!loaded) throw new Error('The templates were used before ready() resolved.');
    return loaded;
  };
  return {
    renderApp: (...args) => the().renderApp(...args),
    colorModeScript: (...args) => the().colorModeScript(...args),
    announcementScript: (...args) => the().announcementScript(...args),
    get pages() {
      return the().pages;
    },
    inputs,
    file,
    ready: () => (loading ??= load().then((t) => void (loaded = t))),
  };
}

/** Templates another thread already compiled and checked (`file` of its Templates). */
export async function importTemplatesFile(file: string, root: string): Promise<Templates> {
  const { resolved, mod } = await importTemplates(file, pageModules(root), root);
  return { renderApp: mod.renderApp, colorModeScript: mod.colorModeScript, announcementScript: mod.announcementScript, pages: resolved, inputs: [], file };
}

/** One ESM file holding templates/server.tsx and every page module (React and other packages external). */
export async function bundleTemplates(templatesDir: string, root: string): Promise<{ code: string; inputs: string[] }> {
  const pages = pageModules(root);
  const entry = [
    `export * from ${JSON.stringify(join(templatesDir, 'server.tsx'))};`,
    ...pages.map((p, i) => `import * as page${i} from ${JSON.stringify(p.file)};`),
    `export const pages = {${pages.map((p, i) => `${JSON.stringify(p.name)}: page${i}`).join(', ')}};`,
  ].join('\n');
  const { build } = await import('esbuild');
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: templatesDir, loader: 'tsx', sourcefile: 'ssr-entry.tsx' },
      absWorkingDir: packageRoot(),
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [stringRendererOnly],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.startsWith('<') && !f.includes('node_modules'))
      .map((f) => join(packageRoot(), f))
      // The entry itself (stdin) is listed under a name of its own: no file.
      .filter((f) => existsSync(f));
    return { code: result.outputFiles[0]!.text, inputs };
  } catch (err) {
    const failure = err as BuildFailure;
    if (!failure.errors?.length) throw err;
    throw new TemplateError('The templates do not compile:', {
      details: failure.errors.map((e) => `${e.location ? `${relative(root, join(packageRoot(), e.location.file)) || e.location.file}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`),
    });
  }
}

/**
 * `react-dom/server` loads both of React's server renderers, the streaming one (~300 KB) too, which the
 * templates never call: `renderToString` is the legacy renderer's, and `react-dom/server` re-exports that very
 * function. So the bundle requires the legacy renderer alone (React's own choice of its build by NODE_ENV,
 * read at run time as the entry does; by require, since Node lexes a CommonJS module imported as ESM for its
 * export names: 264 KB). A React whose files are laid out otherwise gets the entry, as before. Loading React's
 * renderer: 18 → 7 ms of CPU, on every thread that renders.
 * React itself and its JSX runtime are required too, for the same reason (session 31): each is a CommonJS
 * module that re-exports its build, which Node's lexer scanned for names (import() against require() of both:
 * +152 M instructions, ~20 ms). Each becomes a CommonJS module of the bundle whose exports are the package's
 * as required, so esbuild reads a named import as a property of them and needs no list of names.
 */
const REQUIRED_PACKAGES = /^react(\/jsx-runtime)?$/;

/**
 * A required package as an ES module of the bundle, its exports named as the package has them here (the
 * React the bundle requires at run time, from the same node_modules): a named import is then a variable of
 * the bundle. A CommonJS module of the bundle is reached through esbuild's interop object, whose getters
 * every `jsx()` call and hook went through (session 34: ~2 % of the render's CPU, sampled).
 */
function requiredModule(path: string): string {
  const names = Object.keys(createRequire(join(packageRoot(), 'package.json'))(path) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return [
    "import { nodeRequire } from 'cheatsheet:node-require';",
    `const m = nodeRequire(${JSON.stringify(path)});`,
    'export default m;',
    names.length ? `export const { ${names.join(', ')} } = m;` : '',
  ].join('\n');
}

const stringRendererOnly: Plugin = {
  name: 'cheatsheet-react-string-renderer',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: 'react-dom/server', namespace: 'cheatsheet-react-server' }));
    b.onLoad({ filter: /.*/, namespace: 'cheatsheet-react-server' }, () => ({
      loader: 'js',
      contents: `import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nodeRequire as require } from 'cheatsheet:node-require';
const entry = require.resolve('react-dom/server');
const env = process.env;
const legacy = join(dirname(entry), 'cjs', 'react-dom-server-legacy.node.' + (env.NODE_ENV === 'production' ? 'production' : 'development') + '.js');
export const { renderToString } = require(existsSync(legacy) ? legacy : entry);
`,
    }));
    b.onResolve({ filter: REQUIRED_PACKAGES }, (args) => ({ path: args.path, namespace: 'cheatsheet-required' }));
    b.onLoad({ filter: /.*/, namespace: 'cheatsheet-required' }, (args) => ({ loader: 'js', contents: requiredModule(args.path) }));
    // Node's require, relative to the bundle's file (below node_modules/.cache): one for the whole bundle.
    b.onResolve({ filter: /^cheatsheet:node-require$/ }, () => ({ path: 'node-require', namespace: 'cheatsheet-node-require' }));
    b.onLoad({ filter: /.*/, namespace: 'cheatsheet-node-require' }, () => ({
      loader: 'js',
      contents: "import { createRequire } from 'node:module';\nexport const nodeRequire = createRequire(import.meta.url);\n",
    }));
  },
};

/** Bundles the templates into a content-hashed file below node_modules/.cache (imported fresh when edited). */
async function bundleTemplatesToCache(templatesDir: string, root: string): Promise<{ file: string; inputs: string[] }> {
  const { code, inputs } = await bundleTemplates(templatesDir, root);
  const cacheDir = join(packageRoot(), 'node_modules', '.cache', 'cheatsheet');
  const file = generatedModule(cacheDir, 'ssr.', createHash('sha256').update(code).digest('hex').slice(0, 16), code);
  return { file, inputs };
}

type TemplatesModule = Omit<Templates, 'pages' | 'inputs' | 'file'> & { pages: Record<string, { default?: unknown }> };

async function importTemplates(file: string, pages: { name: string; file: string }[], root: string) {
  // React's server renderer is loaded from node_modules by the bundle and picks its development build (several
  // times slower, and far more garbage) unless told otherwise. Tests set NODE_ENV themselves.
  process.env.NODE_ENV ??= 'production';
  const mod = (await importModule(pathToFileURL(file).href)) as TemplatesModule;
  const resolved: Record<string, ComponentType> = {};
  for (const p of pages) {
    const component = mod.pages[p.name]?.default;
    if (typeof component !== 'function') {
      throw new TemplateError(`The page module ${relative(root, p.file) || p.file} has no default export: nothing can be rendered for it.`, {
        location: { file: relative(root, p.file) || p.file },
        hint: 'Export the page component as the default export: `export default function Page() { … }`.',
      });
    }
    resolved[p.name] = component as ComponentType;
  }
  return { resolved, mod };
}
