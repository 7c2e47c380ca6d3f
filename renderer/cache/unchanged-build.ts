// A build with nothing changed, as a whole: each build that succeeds records the state of everything it read
// (every file and folder of the site, the theme's sources, the generator's code through the pipeline key, the
// config's export, the environment's say on the site's URL, the flags) and of the output it left; the next
// build that finds them all as recorded has nothing to do — the output is what it would write — and only
// prints the last build's summary again. Checked before the build's modules are loaded: no stage runs, and
// the start-up that remains is Node's, the CLI's and the config's (150 × 3 corpus: see ARCHITECTURE.md).
// Like the rest of the cache, only ever a shortcut: a missing or damaged record, or any difference, means
// the usual build (which repairs an output edited by hand, as it always did).
//
// Files are compared by state (device, inode, size, modification and change times, in ns), folders by the
// names in them. The state is taken before the build reads anything, so a change made while it runs shows
// as a difference next time. A file changed less than SETTLED_MS before that may change again without a new
// state (coarse file times): the record keeps what it held instead, from the build cache, which hashed what
// the build read (a doc the benchmark rewrote right before a cold build); for any other such file the
// build leaves no record.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type BigIntStats, type Dirent } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { LOCATION_VARIABLES } from '../config/site-url.ts';
import { lockPathOf } from '../output-lock.ts';
import { packageRoot } from '../paths.ts';
import { pipelineMemoFile } from './cli-cache.ts';
import { keyHash } from './key-hash.ts';
import { rememberedPipelineKey } from './keys.ts';
import type { Remembered } from './stat-memo.ts';

/** Bumped when the record's layout or what it covers changes. */
const FORMAT = 1;
/** The record, in the cache's folder (one: the last build's). */
export const UNCHANGED_RECORD = 'unchanged-build.json';
/** As the build cache's sources (build-cache.ts). */
const SETTLED_MS = 3000;

/** What decides a build's output besides the files it reads. */
export interface BuildSetting {
  root: string;
  outDir: string;
  configFile: string;
  minify: boolean;
  strict: boolean;
  cacheDir: string;
}

/** What the CLI prints of a build: kept so that a build with nothing changed prints it again. */
export interface BuildSummary {
  pagesPerLocale: Record<string, number>;
  fileCount: number;
  outputBytes: number;
  /** Warnings and the problems that did not fail the build, as printed. */
  warnings: string[];
  /** Pages, docs, search indexes and route chunks of the build (all from the cache when nothing changed). */
  counts: { pages: number; docs: number; search: number; chunks: number };
}

/**
 * A path (relative to its group's folder) and its state: `f:<stat>` (and a content hash), `d:<names>`,
 * `m:<size>:<mtime>` (installs), `loop` (a folder reached again through links), `missing`, `other`.
 */
type Entry = [path: string, state: string, hash?: string];
/** Entries below one folder ('' for absolute paths). */
type Group = [base: string, entries: Entry[]];

interface BuildRecord {
  format: number;
  context: string;
  config: string;
  inputs: Group[];
  output: Group[];
  summary: BuildSummary;
}

const contentHash = (data: Uint8Array) => keyHash().update(data).digest('hex');
const statText = (s: BigIntStats) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

function inside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The site's folders that are not its sources, as the build cache's file list leaves them out (keys.ts,
 * siteFileList): node_modules, folders at the top whose name starts with a dot (the cache, .git), the output
 * and the build's own folders beside it.
 */
function siteSkip(setting: BuildSetting): (abs: string, name: string, parent: string) => boolean {
  const root = resolve(setting.root);
  const outDir = resolve(setting.outDir);
  const cacheDir = resolve(setting.cacheDir);
  const outParent = resolve(outDir, '..');
  const outSibling = `.${basename(outDir)}.`;
  return (abs, name, parent) => name === 'node_modules' || abs === outDir || abs === cacheDir || (name.startsWith('.') && parent === root) || (name.startsWith(outSibling) && parent === outParent);
}

const noSkip = () => false;

/** The names in a folder the walk looks at, sorted; undefined: not a folder one can list. */
function namesIn(dir: string, skip: (abs: string, name: string, parent: string) => boolean): string[] | undefined {
  try {
    return readdirSync(dir)
      .filter((name) => !skip(join(dir, name), name, dir))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return undefined;
  }
}

/** The state of one path, following links. */
function stateOf(path: string): { state: string; stat?: BigIntStats } {
  let s: BigIntStats | undefined;
  try {
    s = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return { state: 'other' };
  }
  if (!s) return { state: 'missing' };
  return { state: s.isFile() ? `f:${statText(s)}` : s.isDirectory() ? 'd' : 'other', stat: s };
}

/**
 * Every file and folder below `base` (itself included), in walk order. Folders are known by their entries'
 * types (no stat: the output alone has ~500); a link is followed, and a folder reached again through links
 * (a loop) is recorded but not walked again. `known`: the state of a plain file (by its path below `base`)
 * that the build saw after it last wrote it (the output's, write.ts), taken instead of a stat of its own;
 * `listed`: the entries of a folder (by its path below `base`, '' for `base`) as the build saw them after it
 * last changed that folder (the output's, FolderOutput.committedFolders), taken instead of listing it again.
 */
function walk(base: string, skip: (abs: string, name: string, parent: string) => boolean, known?: ReadonlyMap<string, { stat: string }>, listed?: ReadonlyMap<string, readonly Dirent[]>): Entry[] {
  const entries: Entry[] = [];
  const { state, stat } = stateOf(base);
  if (state !== 'd') return [['', state]];
  const seen = new Set<string>([`${stat!.dev}:${stat!.ino}`]);
  const folder = (abs: string, rel: string) => {
    let found: Dirent[];
    // `abs` is normalised (resolved, then joined with names), and a name read from a folder is one plain
    // segment: so a child's path is `abs`, a separator and its name, which path.join would find again at
    // ~10 µs a call (twice per file of the site and the output, every cached build).
    const prefix = abs.endsWith(sep) ? abs : abs + sep;
    try {
      found = (listed?.get(rel) ?? readdirSync(abs, { withFileTypes: true })).filter((e) => !skip(prefix + e.name, e.name, abs));
    } catch {
      entries.push([rel, 'other']);
      return;
    }
    found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    entries.push([rel, `d:${found.map((e) => e.name).join('\0')}`]);
    for (const e of found) {
      const path = prefix + e.name;
      const sub = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        folder(path, sub);
        continue;
      }
      const seenByBuild = e.isFile() ? known?.get(sub) : undefined;
      if (seenByBuild) {
        entries.push([sub, `f:${seenByBuild.stat}`]);
        continue;
      }
      const { state: s, stat: target } = stateOf(path);
      const id = target && `${target.dev}:${target.ino}`;
      if (s !== 'd') entries.push([sub, s]);
      else if (seen.has(id!)) entries.push([sub, 'loop']);
      else {
        seen.add(id!);
        folder(path, sub);
      }
    }
  };
  folder(base, '');
  return entries;
}

/** The theme's sources the build reads from the package when the site does not bring its own (paths.ts). */
function packageSources(root: string): string[] {
  const pkg = packageRoot();
  return ['templates', 'client', 'i18n', 'static'].map((d) => join(pkg, d)).filter((d) => !inside(root, d) || relative(root, d).split(/[\\/]/).some((part) => part === 'node_modules' || part.startsWith('.')));
}

/**
 * What `npm install` rewrites, for the packages that may change what the build makes without being in the
 * site's folders. Compared by size and modification time only: installs often share node_modules' files
 * between folders by hard links, and linking one elsewhere changes its change time, not its contents.
 */
function installs(root: string): Entry[] {
  return [...new Set([root, packageRoot()].map((d) => join(d, 'node_modules', '.package-lock.json')))].map((f) => [f, installState(f)]);
}

function installState(file: string): string {
  const { state, stat } = stateOf(file);
  return stat?.isFile() ? `m:${stat.size}:${stat.mtimeNs}` : state;
}

function contextOf(setting: BuildSetting, pipeline: string, env: NodeJS.ProcessEnv): string {
  const { icu, unicode, tz, cldr } = process.versions;
  return JSON.stringify([FORMAT, pipeline, icu, unicode, tz, cldr, process.cwd(), resolve(setting.root), resolve(setting.outDir), resolve(setting.root, setting.configFile), setting.minify, setting.strict, LOCATION_VARIABLES.map((v) => env[v] ?? null)]);
}

const configHash = (exportKey: string) => keyHash().update(exportKey).digest('hex');

/** The state of the site's inputs when a build starts, before it reads them. */
export class InputSnapshot {
  private readonly started = Date.now();
  readonly groups: Group[];

  constructor(private readonly setting: BuildSetting) {
    const root = resolve(setting.root);
    this.groups = [[root, walk(root, siteSkip(setting))], ...packageSources(root).map((d): Group => [d, walk(d, noSkip)]), ['', installs(root)]];
  }

  /**
   * The state of a file of the site's folder as this snapshot saw it (`f:` and build-cache.ts's stat text), by
   * its absolute path; undefined for anything else. The build cache takes it instead of a stat of its own
   * for a doc's source (~450 stats on the 150 × 3 corpus): taken before the build read anything, it can only
   * be older than the file, and an older state than the one recorded makes the source read and hashed.
   */
  siteFileState(abs: string): string | undefined {
    if (!this.siteStates) {
      const [base, entries] = this.groups[0]!;
      const prefix = base.endsWith(sep) ? base : base + sep;
      this.siteStates = new Map(entries.filter(([, state]) => state.startsWith('f:')).map(([rel, state]) => [prefix + (sep === '/' ? rel : rel.split('/').join(sep)), state.slice(2)]));
    }
    return this.siteStates.get(abs);
  }

  private siteStates: Map<string, string> | undefined;

  /**
   * Writes the record of the build that just succeeded, or removes the last one when this build cannot be
   * answered for: `exportKey` undefined (a config that is not plain data), docs the cache cannot keep (MDX),
   * a file changed just before the build whose contents the build cache did not hash.
   * `hashed`: the sources the build cache read, by path, with their state before reading and their hash.
   * `assets`: files the docs copy (a relative link may reach outside the site's folder: then no record).
   * `pipeline`: the build cache's key of the code.
   * `output`: the output's files the build kept or wrote, by path in the output, each with its state as the
   * build saw it after its last write (write.ts, FolderOutput.committed): recorded without a stat of its own
   * (150 × 3 corpus: ~1,230 stats fewer). A state seen earlier than the end can only be older than the file's:
   * then the next build finds a difference and runs, as it would for any change. `outputFolders`: the
   * entries of the output's folders as its commit left them (FolderOutput.committedFolders), recorded
   * without listing them again (~600 at 150 × 3); likewise, a folder changed since shows next time.
   */
  record(r: { pipeline: string; exportKey: string | undefined; answerable: boolean; hashed: ReadonlyMap<string, { stat: string; hash: string }>; assets: string[]; summary: BuildSummary; output?: ReadonlyMap<string, { stat: string }>; outputFolders?: ReadonlyMap<string, readonly Dirent[]> }): void {
    const file = join(this.setting.cacheDir, UNCHANGED_RECORD);
    // (Made only for a site whose pages copy files: a path per file of the site is not free.)
    const walked = r.assets.length ? new Set(this.groups.flatMap(([base, entries]) => entries.map(([rel]) => (base ? join(base, rel) : rel)))) : undefined;
    const unwalked = walked && r.assets.find((a) => !walked.has(a));
    const why = r.exportKey === undefined ? 'the config is not plain data' : !r.answerable ? 'pages that the record cannot answer for (MDX, git dates)' : unwalked ? `a page copies ${unwalked}, outside the site` : undefined;
    // (A file outside the site is known only once the build has read it: too late for its state to tell.)
    const inputs = why ? undefined : this.settled(r.hashed, this.groups);
    if (!inputs) {
      rmSync(file, { force: true });
      debug(`no record: ${why ?? 'a file changed just before the build'}`);
      return;
    }
    const outDir = resolve(this.setting.outDir);
    const record: BuildRecord = { format: FORMAT, context: contextOf(this.setting, r.pipeline, process.env), config: configHash(r.exportKey!), inputs, output: [[outDir, walk(outDir, noSkip, r.output, r.outputFolders)]], summary: r.summary };
    try {
      mkdirSync(this.setting.cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(record));
      renameSync(temp, file);
    } catch {
      // A record that cannot be written only costs the next build its shortcut.
      rmSync(file, { force: true });
    }
  }

  /** The groups, with a hash for each file changed just before the build; undefined if one has none. */
  private settled(hashed: ReadonlyMap<string, { stat: string; hash: string }>, groups: Group[]): Group[] | undefined {
    const recent = BigInt(this.started - SETTLED_MS) * 1_000_000n;
    for (const [base, entries] of groups) {
      for (const entry of entries) {
        const [rel, state] = entry;
        if (!state.startsWith('f:')) continue;
        const [, , , mtime, ctime] = state.slice(2).split(':').map(BigInt) as [bigint, bigint, bigint, bigint, bigint];
        if (mtime < recent && ctime < recent) continue;
        const known = hashed.get(base ? join(base, rel) : rel);
        if (known?.stat !== state.slice(2)) return void debug(`${base ? join(base, rel) : rel} changed just before the build`);
        entry[2] = known.hash;
      }
    }
    return groups;
  }
}

function readRecord(file: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
    return record?.format === FORMAT && typeof record.context === 'string' && Array.isArray(record.inputs) && Array.isArray(record.output) && typeof record.summary === 'object' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** `CHEATSHEET_DEBUG_UNCHANGED=1`: why a build with the record ran its stages (the first difference). */
const debug = (why: string): false => {
  if (process.env.CHEATSHEET_DEBUG_UNCHANGED) process.stderr.write(`unchanged-build: ${why}\n`);
  return false;
};

/** Whether every entry of `groups` is as recorded (`skip`: which names a folder's listing leaves out). */
function unchanged(groups: Group[], skip: (abs: string, name: string, parent: string) => boolean): boolean {
  for (const [base, entries] of groups) {
    for (const [rel, state, hash] of entries) {
      const abs = base ? (rel ? join(base, rel) : base) : rel;
      if (state === 'loop') {
        if (stateOf(abs).state !== 'd') return debug(`${abs}: no longer a folder`);
      } else if (state.startsWith('d:')) {
        const names = namesIn(abs, skip);
        if (!names || `d:${names.join('\0')}` !== state) return debug(`${abs}: its names changed`);
      } else if ((state.startsWith('m:') ? installState(abs) : stateOf(abs).state) !== state) return debug(`${abs}: ${state} → ${stateOf(abs).state}`);
      else if (hash !== undefined) {
        try {
          if (contentHash(readFileSync(abs)) !== hash) return debug(`${abs}: its contents changed`);
        } catch {
          return debug(`${abs}: unreadable`);
        }
      }
    }
  }
  return true;
}

/**
 * The last build's summary when nothing it read or wrote has changed since: the build has nothing to do.
 * `exportKey` gives the config's export as text (import-config.ts), asked for last: it imports the config.
 * `found`: told the pipeline key when it was looked up, for the build that follows (it need not look again).
 */
export async function unchangedBuild(setting: BuildSetting, exportKey: () => Promise<string | undefined>, env: NodeJS.ProcessEnv = process.env, found?: (pipeline: Remembered) => void): Promise<BuildSummary | undefined> {
  const record = readRecord(join(setting.cacheDir, UNCHANGED_RECORD));
  if (!record) return void debug('no record');
  const remembered = rememberedPipelineKey(pipelineMemoFile(env));
  found?.(remembered);
  const pipeline = remembered.value;
  if (record.context !== contextOf(setting, pipeline, env)) return void debug(`another context: ${record.context} → ${contextOf(setting, pipeline, env)}`);
  // Another build at work on the output (or one that died holding it): the build says which, as it always did.
  if (existsSync(lockPathOf(resolve(setting.outDir)))) return void debug('the output folder is locked');
  const root = resolve(setting.root);
  // The site's folder is the first group (InputSnapshot), listed as its walk did; the others in full.
  const [site, ...others] = record.inputs;
  if (!site || site[0] !== root || !unchanged([site], siteSkip(setting)) || !unchanged(others, noSkip)) return undefined;
  if (!unchanged(record.output, noSkip)) return undefined;
  const key = await exportKey();
  return key !== undefined && configHash(key) === record.config ? record.summary : void debug('the config exports another value');
}
