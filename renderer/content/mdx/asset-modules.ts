// Images and files taken as modules — `require('./x.png').default`, `import shot from '@site/static/img/x.png'`
// — in an MDX page, a partial or a site component, as Docusaurus's webpack gives them: the URL of a copy named
// with a content hash, base URL applied (webpack's `{default: url}` shape for require()). The server's compile,
// the site components' bundles and the browser's island bundle all take the URL from here, so the server's HTML
// and the browser's hydration agree on it (esbuild alone would inline a data URL in the browser).
import type { Plugin } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { hashedCopy, type AssetCopy } from '../assets.ts';
import { isSvg, svgComponentCode } from './svg-component.ts';

/** What a module import means as code: everything else a page or component imports is a file to link to. */
const CODE = new Set(['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.mts', '.cts', '.json', '.css', '.md', '.mdx', '.node', '.wasm']);

/** A specifier of a file with an extension that is not code (an image, a PDF, a video…). */
export function isAssetModule(specifier: string): boolean {
  const ext = extname(specifier.split(/[?#]/, 1)[0]!).toLowerCase();
  return ext !== '' && !CODE.has(ext);
}

/** The file a relative or `@site/` specifier names, seen from the file that writes it. */
export function assetFile(specifier: string, fromFile: string, siteRoot: string): string {
  const path = specifier.split(/[?#]/, 1)[0]!;
  return path.startsWith('@site/') ? resolve(siteRoot, path.slice('@site/'.length)) : resolve(dirname(fromFile), path);
}

export const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** The URL a module import of `abs` gives, and the copy that serves it. */
export const assetModule = (abs: string, baseUrl: string): { url: string; copy: AssetCopy } => hashedCopy(abs, baseUrl);

const NAMESPACE = 'asset-module';
const SVG_NAMESPACE = 'svg-component';
/** Import kinds that are modules; a CSS `url()` keeps esbuild's own loaders. */
const MODULE_KINDS = new Set(['import-statement', 'require-call', 'dynamic-import', 'require-resolve']);

/**
 * esbuild: a non-code file imported or required by JavaScript or MDX becomes a module whose default export is
 * its URL — an SVG, a React component (svg-component.ts). `onCopy` receives each file to write.
 */
export function assetModulesPlugin(siteRoot: string, baseUrl: string, onCopy: (copy: AssetCopy) => void): Plugin {
  return {
    name: 'asset-modules',
    setup(b) {
      b.onResolve({ filter: /\.[A-Za-z0-9]+([?#].*)?$/ }, async (args) => {
        if (!MODULE_KINDS.has(args.kind) || !isAssetModule(args.path) || (args.pluginData as { assetModule?: boolean } | undefined)?.assetModule) return undefined;
        if (args.path.startsWith('@site/') || args.path.startsWith('.') || args.path.startsWith('/')) {
          const abs = args.path.startsWith('/') ? args.path.split(/[?#]/, 1)[0]! : assetFile(args.path, resolve(args.resolveDir, 'x'), siteRoot);
          return isFile(abs) ? { path: abs, namespace: isSvg(abs) ? SVG_NAMESPACE : NAMESPACE } : { errors: [{ text: `Could not resolve "${args.path}" (looked for ${abs})` }] };
        }
        // A package's file (`some-package/img/logo.png`): found where esbuild would find it.
        const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { assetModule: true } });
        return found.errors.length ? { errors: found.errors } : { path: found.path, namespace: isSvg(found.path) ? SVG_NAMESPACE : NAMESPACE };
      });
      // The component's JSX imports React: resolved from the SVG's folder like the site's own files.
      b.onLoad({ filter: /.*/, namespace: SVG_NAMESPACE }, async (args) => ({ contents: await svgComponentCode(args.path), loader: 'jsx', resolveDir: dirname(args.path), watchFiles: [args.path] }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const { url, copy } = assetModule(args.path, baseUrl);
        onCopy(copy);
        return { contents: `export default ${JSON.stringify(url)};`, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}
