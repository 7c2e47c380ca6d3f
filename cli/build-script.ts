// Where a build's stages come from when the build cache is on: one script with V8's code cache
// (renderer/cache/code-cache.ts) rather than the ES modules. Loading the stages a changed page needs (zod and
// the config schema, the Markdown pipeline, the cache, search, render, links) cost ~60 ms of CPU to parse and
// compile on each warm build, and Node 20 caches no compiled code for ES modules (the script: compiled in
// 54 → 11 ms with the cache, its top level run in 53 → 40 ms, since what it calls is compiled already; loaded
// machine). scripts/compile-cli.mjs makes dist/build-script.js of renderer/build.ts and all it imports (the
// same sources as the modules, as a function of `require` and of what it takes from here). The code cache is
// the CLI's, not a site's: it lives beside the CLI (`codeCacheFile`: the .cache/cheatsheet of the node_modules
// folder the CLI is installed in) and holds nothing of a site, so a cold build of any site — its build cache
// removed — finds the stages compiled once any build has run (session 29: cold 150 × 3 28.73 → 27.96 G
// instructions). `--no-cache` still neither reads nor writes it: it loads the stages as modules.
// A cold build runs the script too and writes the cache, so the first warm build after it
// finds its stages compiled (150 × 3 corpus, the first one-page build: 3.58 → 3.10 G instructions before it
// writes the cache again). The cold build pays little for it: loading the script costs its thread about what
// the modules it replaces do, the Markdown pipeline included (~150–180 ms of CPU either way), and writing the
// cache ~17–25 ms of ~6 s (cold CPU within the noise over 6 pairs; ARCHITECTURE.md). What a warm build alone
// runs (reading the cache's entries) is not in that cache: the first warm build adds it (work kind `cached`,
// see workDone) and writes the cache once more.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CacheStats } from '../renderer/cache/build-cache.ts';
import { CODE_CACHE_FILE } from '../renderer/cache/cache-dir.ts';
import { CLI_CACHE_DIR_ENV, cliCacheDir } from '../renderer/cache/cli-cache.ts';
import { runWithCodeCache } from '../renderer/cache/code-cache.ts';
import { readUtf8InPieces } from '../renderer/cache/pieces.ts';
import * as errors from '../renderer/errors.ts';
import { UserError } from '../renderer/errors.ts';
import * as importModule from '../renderer/import-module.ts';
import { packageRoot } from '../renderer/paths.ts';
import * as problems from '../renderer/problems.ts';
import { capYoungGeneration, checkYoungGeneration } from '../renderer/young-generation.ts';

type BuildModule = typeof import('../renderer/build.ts');

/** The script, in dist/ beside the CLI's modules. */
export const BUILD_SCRIPT = 'build-script.js';

/** `0`: load the build's stages as ES modules, never from the script (for comparing the two). */
export const CODE_CACHE_ENV = 'CHEATSHEET_CODE_CACHE';

/** A folder for the code cache instead of the CLI's own (tests give each site its own). */
export const CODE_CACHE_DIR_ENV = CLI_CACHE_DIR_ENV;

/** Where the code cache of the build script is kept: the CLI's cache folder (renderer/cache/cli-cache.ts). */
export function codeCacheFile(env: NodeJS.ProcessEnv = process.env): string {
  const { dir, given } = cliCacheDir(env);
  return given ? join(dir, 'build-script.bin') : join(dir, CODE_CACHE_FILE);
}

/** `1`: say on stderr whether the code cache was used, and what was written. */
const DEBUG_ENV = 'CHEATSHEET_DEBUG_CODE_CACHE';

/**
 * The modules the script takes from the CLI as loaded here instead of carrying its own copy: the errors, which
 * the CLI tells apart by class (`instanceof`), and import(), which a script cannot make. Named as in
 * scripts/compile-cli.mjs (HOST_MODULES there).
 */
const HOST_MODULES: Record<string, unknown> = { 'renderer/errors.ts': errors, 'renderer/problems.ts': problems, 'renderer/import-module.ts': importModule };

/** The first line of the script names a hash of the rest (scripts/compile-cli.mjs). */
const HEADER = /^\(function \(require, __cheatsheetHost\) \{ \/\/ cheatsheet build script ([0-9a-f]{40})\n/;

export interface LoadedBuild {
  build: BuildModule['build'];
  /**
   * Call once the build succeeded, with what it did: writes the code cache if it was not used, or if this
   * build did work the one that wrote it did not (so it compiled functions the cache lacks).
   */
  done: (stats: CacheStats | undefined) => void;
}

/**
 * The kinds of work a build did, by its cache's counts: a build that processed no doc compiled none of the
 * Markdown pipeline, one that rendered no page none of React's renderer and the templates' glue, and so on;
 * `cached`: it took something from the build cache (a cold build takes nothing, so its code cache lacks that).
 */
export function workDone(stats: CacheStats | undefined): string[] {
  if (!stats) return [];
  const fromCache = stats.docs.cached + stats.pages.cached + stats.search.cached + stats.searchPages.cached + stats.chunks.cached + stats.links.cached + stats.linkCheck.cached;
  const done: [string, number][] = [['docs', stats.docs.processed], ['code', stats.code.highlighted], ['pages', stats.pages.rendered], ['search', stats.search.built], ['chunks', stats.chunks.made], ['links', stats.links.scanned + stats.linkCheck.checked], ['cached', fromCache]];
  return done.filter(([, n]) => n > 0).map(([kind]) => kind);
}

/** Whether the script is to be used: the compiled CLI, a build with the cache (cold or warm), require(esm). */
function scriptFile(cacheDir: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const choice = env[CODE_CACHE_ENV];
  if (choice !== undefined && choice !== '' && choice !== '0' && choice !== '1') {
    throw new UserError('cli', `Invalid ${CODE_CACHE_ENV} "${choice}": give 0 or 1.`, { hint: '0 loads the build as ES modules, without the code cache; 1 or unset: with it, whenever the build cache is on.' });
  }
  if (choice === '0' || !cacheDir) return undefined;
  // The script imports shiki (an ES module) with require(): Node ≥ 20.19 does that unless told not to.
  if (!(process.features as { require_module?: boolean }).require_module) return undefined;
  if (!import.meta.url.endsWith('.js')) return undefined;
  const file = join(packageRoot(), 'dist', BUILD_SCRIPT);
  return existsSync(file) ? file : undefined;
}

/** The build function, from the script when it is to be used (see the top of this file), else from its module. */
export async function loadBuild(cacheDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<LoadedBuild> {
  const file = scriptFile(cacheDir, env);
  const debug = env[DEBUG_ENV] === '1' ? (line: string) => process.stderr.write(`code cache: ${line}\n`) : undefined;
  // In pieces: read whole, the script would raise malloc's mmap threshold for the whole build (pieces.ts).
  const code = file && readUtf8InPieces(file);
  const identity = code && HEADER.exec(code)?.[1];
  if (!file || !code || !identity || !cacheDir) {
    debug?.(`not used (${file ? 'the script has no header' : 'build stages loaded as modules'})`);
    return { build: (await import('../renderer/build.ts')).build, done: () => {} };
  }
  const { size, mtimeMs } = statSync(file);
  const run = runWithCodeCache({ code, filename: file, identity: `${identity}:${size}:${mtimeMs}` }, codeCacheFile(env));
  // A warm build's young generation is capped from here (build() takes the cap over, or lets it go for a cold
  // build): loading the script had grown it past the cap before build() ran in some builds. Not earlier: V8
  // refuses cached code while the cap's flag is set (it stamps its flags on it, checked as the script
  // compiles).
  capYoungGeneration();
  const exports = (run.value as (require: NodeJS.Require, host: unknown) => BuildModule)(createRequire(import.meta.url), { url: import.meta.url, modules: HOST_MODULES });
  checkYoungGeneration();
  debug?.(run.state === 'used' ? `used (${run.bytes} bytes)` : run.state);
  return {
    build: exports.build,
    done: (stats) => {
      const work = workDone(stats);
      const more = work.filter((w) => !run.tags.includes(w));
      if (run.state === 'used' && more.length === 0) return;
      const written = run.save([...new Set([...run.tags, ...work])].sort());
      const why = run.state === 'used' ? `this build also did ${more.join(', ')}` : run.state;
      debug?.(written ? `written (${written} bytes; ${why})` : 'not written (V8 flags changed during the build, or the file could not be written)');
    },
  };
}
