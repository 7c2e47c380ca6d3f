// A script run with V8's code cache: the bytecode of the functions it compiled last time, kept in the build
// cache's folder, so that they are not parsed and compiled again. Node 20 has no such cache for ES modules
// (module.enableCompileCache is Node 22), only for vm.Script — hence the CLI's build script
// (cli/build-script.ts). The cache is made after the code has run, so that it holds the functions V8
// compiled lazily as they were first called, not only the script's top level; a run that used it and
// compiled more (the caller tells by the tags it gives) can write it again, with both.
//
// Only ever a shortcut: a missing, stale, truncated or damaged file, or one V8 refuses (another Node, other
// V8 flags), means compiling as without it, and writing it again once the code has run. V8 checks its own
// version, its flags and the source's length, but not — in release builds — a checksum of the data, so the
// file carries our own (SHA-1 of the data) and the key of the source it was made from.
import { hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Bumped when the file's layout changes. */
const FORMAT = 'cheatsheet-code-cache 1';

export type CodeCacheState =
  /** V8 took the cached code. */
  | 'used'
  /** No cache file (or no cache at all: `--no-cache`). */
  | 'missing'
  /** A file made for another source, Node, platform or set of flags. */
  | 'stale'
  /** A file cut short or altered: its header or checksum does not match. */
  | 'damaged'
  /** V8 refused the data (its own checks). */
  | 'rejected';

export interface ScriptSource {
  /** The code; its completion value is what `runWithCodeCache` returns. */
  code: string;
  /** The file name V8 shows in stack traces. */
  filename: string;
  /** Anything that differs whenever the code does (a hash of it): the cache is made for one source only. */
  identity: string;
}

export interface ScriptRun {
  value: unknown;
  state: CodeCacheState;
  /** Bytes of cached code read (0 unless `used`). */
  bytes: number;
  /** What the caller said the run that wrote the cache did (`save`), when it was used. */
  tags: string[];
  /**
   * Writes the cache — the code compiled so far, from the cache or afresh — saying `tags` of the run: call
   * once the code has done its work. Returns the bytes written (0: not written). Failing to write is not an
   * error: the next run compiles again.
   */
  save: (tags: readonly string[]) => number;
}

/**
 * What the cached code depends on besides the source: Node (hence V8), the platform, and the flags V8 was
 * started with. V8 checks the first and the last itself; keying on them too gives each its own verdict
 * rather than one V8 rejects, and the key names the source.
 */
export function codeCacheKey(identity: string, env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): string {
  const parts = [FORMAT, identity, process.version, process.arch, process.platform, execArgv.join(' '), env.NODE_OPTIONS ?? ''];
  return hash('sha1', parts.join('\0'), 'hex');
}

/** The cached code in `file` when it was made for `key` and is whole; else why not. */
export function readCodeCache(file: string, key: string): { data: Buffer; tags: string[] } | { state: 'missing' | 'stale' | 'damaged' } {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    return { state: 'missing' };
  }
  // `<FORMAT>\n<key>\n<tags, comma-separated>\n<sha1 of the data>\n<data>`
  const lines: string[] = [];
  let at = 0;
  for (let i = 0; i < 4; i++) {
    const end = raw.indexOf(10, at);
    if (end < 0) return { state: 'damaged' };
    lines.push(raw.toString('latin1', at, end));
    at = end + 1;
  }
  const [format, fileKey, tags, checksum] = lines;
  if (format !== FORMAT) return { state: 'damaged' };
  if (fileKey !== key) return { state: 'stale' };
  const data = raw.subarray(at);
  if (data.length === 0 || hash('sha1', data, 'hex') !== checksum) return { state: 'damaged' };
  return { data, tags: tags ? tags.split(',') : [] };
}

/** Writes the cached code for `key` (through a temporary file, so that a reader never sees half of it). */
export function writeCodeCache(file: string, key: string, data: Buffer, tags: readonly string[] = []): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([Buffer.from(`${FORMAT}\n${key}\n${tags.join(',')}\n${hash('sha1', data, 'hex')}\n`, 'latin1'), data]));
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The code cache of a one-character script: it is the same for as long as everything V8 stamps on cached code
 * is (its version and flags), and differs when a flag changes while the process runs — as `--expose-gc` does
 * for a moment while a thread takes its `gc` (free-memory.ts sets it back): code cached then would be refused
 * by the next process.
 */
const v8Stamp = (): Buffer => new Script('0').createCachedData();

/**
 * Compiles and runs `source` in this context, with the code cached in `cacheFile` when it is good for it;
 * without `cacheFile`, neither reads nor writes one.
 */
export function runWithCodeCache(source: ScriptSource, cacheFile: string | undefined): ScriptRun {
  const key = cacheFile ? codeCacheKey(source.identity) : '';
  const cached = cacheFile ? readCodeCache(cacheFile, key) : { state: 'missing' as const };
  const script = new Script(source.code, { filename: source.filename, ...('data' in cached ? { cachedData: cached.data } : {}) });
  const state: CodeCacheState = 'data' in cached ? (script.cachedDataRejected ? 'rejected' : 'used') : cached.state;
  const stamp = cacheFile ? v8Stamp() : undefined;
  const value: unknown = script.runInThisContext();
  let saved = false;
  const save = (tags: readonly string[]): number => {
    if (!cacheFile || !stamp || saved) return 0;
    saved = true;
    try {
      // V8 flags changed since the script was compiled: the next build, started without them, would refuse it.
      if (!v8Stamp().equals(stamp)) return 0;
      const data = script.createCachedData();
      writeCodeCache(cacheFile, key, data, tags);
      return data.length;
    } catch {
      return 0;
    }
  };
  const used = state === 'used' && 'data' in cached;
  return { value, state, bytes: used ? cached.data.length : 0, tags: used ? cached.tags : [], save };
}
