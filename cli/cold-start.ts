// A plain `build` started before the CLI's own modules load. A cold build runs on a thread of its own
// (cli/build-thread.ts); the main thread used to load the whole CLI first (commander and every command's
// definition, 135 KB) only to find that the build was a cold one, and the thread loaded it all again to read
// the same arguments: the thread started ~40–90 ms later than it could, on the path of every cold build.
// A warm build (session 36) loaded the same 135 KB only to read its arguments, then ran on this thread.
// bin/cheatsheet.js asks here first: a plain `build` (only options this file knows, each with its value, a
// --root that is a folder) starts at once: a cold one on its thread, on cli/cold-thread.ts, which reads the
// arguments as this file does and runs the build's action without the CLI's parser; a warm one here, with
// the same action. Anything else (another command, --help, an option this file does not know, a bad
// CHEATSHEET_BUILD_THREAD) goes to the CLI on this thread, with its usual messages.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BuildOptions, CONFIG_DEFAULT, OUT_DIR_DEFAULT, runBuild, type SiteOptions } from './build-action.ts';
import { raiseJitThreshold } from './jit.ts';

/** Options of `build` and of the program that take a value (`--name value` or `--name=value`). */
const VALUE_OPTIONS = new Set(['--root', '--config', '--out-dir', '--threads']);

/** Options of `build` that take none. */
const FLAGS = new Set(['--no-minify', '--strict', '--no-cache']);

/** A plain build's options, as the CLI's parser would give them (`root` as given, not resolved). */
export interface PlainBuild {
  site: SiteOptions;
  build: BuildOptions;
}

/**
 * The options of a `build` whose arguments this file can read as the CLI does: the command once, only the
 * options listed above, each value present (the last given wins); undefined for anything else, which the
 * CLI parses itself.
 */
export function plainBuildArgs(args: readonly string[], cwd: string = process.cwd()): PlainBuild | undefined {
  let command: string | undefined;
  const site: SiteOptions = { root: cwd, config: CONFIG_DEFAULT };
  const build: BuildOptions = { outDir: OUT_DIR_DEFAULT, minify: true, strict: false, cache: true };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-')) {
      if (command !== undefined) return undefined;
      command = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(name) && eq < 0) {
      if (name === '--no-minify') build.minify = false;
      else if (name === '--strict') build.strict = true;
      else build.cache = false;
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) return undefined;
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    // A missing value, or one that looks like an option: the CLI's parser says what it makes of it.
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    if (name === '--root') site.root = value;
    else if (name === '--config') site.config = value;
    else if (name === '--out-dir') build.outDir = value;
    else build.threads = value;
  }
  return command === 'build' ? { site, build } : undefined;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A plain build's options with its --root resolved, when that is a folder (else the CLI reports it). */
export function plainBuild(args: readonly string[]): PlainBuild | undefined {
  const plain = plainBuildArgs(args);
  if (!plain || !isFolder(plain.site.root)) return undefined;
  return { site: { ...plain.site, root: resolve(plain.site.root) }, build: plain.build };
}

/**
 * Starts a plain `build` of `args`: a cold one on its build thread, running `threadEntry` (cli/cold-thread.ts,
 * as compiled in dist/: bin/ names it, since this file may be bundled into a chunk elsewhere), a warm one on
 * this thread; sets the process's exit code when it ends. False (nothing started) when the CLI is to run.
 */
export async function startPlainBuild(threadEntry: URL, args: readonly string[]): Promise<boolean> {
  const plain = plainBuild(args);
  if (!plain) return false;
  const { buildOnThread, wantsBuildThread } = await import('./build-thread.ts');
  let wanted: boolean;
  try {
    wanted = wantsBuildThread({ root: plain.site.root, cache: plain.build.cache });
  } catch {
    return false; // A bad CHEATSHEET_BUILD_THREAD: reported by the CLI.
  }
  // The V8 flags the CLI sets first thing (cli/main.ts), set before the build starts as they were.
  raiseJitThreshold();
  const { runCommand } = await import('./report.ts');
  // runBuild asks wantsBuildThread again and gets the same answer (a warm build): `threadEntry` goes unused.
  const build = wanted ? () => buildOnThread(threadEntry, args) : () => runBuild(threadEntry, plain.site, plain.build);
  void runCommand(build).then((code) => {
    process.exitCode = code;
  });
  return true;
}
