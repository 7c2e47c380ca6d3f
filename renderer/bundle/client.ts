// Bundles the browser runtime with esbuild: one entry, shared chunks and one lazily loaded chunk per
// custom page module, minified and content-hashed; the theme CSS beside it. Chunks import each other by
// relative URL (no publicPath), so the bundle does not depend on the site's baseUrl and the theme's own
// can be made ahead of time (prebuilt.ts).
// esbuild is imported when it runs: a build using the prebuilt theme bundle (or its cache) never loads it.
import type { BuildFailure, Metafile } from 'esbuild';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TemplateError } from '../errors.ts';
import { packageRoot } from '../paths.ts';
import { themeKey } from '../render/templates.ts';
import { BROWSER_BUILD } from './browser-build.ts';
import { prebuiltClient, type ClientBundleFiles, type ThemeKey, type ThemeMemo } from './prebuilt.ts';

/** The bundle as pages link to it: the same shape, with public URLs (baseUrl + path) instead of paths. */
export type ClientBundle = ClientBundleFiles;

/**
 * The browser bundle: the prebuilt theme's when it fits (a lookup: its manifest and its inputs' hashes), at
 * once and not as a promise, so that the build's `bundle` phase measures that lookup rather than the
 * content stage's first synchronous stretch (a promise settles only after it); else bundled by esbuild.
 */
export function bundleClient(opts: { root: string; templatesDir: string; baseUrl: string; minify: boolean; memo?: ThemeMemo }): ClientBundle | Promise<ClientBundle> {
  const key = themeKey(opts.root);
  const prebuilt = opts.minify ? prebuiltClient(key, undefined, opts.memo) : undefined;
  return prebuilt ? withUrls(prebuilt, opts.baseUrl) : bundleClientFiles(key, opts).then((files) => withUrls(files, opts.baseUrl));
}

function withUrls(files: ClientBundleFiles, baseUrl: string): ClientBundle {
  const url = (rel: string) => baseUrl + rel;
  return {
    files: files.files,
    entry: url(files.entry),
    preload: files.preload.map(url),
    css: files.css.map(url),
    pageChunks: Object.fromEntries(Object.entries(files.pageChunks).map(([name, rel]) => [name, url(rel)])),
    inputs: files.inputs,
  };
}

/** Runs esbuild: the bundle with paths relative to the output folder. */
export async function bundleClientFiles(key: ThemeKey, opts: { root: string; templatesDir: string; minify: boolean }): Promise<ClientBundleFiles> {
  const pkg = packageRoot();
  const { clientDir, pages } = key;
  const entry = [
    `import { start } from ${JSON.stringify(join(clientDir, 'entry.tsx'))};`,
    `start({${pages.map((p) => `${JSON.stringify(p.name)}: () => import(${JSON.stringify(p.file)})`).join(', ')}});`,
  ].join('\n');
  const css = join(opts.templatesDir, 'theme.css');
  const { build } = await import('esbuild');
  let result;
  try {
    result = await build({
      entryPoints: [{ in: 'cheatsheet-entry', out: 'main' }, ...(existsSync(css) ? [{ in: css, out: 'theme' }] : [])],
      plugins: [
        {
          name: 'entry',
          setup(b) {
            b.onResolve({ filter: /^cheatsheet-entry$/ }, () => ({ path: 'cheatsheet-entry', namespace: 'entry' }));
            b.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({ contents: entry, loader: 'tsx', resolveDir: clientDir }));
          },
        },
      ],
      absWorkingDir: pkg,
      nodePaths: [join(pkg, 'node_modules')],
      ...BROWSER_BUILD,
      splitting: true,
      minify: opts.minify,
      outdir: 'build/assets',
      entryNames: '[dir]/[name].[hash]',
      chunkNames: 'chunk.[hash]',
      assetNames: '[name].[hash]',
    });
  } catch (err) {
    const failure = err as BuildFailure;
    if (!failure.errors?.length) throw err;
    throw new TemplateError('The browser bundle does not compile:', {
      details: failure.errors.map((e) => `${e.location ? `${relative(opts.root, join(pkg, e.location.file))}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`),
    });
  }
  const files = new Map<string, Uint8Array>();
  const outBase = join(pkg, 'build');
  for (const f of result.outputFiles) files.set(relative(outBase, f.path).split('\\').join('/'), f.contents);
  const meta: Metafile = result.metafile;
  const url = (out: string) => relative('build', out).split('\\').join('/');
  let entryOut = '';
  let preload: string[] = [];
  const cssOut: string[] = [];
  const pageChunks: Record<string, string> = {};
  for (const [out, info] of Object.entries(meta.outputs)) {
    if (out.endsWith('.map')) continue;
    if (info.entryPoint === 'entry:cheatsheet-entry') {
      entryOut = url(out);
      preload = info.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path));
    } else if (out.endsWith('.css')) cssOut.push(url(out));
    else if (info.entryPoint) {
      const page = pages.find((p) => relative(pkg, p.file).split('\\').join('/') === info.entryPoint);
      if (page) pageChunks[page.name] = url(out);
    }
  }
  const inputs = Object.keys(meta.inputs).filter((f) => !f.includes(':')).map((f) => join(pkg, f));
  return { files, entry: entryOut, preload, css: cssOut, pageChunks, inputs };
}
