// The local search of a built site, read from its files as the browser fetches them: the entry of a
// locale, then its shards and chunks as queries need them (`onLoad` sees each file and its size).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalSearch } from '../../renderer/shared/search-engine.ts';
import { checkEntry } from '../../renderer/shared/search-index.ts';

export function entryFile(buildDir: string, locale: string): string {
  const dir = join(buildDir, 'assets', 'search');
  const file = readdirSync(dir).find((f) => f.startsWith(`index.${locale}.`) && f.endsWith('.json'));
  if (!file) throw new Error(`No search index for ${locale} in ${dir}`);
  return join(dir, file);
}

export function siteSearch(buildDir: string, locale: string, onLoad?: (file: string, bytes: Buffer) => void): LocalSearch {
  const file = entryFile(buildDir, locale);
  const bytes = readFileSync(file);
  onLoad?.(file, bytes);
  const entry = checkEntry(JSON.parse(bytes.toString('utf8')));
  const read = async (name: string) => {
    const path = join(buildDir, 'assets', 'search', entry.dir, name);
    const data = readFileSync(path);
    onLoad?.(path, data);
    return JSON.parse(data.toString('utf8'));
  };
  return new LocalSearch({ entry, shard: read, chunk: read });
}
