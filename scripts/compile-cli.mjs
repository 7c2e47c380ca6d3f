// Compiles the node side (cli/ + renderer/) into ESM chunks so the CLI starts fast: no TypeScript loader at
// run time, and the dependencies bundled in. Loading them from node_modules meant ~800 small module files
// (zod alone ~200), and importing the build took ~200 ms of a ~2 s build; bundled it takes ~85 ms. Kept
// external: React (the templates bundle imports the same copy at build time), esbuild (a native binary),
// chokidar (optional native fsevents), shiki (grammars and themes load lazily, one file each) with its regex
// translator oniguruma-to-es (one copy with shiki's engine) and SVGR (Babel resolves its presets at run time;
// loaded only by sites that import an SVG).
// Templates are not part of it: they are bundled into dist/theme/ by the last step below, and a build or
// `serve` bundles them again whenever one of their files differs from what that step saw.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Script } from 'node:vm';
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
const external = ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'chokidar', 'fsevents', 'shiki', 'shiki/*', '@shikijs/*', 'oniguruma-to-es', '@svgr/*'];
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'cli/main.ts', 'cold-start': 'cli/cold-start.ts', 'cold-thread': 'cli/cold-thread.ts', index: 'renderer/index.ts', 'build-worker': 'renderer/workers/worker.ts', 'prebuild-theme': 'renderer/bundle/prebuild-theme.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Bundled CommonJS dependencies (gray-matter, js-yaml) call require() for Node built-ins.
  banner: { js: "import { createRequire as __cheatsheetRequire } from 'node:module'; const require = __cheatsheetRequire(import.meta.url);" },
  sourcemap: 'linked',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [noEsprima],
  logLevel: 'warning',
});

await buildScript();

// Grammar patterns translated for shiki's JavaScript engine once here, not in every process that highlights.
const { writeShikiRegexes } = await import('./shiki-regexes.mjs');
await writeShikiRegexes(root, fileURLToPath(new URL('shiki-regexes/', dist)));

// The theme's browser bundle and server templates, made once here instead of in every build.
const { prebuildTheme } = await import(new URL('../dist/prebuild-theme.js', import.meta.url).href);
await prebuildTheme();

/**
 * dist/build-script.js: renderer/build.ts and everything it imports as one script, which a warm build runs
 * with V8's code cache (cli/build-script.ts says why). The same sources as the modules above, bundled as
 * CommonJS inside `(function (require, __cheatsheetHost) { … })`: strict, like the modules; `import.meta.url`
 * is the URL of the CLI's module that runs it (in dist/ too, so paths found from it are the same); import()
 * of a bundled module becomes a call of its code, of an external package a require() (Node ≥ 20.19 requires
 * ES modules too, cli/build-script.ts checks it can); a few modules are the CLI's own (HOST_MODULES). The first
 * line names a hash of the rest: the code cache is kept for that script only.
 */
async function buildScript() {
  // The keys are the ones cli/build-script.ts passes (HOST_MODULES there).
  const HOST_MODULES = ['renderer/errors.ts', 'renderer/problems.ts', 'renderer/import-module.ts'];
  const hostModules = {
    name: 'host-modules',
    setup(b) {
      const hosted = new Map(HOST_MODULES.map((m) => [fileURLToPath(new URL(`../${m}`, import.meta.url)), m]));
      b.onResolve({ filter: /\.ts$/ }, async (args) => {
        if (args.namespace === 'host-module' || args.pluginData === 'host-modules') return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'host-modules' });
        const name = hosted.get(resolved.path);
        return name ? { path: name, namespace: 'host-module' } : resolved;
      });
      b.onLoad({ filter: /.*/, namespace: 'host-module' }, ({ path }) => ({
        loader: 'js',
        contents: `const m = __cheatsheetHost.modules[${JSON.stringify(path)}];\nif (!m) throw new Error(${JSON.stringify(`cheatsheet: the build script needs ${path} from the CLI`)});\nmodule.exports = m;\n`,
      }));
    },
  };
  const header = '(function (require, __cheatsheetHost) { // cheatsheet build script ';
  const placeholder = '0'.repeat(40);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['renderer/build.ts'],
    outfile: 'dist/build-script.js',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    define: { 'import.meta.url': '__cheatsheetHost.url' },
    supported: { 'dynamic-import': false },
    banner: { js: `${header}${placeholder}\n"use strict";\nconst module = { exports: {} };` },
    footer: { js: 'return module.exports;\n})' },
    // Without comments and indentation: 3.2 → 2.2 MB to read on each warm build (identifiers stay, so do
    // stack traces' names; the source map has the rest).
    minifyWhitespace: true,
    // Licences in a file of their own (build-script.js.LEGAL.txt): the script itself is then plain ASCII but
    // for regular expressions (see asciiOnly).
    legalComments: 'linked',
    sourcemap: 'linked',
    plugins: [noEsprima, hostModules],
    write: false,
    logLevel: 'silent',
  });
  if (result.warnings.length) throw new Error(`dist/build-script.js: ${result.warnings.map((w) => w.text).join('; ')}`);
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.js')) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    const body = file.text.slice(file.text.indexOf('\n') + 1);
    if (!file.text.startsWith(header + placeholder)) throw new Error('dist/build-script.js: esbuild no longer starts the output with the banner');
    // An import() whose module is named at run time would have become require(<expression>): it must go
    // through renderer/import-module.ts (a file: URL is no require() path, and a script cannot import).
    const computed = /__toESM\(require\((?!["'])/.exec(body);
    if (computed) throw new Error(`dist/build-script.js: an import() of a computed specifier was turned into require(): use importModule() (renderer/import-module.ts) near ${JSON.stringify(body.slice(computed.index - 80, computed.index + 40))}`);
    const ascii = asciiOnly(body, `${header}${placeholder}\n`);
    writeFileSync(file.path, `${header}${createHash('sha1').update(ascii).digest('hex')}\n${ascii}`);
  }
}

/**
 * The script with its regular expressions' non-ASCII characters written as \u escapes, which match the same.
 * esbuild escapes them everywhere else (strings, templates, names) but not in regular expressions, and one
 * such character makes V8 hold the whole 2.2 MB source as two bytes a character, which takes ~10 ms more to
 * read on each warm build. Each is checked to be in a regular expression: a line break there, and only
 * there (not in a template literal, where escaping would change String.raw), makes the script a syntax error.
 */
function asciiOnly(code, before) {
  const compiles = (text) => {
    try {
      new Script(before + text);
      return true;
    } catch {
      return false;
    }
  };
  const found = [...code.matchAll(/[^\x00-\x7f]/gu)];
  for (const { index } of found) {
    let slashes = 0;
    while (code[index - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 1 || compiles(`${code.slice(0, index)}\n${code.slice(index)}`)) {
      throw new Error(`dist/build-script.js: a non-ASCII character outside a regular expression, or escaped in one (scripts/compile-cli.mjs, asciiOnly): ${JSON.stringify(code.slice(index - 60, index + 20))}`);
    }
  }
  const escape = (c) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  const ascii = code.replace(/[^\x00-\x7f]/gu, escape);
  if (!compiles(code) || (found.length && !compiles(ascii))) throw new Error('dist/build-script.js: does not compile, as made or once its non-ASCII characters are escaped (scripts/compile-cli.mjs, asciiOnly)');
  return ascii;
}
