// Which folder a build may write. A build replaces its output folder whole (the old one is moved aside and
// later rewritten), so `--out-dir` must never name a folder that holds anything else: the project itself, a
// folder above it, the site's sources, or a folder some other program made. Every output carries a marker
// file; a folder without it is only taken when it has the layout of our own output (builds made before
// the marker existed), and never when it holds anything else.
import { existsSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UserError } from './errors.ts';
import { lockOutput } from './output-lock.ts';

/** Written into every build output: what tells the next build the folder is its own to replace. */
export const BUILD_MARKER = '.cheatsheet-build';
export const BUILD_MARKER_TEXT = 'This folder was made by `cheatsheet build`; the next build replaces it whole.\n';

/** What a build made before the marker existed always holds (cheatsheet writes these and nobody else does). */
const OUR_LAYOUT = ['404.html', 'sitemap.xml', 'assets/site', 'assets/routes'];

/** The site's own sources, relative to the project root: an output folder may not be, hold or sit in one. */
const SOURCES = ['content', 'static', 'i18n', 'templates', 'client', '.git', 'node_modules', 'package.json'];

const error = (message: string, hint: string) => new UserError('output', message, { hint });

/** Resolves symlinks of the longest existing part of `path`, so links cannot hide where a folder is. */
function real(path: string): string {
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(realpathSync(existing), relative(existing, path));
}

/** `inner` is `outer` or below it. */
function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Made by a build: has the marker, or is empty, or has the layout builds wrote before the marker. `layout`:
 * which part of it is enough (the folder a failed build left half written has its first files only).
 */
export function isBuildOutput(dir: string, layout: readonly string[] = OUR_LAYOUT): boolean {
  if (existsSync(join(dir, BUILD_MARKER))) return true;
  if (readdirSync(dir).length === 0) return true;
  return layout.every((p) => existsSync(join(dir, p)));
}

/**
 * Throws a UserError unless `outDir` may be replaced by a build of the project at `root` whose config is
 * `configFile`. `shown` is how the folder is named in messages (the `--out-dir` the user gave).
 */
export function checkOutputDir(root: string, outDir: string, configFile: string, shown = relative(root, outDir) || '.'): void {
  const project = real(resolve(root));
  const out = real(resolve(outDir));
  const own = 'Use a folder of its own for the output, such as build/ (the default).';
  if (out === project) throw error(`--out-dir "${shown}" is the project folder itself: a build replaces its output folder whole, and this one holds the site.`, own);
  if (within(out, project)) throw error(`--out-dir "${shown}" contains the project (${project}): a build replaces its output folder whole.`, own);
  for (const source of [...SOURCES, configFile]) {
    const at = real(resolve(root, source));
    if (!existsSync(at)) continue;
    if (out === at) throw error(`--out-dir "${shown}" is one of the site's sources: a build replaces its output folder whole.`, own);
    if (within(out, at)) throw error(`--out-dir "${shown}" holds the site's sources (${source}): a build replaces its output folder whole.`, own);
    if (within(at, out)) throw error(`--out-dir "${shown}" is inside the site's sources (${source}).`, own);
  }
  const spare = join(dirname(out), `.${basename(out)}.previous`);
  for (const [dir, name, layout] of [
    [out, `--out-dir "${shown}"`, OUR_LAYOUT],
    // Builds before the marker also left here what a failed build had written: the site data comes first.
    [spare, `${spare} (where a build keeps the output it replaces)`, ['assets/site']],
  ] as const) {
    if (!existsSync(dir)) continue;
    if (!statSync(dir).isDirectory()) throw error(`${name} is a file, not a folder.`, 'Give --out-dir a folder (it is created if missing).');
    if (!isBuildOutput(dir, layout)) {
      throw error(
        `${name} already exists and was not made by cheatsheet build (it has no ${BUILD_MARKER} file): a build replaces its output folder whole, so it is left alone.`,
        'Pick a new or empty folder, or move this one away yourself if nothing in it is needed.',
      );
    }
  }
}

/** Marks a folder a build writes as build output (see isBuildOutput). */
export function markBuildOutput(dir: string): void {
  writeFileSync(join(dir, BUILD_MARKER), BUILD_MARKER_TEXT);
}

/**
 * Checks the output folder, then takes its lock (see output-lock.ts): what a writing build calls first.
 * Returns the function that releases the lock.
 */
export function claimOutputDir(root: string, outDir: string, configFile: string, shown: string): () => void {
  checkOutputDir(root, outDir, configFile, shown);
  return lockOutput(outDir, shown);
}
