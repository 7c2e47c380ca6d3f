// What a cached result depends on besides its own inputs: the code that made it (the pipeline key) and, for
// processed docs, which files exist in the site (a doc's links and images resolve against them).
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../paths.ts';
import { VERSION } from '../version.ts';
import { keyDigest, keyHash } from './key-hash.ts';
import { statMemo, type Remembered } from './stat-memo.ts';

export { keyHash } from './key-hash.ts';

export const hashOf = (...parts: (string | Uint8Array)[]): string => {
  // The same bytes either way (each part and a NUL), so the same key.
  if (parts.every((p) => typeof p === 'string')) return keyDigest(parts.length ? `${parts.join('\0')}\0` : '').slice(0, 24);
  const h = keyHash();
  for (const p of parts) h.update(p).update('\0');
  return h.digest('base64url').slice(0, 24);
};

/**
 * Every file below `dir` (recursively), skipping the folders `skip` refuses (given each folder's path, name and
 * parent folder); paths relative to `dir`, with `/`. `see` is told of each folder before it is listed
 * (stat-memo.ts). The paths are put together as the walk goes down, not by `path.relative` for each file: a
 * warm build lists the whole site (siteFileList), and relative() and resolve() per entry took most of its
 * time (session 31).
 */
function listFiles(dir: string, skip: (abs: string, name: string, parent: string) => boolean, see: (path: string) => void = () => {}, prefix = '', out: string[] = []): string[] {
  let entries;
  see(dir);
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      const abs = join(dir, e.name);
      if (!skip(abs, e.name, dir)) listFiles(abs, skip, see, `${prefix}${e.name}/`, out);
    } else out.push(prefix + e.name);
  }
  return out;
}

/** Packages the pipeline loads from node_modules at run time (not bundled into dist/): their versions count. */
const EXTERNAL_PACKAGES = ['react', 'react-dom', 'shiki', 'esbuild'];

function externalVersions(): string {
  const require = createRequire(join(packageRoot(), 'package.json'));
  return EXTERNAL_PACKAGES.map((name) => {
    try {
      return `${name}@${(JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version}`;
    } catch {
      return `${name}@?`;
    }
  }).join(',');
}

/**
 * The version of the code that makes pages: the package version, the contents of the compiled renderer and
 * theme (dist/) or, when running from TypeScript sources (tests), of renderer/ and templates/, the
 * versions of Node and of the packages loaded from node_modules. Any edit to the generator misses the whole cache: a
 * finer key would have to know which stage each file feeds, and getting that wrong gives wrong pages.
 */
export function pipelineKey(): string {
  return rememberedPipelineKey(undefined).value;
}

/**
 * pipelineKey(), remembered in `memoFile` (stat-memo.ts): a warm build stats the generator's files instead
 * of reading and hashing them all (~25 ms of CPU for dist/).
 */
export function rememberedPipelineKey(memoFile: string | undefined): Remembered {
  const pkg = packageRoot();
  const fromDist = fileURLToPath(import.meta.url).endsWith('.js');
  const dirs = fromDist ? [join(pkg, 'dist')] : [join(pkg, 'renderer'), join(pkg, 'templates')];
  // Node's version too: highlighting runs the grammars' regular expressions on its engine.
  const head = `${VERSION}\0${process.version}\0${externalVersions()}\0${process.env.NODE_ENV ?? ''}\0`;
  return statMemo(memoFile, `${head}${dirs.join('\0')}`, (see) => {
    const h = keyHash().update(head);
    for (const dir of dirs) {
      const files = listFiles(dir, (_, name) => name === 'types' || name === 'node_modules', see)
        .filter((f) => !f.endsWith('.map') && !/\.test\.tsx?$/.test(f))
        .sort();
      for (const f of files) {
        see(join(dir, f));
        h.update(f).update('\0');
        hashFile(h, join(dir, f));
        h.update('\0');
      }
    }
    return h.digest('base64url').slice(0, 24);
  });
}

/**
 * Feeds `file` to `h` through one small buffer: the same digest as reading it whole, without a buffer of
 * the file's size. The compiled build script is 2.2 MB: a buffer that large is mmapped by malloc, and freeing
 * it raises glibc's mmap threshold for the rest of the process (see ARCHITECTURE.md, *Memory*).
 */
function hashFile(h: ReturnType<typeof keyHash>, file: string): void {
  const fd = openSync(file, 'r');
  try {
    const buffer = (hashBuffer ??= Buffer.allocUnsafeSlow(64 * 1024));
    for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) h.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

/** Below malloc's initial mmap threshold (128 KB), and allocated once. */
let hashBuffer: Buffer | undefined;

/**
 * Which files exist in the site (paths only, not contents): a doc's relative links and images are resolved
 * against the files that exist, so adding or removing any file misses every cached doc. Skips node_modules,
 * the folders at the top whose name starts with a dot (caches, previous outputs), the output folder and
 * the build's own folders beside it.
 */
export function siteFileList(root: string, outDir: string): string {
  const out = resolve(outDir);
  const top = resolve(root);
  // Beside the output: the folders a build writes first and keeps for the next one (write.ts).
  const outParent = resolve(out, '..');
  const outSibling = `.${basename(out)}.`;
  // `parent` is the listed folder, made by join() from `top`: as resolve(abs, '..') gives it.
  const skip = (abs: string, name: string, parent: string) =>
    name === 'node_modules' || abs === out || (name.startsWith('.') && parent === top) || (name.startsWith(outSibling) && parent === outParent);
  const files = listFiles(top, skip);
  return hashOf(files.sort().join('\n'));
}

/** The contents of files (templates a site brings): hashed in the order given, a missing one named as such. */
export function filesKey(files: string[]): string {
  return hashOf(...files.map((f) => (existsSync(f) ? Buffer.concat([Buffer.from(f), readFileSync(f)]) : `missing:${f}`)));
}
