// Loads site.config.ts: compiled by esbuild (compile.ts), then imported from a content-hashed file so a
// changed config is never served from Node's module cache, and validated.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.ts';
import { compileConfig, CONFIG_FILE, type CompiledConfig } from './compile.ts';
import { siteConfigSchema } from './schema.ts';
import { resolveLocation, type Environment, type LocationSources } from './site-url.ts';
import { validateConfig, type SiteConfig } from './validate.ts';

export interface LoadedConfig {
  root: string;
  file: string;
  config: SiteConfig;
  /** Where `url`, `baseUrl` and `repoUrl` came from: the config, or the environment (site-url.ts). */
  locationSources?: LocationSources;
}

/**
 * Loads and validates the config; `compiled` is a compilation the caller started earlier (same root/file).
 * `env` may override where the site is published (site-url.ts).
 */
export async function loadConfig(root: string, file = CONFIG_FILE, compiled?: Promise<CompiledConfig>, env: Environment = process.env): Promise<LoadedConfig> {
  const { code, shown } = await (compiled ?? compileConfig(root, file));
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
  const config = validateConfig(mod.default, shown);
  const { location, sources } = resolveLocation(config, env);
  // An overridden base path meets the same rule as the config's own.
  const base = siteConfigSchema.shape.baseUrl.safeParse(location.baseUrl);
  if (!base.success) throw new ConfigError(`${sources.baseUrl}: ${base.error.issues[0]?.message ?? 'invalid base URL'} (got "${location.baseUrl}").`, { location: { file: shown } });
  return { root, file: shown, config: { ...config, ...location }, locationSources: sources };
}
