// First half of loading site.config.ts: esbuild compiles it (it is TypeScript and may import helpers). Kept
// apart from validation (zod) and the rest of the build so the CLI can start it first thing: esbuild's
// process then starts and compiles on the other core while this one loads the build's modules. esbuild is
// imported only to compile: a build that finds the compiled config in its cache (compile-cache.ts) never
// loads it.
import type { BuildFailure, Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { ConfigError } from '../errors.ts';
import { packageRoot } from '../paths.ts';

export const CONFIG_FILE = 'site.config.ts';

export interface CompiledConfig {
  /** The file as messages name it. */
  shown: string;
  code: string;
  /** Every file esbuild read to make `code` (absolute paths); absent when one was not a plain file. */
  inputs?: string[];
  /**
   * Set when the compiled code came fresh and may be kept in the build cache: called by a build that
   * succeeded, so that a refused or failed build leaves the site's folder as it found it.
   */
  keep?: () => void;
}

/**
 * `import … from 'cheatsheet'` is bundled from the running cheatsheet: a site whose config imports the package
 * gets the same copy as the CLI reading it, and this repository's own config (its node_modules holds no
 * `cheatsheet`, and Node's self-reference does not reach the compiled file under node_modules/.cache) works too.
 */
const selfPackage: Plugin = {
  name: 'cheatsheet-self',
  setup(b) {
    b.onResolve({ filter: /^cheatsheet$/ }, () => {
      const source = join(packageRoot(), 'renderer', 'index.ts');
      return { path: existsSync(source) ? source : join(packageRoot(), 'dist', 'index.js') };
    });
  },
};

export async function compileConfig(root: string, file = CONFIG_FILE): Promise<CompiledConfig> {
  const path = resolve(root, file);
  const shown = relative(process.cwd(), path) || path;
  if (!existsSync(path)) {
    throw new ConfigError(`No configuration file: ${shown} does not exist.`, { hint: 'Run cheatsheet from the folder that holds site.config.ts, or pass --root.' });
  }
  // Required, not imported: import() of this CommonJS package has Node's loader scan esbuild's 97 KB main.js
  // with its CommonJS lexer for named exports, ~50 ms more of a cold build's CPU (session 31).
  const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  try {
    const result = await build({ entryPoints: [path], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', packages: 'external', plugins: [selfPackage], logLevel: 'silent', metafile: true });
    const inputs = Object.keys(result.metafile.inputs);
    // Paths relative to esbuild's working folder (the current one); a namespace (`ns:path`) is not a file.
    const files = inputs.every((f) => !/^[a-z-]+:/i.test(f)) ? inputs.map((f) => resolve(f)) : undefined;
    return { shown, code: result.outputFiles[0]!.text, ...(files ? { inputs: files } : {}) };
  } catch (err) {
    const failure = err as BuildFailure;
    const first = failure.errors?.[0];
    if (!first) throw err;
    const loc = first.location;
    throw new ConfigError(`Syntax error in ${shown}: ${first.text}`, {
      location: loc ? { file: shown, line: loc.line, column: loc.column + 1 } : { file: shown },
      details: failure.errors.slice(1).map((e) => `${e.location ? `${shown}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`),
    });
  }
}

/**
 * Starts compiling now; the promise is observed by whoever loads the config (no unhandled rejection). With
 * `cacheDir` (the build cache's folder), an unchanged config is taken from there instead.
 */
export function startCompilingConfig(root: string, file?: string, cacheDir?: string): Promise<CompiledConfig> {
  const compiled = cacheDir ? import('./compile-cache.ts').then((m) => m.compileConfigCached(root, file, cacheDir)) : compileConfig(root, file);
  compiled.catch(() => undefined);
  return compiled;
}
