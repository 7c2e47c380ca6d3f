// Loads site.config.ts: esbuild compiles it (it is TypeScript and may import helpers), then it is imported
// from a content-hashed file so a changed config is never served from Node's module cache.
import { build, type BuildFailure } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.ts';
import { validateConfig, type SiteConfig } from './validate.ts';

export interface LoadedConfig {
  root: string;
  file: string;
  config: SiteConfig;
}

export const CONFIG_FILE = 'site.config.ts';

export async function loadConfig(root: string, file = CONFIG_FILE): Promise<LoadedConfig> {
  const path = resolve(root, file);
  const shown = relative(process.cwd(), path) || path;
  if (!existsSync(path)) {
    throw new ConfigError(`No configuration file: ${shown} does not exist.`, { hint: 'Run cheatsheet from the folder that holds site.config.ts, or pass --root.' });
  }
  let code: string;
  try {
    const result = await build({ entryPoints: [path], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
    code = result.outputFiles[0]!.text;
  } catch (err) {
    const failure = err as BuildFailure;
    const first = failure.errors?.[0];
    if (!first) throw err;
    const loc = first.location;
    throw new ConfigError(`Syntax error in ${shown}: ${first.text}`, {
      location: loc ? { file: shown, line: loc.line, column: loc.column + 1 } : { file: shown },
      details: failure.errors.slice(1).map((e) => `${e.location ? `${shown}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`),
    });
  }
  // Written beside node_modules so that the config's own bare imports resolve as they would in place.
  const cacheDir = join(root, 'node_modules', '.cache', 'cheatsheet');
  mkdirSync(cacheDir, { recursive: true });
  const out = join(cacheDir, `config.${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`);
  if (!existsSync(out)) writeFileSync(out, code);
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
  } catch (err) {
    throw new ConfigError(`${shown} threw while loading: ${(err as Error).message}`, { location: { file: shown } });
  }
  if (mod.default === undefined) {
    throw new ConfigError(`${shown} has no default export.`, { location: { file: shown }, hint: 'End the file with `export default defineConfig({ … })`.' });
  }
  return { root, file: shown, config: validateConfig(mod.default, shown) };
}
