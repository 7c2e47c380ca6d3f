// What `build` does once its arguments are known: shared by the CLI (cli/main.ts) and the cold build's thread
// when bin/ started it (cli/cold-start.ts), which parses those arguments without the CLI's parser.
import { resolve } from 'node:path';

/** `--out-dir`'s and `--config`'s defaults (cli/main.ts gives them to its parser). */
export const OUT_DIR_DEFAULT = 'build';
export const CONFIG_DEFAULT = 'site.config.ts';

/** `build`'s own options, as the CLI's parser gives them. */
export interface BuildOptions {
  outDir: string;
  minify: boolean;
  threads?: string;
  strict: boolean;
  cache: boolean;
}

/** The program's options every command reads (`root` resolved). */
export interface SiteOptions {
  root: string;
  config: string;
}

/**
 * Builds, or starts the build on a thread of its own running the CLI module `entry` (a cold build on the main
 * thread); resolves to the exit code.
 */
export async function runBuild(entry: URL, g: SiteOptions, opts: BuildOptions): Promise<number> {
  // A cold build runs on a thread with a small young generation (the CLI again, which builds there).
  const { buildOnThread, onBuildThread, wantsBuildThread } = await import('./build-thread.ts');
  if (wantsBuildThread({ root: g.root, cache: opts.cache })) return buildOnThread(entry, process.argv.slice(2));
  // On that thread the pool's workers start now, while this one loads the build's stages.
  if (onBuildThread()) (await import('./early-pool.ts')).startPoolWorkersEarly(g.root, opts);
  // esbuild compiles the config in its own process while this one loads the build's modules (unless the
  // build cache has it compiled already).
  const [{ startCompilingConfig }, { CACHE_DIR }] = await Promise.all([import('../renderer/config/compile.ts'), import('../renderer/cache/cache-dir.ts')]);
  const compiledConfig = startCompilingConfig(g.root, g.config, opts.cache ? resolve(g.root, CACHE_DIR) : undefined);
  return (await import('./build.ts')).buildCommand({ root: g.root, config: g.config, ...opts, compiledConfig });
}
