// Compiles the node side (cli/ + renderer/) into ESM chunks so the CLI starts fast: no TypeScript loader at
// run time, and the dependencies bundled in. Loading them from node_modules meant ~800 small module files
// (zod alone ~200), and importing the build took ~200 ms of a ~2 s build; bundled it takes ~85 ms. Kept
// external: React (the templates bundle imports the same copy at build time), esbuild (a native binary),
// chokidar (optional native fsevents), shiki (grammars and themes load lazily, one file each) and SVGR (Babel
// resolves its presets at run time; loaded only by sites that import an SVG).
// Templates are not part of it: they are bundled into dist/theme/ by the last step below, and a build or
// `serve` bundles them again whenever one of their files differs from what that step saw.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * js-yaml 3 (gray-matter's YAML engine) requires esprima when it loads, behind a `require` alias the bundler
 * cannot see, for its `!!js/function` tag. That tag exists only in its full schema, which runs code;
 * gray-matter parses with the safe one (and renderer/content/front-matter-language.ts refuses code-running
 * front matter anyway). Loading esprima from node_modules cost every process and worker that reads YAML
 * ~10 ms of CPU for a parser nothing calls: the bundled js-yaml finds no esprima, as in its browser build.
 */
const noEsprima = {
  name: 'no-esprima',
  setup(b) {
    b.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const lookup = "esprima = _require('esprima');";
      // A js-yaml that loads esprima some other way must be looked at again, not bundled as it is.
      if (!source.includes(lookup)) throw new Error(`${path}: js-yaml no longer loads esprima as scripts/compile-cli.mjs expects; update the no-esprima plugin`);
      return { contents: source.replace(lookup, 'esprima = undefined;'), loader: 'js' };
    });
  },
};
// Chunk names are content-hashed: without a clean folder, old chunks would pile up. dist/types/ (the public
// declarations, made by prepack) stays: npm pack runs prepare, hence this script, after prepack.
const dist = new URL('../dist/', import.meta.url);
if (existsSync(dist)) for (const name of readdirSync(dist)) if (name !== 'types') rmSync(new URL(name, dist), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'cli/main.ts', index: 'renderer/index.ts', 'build-worker': 'renderer/workers/worker.ts', 'prebuild-theme': 'renderer/bundle/prebuild-theme.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'chokidar', 'fsevents', 'shiki', 'shiki/*', '@shikijs/*', '@svgr/*'],
  // Bundled CommonJS dependencies (gray-matter, js-yaml) call require() for Node built-ins.
  banner: { js: "import { createRequire as __cheatsheetRequire } from 'node:module'; const require = __cheatsheetRequire(import.meta.url);" },
  sourcemap: 'linked',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [noEsprima],
  logLevel: 'warning',
});

// The theme's browser bundle and server templates, made once here instead of in every build.
const { prebuildTheme } = await import(new URL('../dist/prebuild-theme.js', import.meta.url).href);
await prebuildTheme();
