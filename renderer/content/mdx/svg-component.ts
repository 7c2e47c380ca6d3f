// An SVG taken as a module by JavaScript or MDX — `import Logo from './logo.svg'`, `require('@site/static/img/x.svg')
// .default` — is a React component that renders the SVG inline, as Docusaurus makes it with SVGR (its props — className,
// title, role… — reach the <svg>). The server's bundles and the browser's island bundle load the same generated code
// (asset-modules.ts), so the markup hydrates unchanged. Markdown's `![](./x.svg)` stays an image URL (markdown-assets.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config, ConfigPlugin } from '@svgr/core';

/**
 * Docusaurus 3's SVGR options (SVGO's default preset, keeping <title> and viewBox; a `title` prop), plus ids
 * prefixed by the file's name: the preset shortens every id to `a`, `b`…, so two inline SVGs on one page
 * would otherwise point at each other's gradients, masks and clip paths.
 */
const SVGO_CONFIG = {
  plugins: [{ name: 'preset-default', params: { overrides: { removeTitle: false, removeViewBox: false } } }, { name: 'prefixIds' }],
} as Config['svgoConfig'];

export const isSvg = (path: string) => /\.svg$/i.test(path.split(/[?#]/, 1)[0]!);

// SVGR brings Babel and SVGO (~0.5 s of CPU to load): only sites that import an SVG pay for it.
type Svgr = { transform: typeof import('@svgr/core').transform; plugins: ConfigPlugin[] };
let svgr: Promise<Svgr> | undefined;
const loadSvgr = () =>
  (svgr ??= Promise.all([import('@svgr/core'), import('@svgr/plugin-svgo'), import('@svgr/plugin-jsx')]).then(([core, svgo, jsx]) => ({
    transform: core.transform,
    // CommonJS packages: Node's default export is their module.exports, the plugin function itself.
    plugins: [svgo.default as unknown as ConfigPlugin, jsx.default as unknown as ConfigPlugin],
  })));

// By path and content: an edited SVG (in `serve`) is a new entry, never a stale one.
const generated = new Map<string, Promise<string>>();

/** The JSX module (default export: the component) for the SVG file `abs`. A malformed SVG rejects, naming the file. */
export function svgComponentCode(abs: string): Promise<string> {
  const svg = readFileSync(abs, 'utf8');
  const key = `${abs}\0${createHash('sha1').update(svg).digest('hex')}`;
  let code = generated.get(key);
  if (!code) {
    code = loadSvgr().then(async ({ transform, plugins }) => {
      try {
        return await transform(svg, { plugins, svgo: true, svgoConfig: SVGO_CONFIG, titleProp: true, jsxRuntime: 'automatic', prettier: false }, { filePath: abs });
      } catch (err) {
        throw new Error(`${abs} is not an SVG SVGR can read: ${(err as Error).message.split('\n', 1)[0]}`);
      }
    });
    code.catch(() => generated.delete(key));
    generated.set(key, code);
  }
  return code;
}
