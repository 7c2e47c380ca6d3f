// The local search engine (renderer/shared/search-engine.ts) for the benchmarks, which are plain .mjs:
// bundled once with esbuild into node_modules/.cache, then read from a built site's files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repo } from './built-site.mjs';

const out = join(repo, 'node_modules', '.cache', 'bench-search-engine.mjs');
await build({ entryPoints: [join(repo, 'renderer', 'shared', 'search-engine.ts')], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'warning' });
const { LocalSearch } = await import(pathToFileURL(out).href);

export function entryOf(buildDir, locale) {
  const dir = join(buildDir, 'assets', 'search');
  const file = readdirSync(dir).find((f) => f.startsWith(`index.${locale}.`) && f.endsWith('.json'));
  if (!file) throw new Error(`no search index for ${locale} in ${dir}`);
  return { file: join(dir, file), entry: JSON.parse(readFileSync(join(dir, file), 'utf8')) };
}

/** The engine reading a locale's index files as the browser fetches them; `onLoad(path, bytes)` sees each. */
export function siteEngine(buildDir, locale, onLoad = () => {}) {
  const { file, entry } = entryOf(buildDir, locale);
  onLoad(file, readFileSync(file));
  const read = async (name) => {
    const path = join(buildDir, 'assets', 'search', entry.dir, name);
    const bytes = readFileSync(path);
    onLoad(path, bytes);
    return JSON.parse(bytes.toString('utf8'));
  };
  return new LocalSearch({ entry, shard: read, chunk: read });
}

/** The same index as one download: every shard merged into one, every chunk into one. */
export function unsplitEngine(buildDir, locale) {
  const { entry } = entryOf(buildDir, locale);
  const part = (name) => JSON.parse(readFileSync(join(buildDir, 'assets', 'search', entry.dir, name), 'utf8'));
  const shard = entry.shards.flatMap(([, name]) => part(name));
  const chunk = entry.chunks.flatMap(([, name]) => part(name));
  const whole = { ...entry, shards: [[0, 'all']], chunks: [[0, 'all']] };
  return new LocalSearch({ entry: whole, shard: async () => shard, chunk: async () => chunk });
}
