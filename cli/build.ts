import { relative, resolve } from 'node:path';
import { CACHE_DIR } from '../renderer/cache/cache-dir.ts';
import type { CacheStats } from '../renderer/cache/build-cache.ts';
import type { Remembered } from '../renderer/cache/stat-memo.ts';
import type { BuildSummary } from '../renderer/cache/unchanged-build.ts';
import type { CompiledConfig } from '../renderer/config/compile.ts';
import { CONFIG_FILE } from '../renderer/config/compile.ts';
import { UserError } from '../renderer/errors.ts';
import { heapGrowingPercent } from '../renderer/free-memory.ts';
import { THREADS_ENV } from '../renderer/workers/threads.ts';
import { buildThreadNote } from './build-thread.ts';
import { printWarning } from './report.ts';

export interface BuildFlags {
  root: string;
  outDir: string;
  config?: string;
  minify: boolean;
  threads?: string;
  strict?: boolean;
  /** false: `--no-cache`. */
  cache?: boolean;
  compiledConfig?: Promise<CompiledConfig>;
}

function kb(bytes: number): string {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`;
}

export const MAX_THREADS = 64;

/** `pages 0 rendered, 456 from cache; docs 0 processed, 456 from cache; search indexes 0 built, 3 from cache; route chunks 0 made, 453 from cache` (+ the pages analysed for search) */
function cacheLine({ pages, docs, code, search, searchPages, chunks }: CacheStats): string {
  const codeLine = code.cached + code.highlighted ? ` (code blocks ${code.highlighted} highlighted, ${code.cached} from cache)` : '';
  const line = `pages ${pages.rendered} rendered, ${pages.cached} from cache; docs ${docs.processed} processed, ${docs.cached} from cache${codeLine}; search indexes ${search.built} built${search.updated ? ` (${search.updated} updated)` : ''}, ${search.cached} from cache`;
  const chunkLine = `; route chunks ${chunks.made} made, ${chunks.cached} from cache`;
  return search.built ? `${line} (pages analysed ${searchPages.analysed}, ${searchPages.cached} from cache)${chunkLine}` : `${line}${chunkLine}`;
}

/** `--threads` (else CHEATSHEET_THREADS): a whole number of threads, this one included. */
export function parseThreads(flag: string | undefined, env = process.env[THREADS_ENV]): number | undefined {
  const [value, name] = flag !== undefined ? [flag, '--threads'] : [env || undefined, THREADS_ENV];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_THREADS) {
    throw new UserError('cli', `Invalid ${name} "${value}": give a whole number from 1 to ${MAX_THREADS}.`, { hint: '1 runs everything on one thread; without it the build chooses by the site\'s size.' });
  }
  return n;
}

export async function buildCommand(flags: BuildFlags): Promise<number> {
  const started = performance.now();
  const threads = parseThreads(flags.threads);
  // Read again where the build uses it (maybe on its own thread): checked here for a message without a stack.
  heapGrowingPercent();
  let pipeline: Remembered | undefined;
  if (flags.cache !== false) {
    const kept = await unchanged(flags, (found) => (pipeline = found));
    if (kept) {
      printSummary(kept, flags.outDir, started, [['unchanged', performance.now() - started]], keptStats(kept.counts), true);
      return 0;
    }
  }
  // Loaded only now: a build with nothing changed needs none of its stages.
  const { loadBuild } = await import('./build-script.ts');
  const { build, done } = await loadBuild(flags.cache === false ? undefined : resolve(flags.root, CACHE_DIR));
  const result = await build({ root: flags.root, outDir: flags.outDir, configFile: flags.config, minify: flags.minify, threads, strict: flags.strict ?? false, compiledConfig: flags.compiledConfig, freeSearchText: true, freeDocHtml: true, ...(flags.cache === false ? {} : { cacheDir: CACHE_DIR, ...(pipeline ? { pipeline } : {}) }) });
  done(result.cache);
  printSummary(result.summary, result.outDir, started, result.phases.map((p) => [p.name, p.ms]), result.cache, false, process.env.CHEATSHEET_DEBUG_MEMORY ? result.phases.map((p) => `${p.name} ${p.rssMb}`) : undefined);
  return 0;
}

/** The last build's summary when nothing it read or wrote changed since (renderer/cache/unchanged-build.ts). */
async function unchanged(flags: BuildFlags, found: (pipeline: Remembered) => void): Promise<BuildSummary | undefined> {
  const root = resolve(flags.root);
  const compiled = flags.compiledConfig;
  if (!compiled) return undefined;
  const [{ unchangedBuild }, { configExportKey, importConfig }] = await Promise.all([import('../renderer/cache/unchanged-build.ts'), import('../renderer/config/import-config.ts')]);
  const setting = { root, outDir: resolve(root, flags.outDir), configFile: flags.config ?? CONFIG_FILE, minify: flags.minify, strict: flags.strict ?? false, cacheDir: resolve(root, CACHE_DIR) };
  // A config that fails to compile or load is the build's to report, with its usual message.
  const exportKey = async () => configExportKey(await importConfig(root, await compiled));
  return unchangedBuild(setting, () => exportKey().catch(() => undefined), process.env, found);
}

/** A build with nothing changed takes everything from the cache, as the last build left it. */
function keptStats(counts: BuildSummary['counts']): CacheStats {
  return { docs: { cached: counts.docs, processed: 0 }, code: { cached: 0, highlighted: 0 }, pages: { cached: counts.pages, rendered: 0 }, search: { cached: counts.search, built: 0, updated: 0 }, searchPages: { cached: 0, analysed: 0 }, chunks: { cached: counts.chunks, made: 0 }, links: { cached: counts.pages, scanned: 0 }, linkCheck: { cached: 1, checked: 0 }, linkPages: { cached: counts.pages, checked: 0 } };
}

/** What a build prints: its pages, output and warnings, what came from the cache, its phases. */
function printSummary(summary: BuildSummary, outDir: string, started: number, phases: [string, number][], cache: CacheStats | undefined, kept: boolean, memory?: string[]): void {
  for (const w of summary.warnings) printWarning(w);
  const total = performance.now() - started;
  const { pagesPerLocale } = summary;
  const pages = Object.entries(pagesPerLocale).map(([l, n]) => `${l} ${n}`).join(', ');
  const out = relative(process.cwd(), resolve(outDir)) || '.';
  process.stdout.write(
    [
      `Built ${Object.values(pagesPerLocale).reduce((a, b) => a + b, 0)} pages (${pages}) into ${out}/ in ${(total / 1000).toFixed(2)} s`,
      `  output: ${summary.fileCount} files, ${kb(summary.outputBytes)}; warnings: ${summary.warnings.length}`,
      ...(cache ? [`  cache: ${cacheLine(cache)}`] : []),
      ...(kept ? ['  nothing changed since the last build: its output is kept as it is'] : []),
      `  phases: ${phases.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`,
      ...(memory ? [`  memory after each phase (MB): ${memory.join(', ')}; built ${buildThreadNote()}`] : []),
      '',
    ].join('\n'),
  );
}
