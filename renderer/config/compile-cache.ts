// The compiled site.config.ts, kept in the build cache's folder: compiling it means loading esbuild and
// starting its process, a fixed cost of every build (on a warm build with nothing changed, a tenth of its
// CPU) for a file that rarely changes. Kept with the hash of every file esbuild read to make it (the config
// and whatever it imports, `cheatsheet` itself included), and used only while every one of them is the same.
// Like the rest of the cache, only ever a shortcut: a missing, damaged or foreign entry means compiling.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { packageRoot } from '../paths.ts';
import { VERSION } from '../version.ts';
import { compileConfig, CONFIG_FILE, type CompiledConfig } from './compile.ts';

/** Bumped when compile.ts compiles differently (its esbuild options) or the entry's layout changes. */
const FORMAT = 1;

interface Entry {
  key: string;
  code: string;
  inputs: { file: string; hash: string }[];
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

function fileHash(file: string): string | undefined {
  try {
    return sha256(readFileSync(file));
  } catch {
    return undefined;
  }
}

function esbuildVersion(): string {
  try {
    const require = createRequire(join(packageRoot(), 'package.json'));
    return (JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/**
 * What else the compiled code depends on: the compiler, this code, and the working folder (esbuild names
 * the bundled files relative to it in comments).
 */
const keyOf = (path: string) => sha256(JSON.stringify([FORMAT, VERSION, esbuildVersion(), process.cwd(), path]));

function readEntry(file: string): Entry | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    return typeof entry.key === 'string' && typeof entry.code === 'string' && Array.isArray(entry.inputs) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * compileConfig, answered from `cacheDir` when the config and every file it imports are unchanged. A fresh
 * compilation is written there only through its `keep()`, once the build has succeeded.
 */
export async function compileConfigCached(root: string, file = CONFIG_FILE, cacheDir: string): Promise<CompiledConfig> {
  const path = resolve(root, file);
  const key = keyOf(path);
  // Named by the config's path alone: a new version of the compiler or of cheatsheet replaces the entry.
  const entryFile = join(cacheDir, 'config', `${sha256(path).slice(0, 24)}.json`);
  const entry = readEntry(entryFile);
  if (entry?.key === key && entry.inputs.length > 0 && entry.inputs.every((i) => fileHash(i.file) === i.hash)) {
    return { shown: relative(process.cwd(), path) || path, code: entry.code, inputs: entry.inputs.map((i) => i.file) };
  }
  const compiled = await compileConfig(root, file);
  if (compiled.inputs) {
    const inputs = compiled.inputs.map((f) => ({ file: f, hash: fileHash(f) }));
    // A file that could not be read back cannot be checked next time: then nothing is kept.
    if (inputs.every((i): i is Entry['inputs'][number] => i.hash !== undefined)) {
      return { ...compiled, keep: () => write(entryFile, { key, code: compiled.code, inputs }) };
    }
  }
  return compiled;
}

/** Written whole or not at all (a temporary file renamed); a cache that cannot be written is no error. */
function write(file: string, entry: Entry): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Not even a folder to clean (the cache's place holds a file): nothing was written.
    }
  }
}
