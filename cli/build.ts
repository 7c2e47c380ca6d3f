import { relative } from 'node:path';
import { build } from '../renderer/build.ts';
import { CACHE_DIR, type CacheStats } from '../renderer/cache/build-cache.ts';
import type { CompiledConfig } from '../renderer/config/compile.ts';
import { UserError } from '../renderer/errors.ts';
import { formatProblem } from '../renderer/problems.ts';
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
  const result = await build({ root: flags.root, outDir: flags.outDir, configFile: flags.config, minify: flags.minify, threads, strict: flags.strict ?? false, compiledConfig: flags.compiledConfig, freeSearchText: true, ...(flags.cache === false ? {} : { cacheDir: CACHE_DIR }) });
  for (const w of result.warnings) printWarning(w);
  for (const p of result.problems) printWarning(formatProblem(p));
  const total = performance.now() - started;
  const pages = Object.entries(result.pagesPerLocale).map(([l, n]) => `${l} ${n}`).join(', ');
  const out = relative(process.cwd(), result.outDir) || '.';
  process.stdout.write(
    [
      `Built ${Object.values(result.pagesPerLocale).reduce((a, b) => a + b, 0)} pages (${pages}) into ${out}/ in ${(total / 1000).toFixed(2)} s`,
      `  output: ${result.fileCount} files, ${kb(result.outputBytes)}; warnings: ${result.warnings.length + result.problems.length}`,
      ...(result.cache ? [`  cache: ${cacheLine(result.cache)}`] : []),
      `  phases: ${result.phases.map((p) => `${p.name} ${p.ms.toFixed(0)} ms`).join(', ')}`,
      ...(process.env.CHEATSHEET_DEBUG_MEMORY ? [`  memory after each phase (MB): ${result.phases.map((p) => `${p.name} ${p.rssMb}`).join(', ')}; built ${buildThreadNote()}`] : []),
      '',
    ].join('\n'),
  );
  return 0;
}
