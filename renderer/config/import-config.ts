// Second half of loading site.config.ts, before validation: the compiled code imported from a content-hashed
// file (so a changed config is never served from Node's module cache), and what it exports. Kept apart from
// load.ts so that a build with nothing changed (cache/unchanged-build.ts) can compare the export with the
// last build's without loading zod and the schema.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedModule } from '../cache/generated-modules.ts';
import { ConfigError } from '../errors.ts';
import { importModule } from '../import-module.ts';
import type { CompiledConfig } from './compile.ts';

/** The config module's default export, not yet validated. */
export async function importConfig(root: string, compiled: CompiledConfig): Promise<unknown> {
  const { code, shown } = compiled;
  // Written beside node_modules so that the config's own bare imports resolve as they would in place.
  const cacheDir = join(root, 'node_modules', '.cache', 'cheatsheet');
  const out = generatedModule(cacheDir, 'config.', createHash('sha256').update(code).digest('hex').slice(0, 12), code);
  let mod: { default?: unknown };
  try {
    mod = (await importModule(pathToFileURL(out).href)) as { default?: unknown };
  } catch (err) {
    throw new ConfigError(`${shown} threw while loading: ${(err as Error).message}`, { location: { file: shown } });
  }
  if (mod.default === undefined) {
    throw new ConfigError(`${shown} has no default export.`, { location: { file: shown }, hint: 'End the file with `export default defineConfig({ … })`.' });
  }
  return mod.default;
}

/**
 * The export as text, for telling whether it changed: plain data only (objects, arrays, strings, numbers,
 * booleans, null). Anything else — a function (`editUrl` may be one: what it returns depends on what it
 * closes over, which its text does not show), a class instance, a symbol — gives undefined: not comparable.
 */
export function configExportKey(value: unknown): string | undefined {
  let comparable = true;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : { number: String(v) };
    // (undefined is a property left out, as validation reads it: the same as no property.)
    if (v === undefined) return v;
    if (typeof v === 'object' && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) return v;
    comparable = false;
    return null;
  });
  return comparable ? text : undefined;
}
