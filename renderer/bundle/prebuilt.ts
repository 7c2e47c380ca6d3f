// The theme compiled ahead of time. The browser bundle and the server bundle of the templates depend only on
// the theme's source files (templates/, client/, the page modules and the packages they import), never on a
// site's content or config, so `npm run compile` bundles them once into dist/theme/ with the list of their
// inputs and a hash of each. A build takes them from there when it would bundle exactly those inputs and
// every one is unchanged; otherwise (a site with its own client/ or page modules, an edited template, the
// unminified bundle of `serve`) it bundles live as before. Checking costs ~10 ms of hashing (170 files,
// 1.1 MB); bundling cost esbuild's start-up and ~0.25 s of a 2-core machine beside the content stage.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { statMemo } from '../cache/stat-memo.ts';
import { packageRoot } from '../paths.ts';

/** What a bundle is made of besides file contents: the client folder and the page modules, by name. */
export interface ThemeKey {
  clientDir: string;
  pages: { name: string; file: string }[];
}

/** The browser bundle with paths relative to the output folder ("assets/main.X.js"). */
export interface ClientBundleFiles {
  files: Map<string, Uint8Array>;
  entry: string;
  preload: string[];
  css: string[];
  pageChunks: Record<string, string>;
  /** Absolute paths of every source file the bundle read. */
  inputs: string[];
}

interface Manifest {
  version: 1;
  key: string;
  /** Package-relative path → sha1 of its contents, for the inputs of both bundles. */
  hashes: Record<string, string>;
  client: Omit<ClientBundleFiles, 'files' | 'inputs'> & { files: string[]; inputs: string[] };
  ssr: { file: string; inputs: string[] };
}

export function prebuiltDir(): string {
  return join(packageRoot(), 'dist', 'theme');
}

/** The key with package-relative paths: the same package compiled in another folder still matches. */
function keyOf(key: ThemeKey): string {
  const rel = (p: string) => relative(packageRoot(), p).split('\\').join('/');
  return JSON.stringify({ clientDir: rel(key.clientDir), pages: key.pages.map((p) => ({ name: p.name, file: rel(p.file) })) });
}

/**
 * How the manifest names an input: its path from the package, or for a dependency installed outside it (npm
 * hoists cheatsheet's dependencies beside it in a site's node_modules) its path from the `node_modules/` that
 * holds it, found again by walking up from wherever the package is installed. A dependency in another
 * place or version then fails the hash check and the theme is bundled live, never used stale.
 */
function inputName(file: string): string | undefined {
  const pkg = packageRoot();
  for (let dir = pkg; ; dir = dirname(dir)) {
    const r = relative(dir, file);
    if (dir === pkg && !r.startsWith('..')) return r.split(sep).join('/');
    if (r.startsWith(`node_modules${sep}`)) return r.split(sep).join('/');
    if (dirname(dir) === dir) break;
  }
  // A node_modules that is a symbolic link to another folder: esbuild reports the real path.
  const norm = file.split(sep).join('/');
  const at = norm.lastIndexOf('/node_modules/');
  return at >= 0 ? norm.slice(at + 1) : undefined;
}

/** `see`: told each path looked at, the missing ones too (a copy appearing nearer then shows as a change). */
function inputPath(name: string, see?: (path: string) => void): string {
  const pkg = packageRoot();
  if (!name.startsWith('node_modules/')) return join(pkg, name);
  for (let dir = pkg; ; dir = dirname(dir)) {
    see?.(join(dir, name));
    if (existsSync(join(dir, name))) return join(dir, name);
    if (dirname(dir) === dir) return join(pkg, name);
  }
}

function hashFile(file: string): string | undefined {
  try {
    return createHash('sha1').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** Writes dist/theme/ from freshly made bundles (called by the compile script). */
export function savePrebuilt(key: ThemeKey, client: ClientBundleFiles, ssr: { code: string; inputs: string[] }, dir = prebuiltDir()): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const hashes: Record<string, string> = {};
  const rel = (inputs: string[]) =>
    inputs.map((f) => {
      const r = inputName(f);
      const h = hashFile(f);
      if (h === undefined || r === undefined) throw new Error(`prebuilt theme: input outside the package and its node_modules, or unreadable: ${f}`);
      hashes[r] = h;
      return r;
    });
  for (const [name, data] of client.files) {
    mkdirSync(dirname(join(dir, 'client', name)), { recursive: true });
    writeFileSync(join(dir, 'client', name), data);
  }
  const ssrFile = `ssr.${createHash('sha256').update(ssr.code).digest('hex').slice(0, 16)}.mjs`;
  writeFileSync(join(dir, ssrFile), ssr.code);
  const manifest: Manifest = {
    version: 1,
    key: keyOf(key),
    hashes,
    client: { entry: client.entry, preload: client.preload, css: client.css, pageChunks: client.pageChunks, files: [...client.files.keys()], inputs: rel(client.inputs) },
    ssr: { file: ssrFile, inputs: rel(ssr.inputs) },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

/**
 * Where the prebuilt theme's check is remembered (a file in the build cache's folder), and what writes it once
 * the build has succeeded (a failed build leaves the cache folder as it was).
 */
export interface ThemeMemo {
  file: string;
  keepOnSave: (keep: () => void) => void;
}

/**
 * The prebuilt theme, when its `part` was made from exactly these inputs and none has changed since. With
 * `memo`, the answer is remembered with the identity of the manifest and of every input (cache/stat-memo.ts):
 * a warm build stats ~190 files instead of reading and hashing 1.1 MB.
 */
function usableManifest(key: ThemeKey, part: 'client' | 'ssr', dir: string, memo?: ThemeMemo): Manifest | undefined {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) return undefined;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.version !== 1 || manifest.key !== keyOf(key)) return undefined;
  const checked = statMemo(memo?.file, `${part}\0${file}`, (see) => {
    see(file);
    for (const rel of manifest[part].inputs) {
      const path = inputPath(rel, see);
      see(path);
      if (hashFile(path) !== manifest.hashes[rel]) return 'changed';
    }
    return 'usable';
  });
  memo?.keepOnSave(checked.keep);
  return checked.value === 'usable' ? manifest : undefined;
}

/** The prebuilt browser bundle for `key`, or undefined when it must be bundled live. */
export function prebuiltClient(key: ThemeKey, dir = prebuiltDir(), memo?: ThemeMemo): ClientBundleFiles | undefined {
  const manifest = usableManifest(key, 'client', dir, memo);
  if (!manifest) return undefined;
  const files = new Map<string, Uint8Array>();
  for (const name of manifest.client.files) files.set(name, readFileSync(join(dir, 'client', name)));
  const { entry, preload, css, pageChunks } = manifest.client;
  return { files, entry, preload, css, pageChunks, inputs: manifest.client.inputs.map((rel) => inputPath(rel)) };
}

/** The prebuilt server bundle of the templates for `key`: its file and inputs, or undefined. */
export function prebuiltTemplates(key: ThemeKey, dir = prebuiltDir(), memo?: ThemeMemo): { file: string; inputs: string[] } | undefined {
  const manifest = usableManifest(key, 'ssr', dir, memo);
  if (!manifest) return undefined;
  return { file: join(dir, manifest.ssr.file), inputs: manifest.ssr.inputs.map((rel) => inputPath(rel)) };
}
