// The CLI's own cache folder, beside it rather than in a site's `.cheatsheet-cache/`: what is kept there holds
// nothing of a site (V8's compiled code of the build script, cli/build-script.ts; the pipeline key's memo,
// keys.ts), so any build of any site, a cold one too, finds it made by an earlier build. The
// `.cache/cheatsheet` of the node_modules folder the CLI is installed in (a site's own, as other tools keep
// theirs), or of the CLI's own folder when it is not installed (this repository); never inside an installed
// package, which stays as npm wrote it (test/package.test.ts).
import { basename, dirname, join, resolve } from 'node:path';
import { packageRoot } from '../paths.ts';
import { PIPELINE_MEMO } from './cache-dir.ts';

/** A folder for the CLI's caches instead of its own (tests give each site its own). */
export const CLI_CACHE_DIR_ENV = 'CHEATSHEET_CODE_CACHE_DIR';

/** The folder, and whether the environment gave it (the code cache's file is named differently then). */
export function cliCacheDir(env: NodeJS.ProcessEnv = process.env): { dir: string; given: boolean } {
  const given = env[CLI_CACHE_DIR_ENV];
  if (given) return { dir: resolve(given), given: true };
  const root = packageRoot();
  let modules = join(root, 'node_modules');
  for (let d = dirname(root); dirname(d) !== d; d = dirname(d)) {
    if (basename(d) === 'node_modules') {
      modules = d;
      break;
    }
  }
  return { dir: join(modules, '.cache', 'cheatsheet'), given: false };
}

/**
 * The pipeline key's memo. Kept in a site's cache folder, it was missing in every cold build, which then read
 * and hashed the whole compiled CLI (dist/, 7 MB) to make the key; beside the CLI, only the first build after
 * an install or an upgrade does (the memo stats each file, so a changed CLI is seen as before).
 */
export function pipelineMemoFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(cliCacheDir(env).dir, PIPELINE_MEMO);
}
