// Loads site.config.ts: compiled by esbuild (compile.ts), imported (import-config.ts), validated, and given
// the environment's say on where the site is published (site-url.ts).
import { ConfigError } from '../errors.ts';
import { PARSE_ONCE } from '../parse-once.ts';
import { compileConfig, CONFIG_FILE, type CompiledConfig } from './compile.ts';
import { configExportKey, importConfig } from './import-config.ts';
import { resolveLocation, type Environment, type LocationSources } from './site-url.ts';
import type { SiteConfig } from './validate.ts';
import type { ValidatedConfigCache } from './validated-cache.ts';

export interface LoadedConfig {
  root: string;
  file: string;
  config: SiteConfig;
  /** Where `url`, `baseUrl` and `repoUrl` came from: the config, or the environment (site-url.ts). */
  locationSources?: LocationSources;
  /**
   * The config module's export as text, when it is plain data (import-config.ts): a build with nothing
   * changed compares it.
   */
  exportKey?: string;
}

/**
 * Loads and validates the config; `compiled` is a compilation the caller started earlier (same root/file).
 * `env` may override where the site is published (site-url.ts). `validated`: the build cache's validated
 * config, taken when the export is the one it was validated from (validated-cache.ts).
 */
export async function loadConfig(root: string, file = CONFIG_FILE, compiled?: Promise<CompiledConfig>, env: Environment = process.env, validated?: ValidatedConfigCache): Promise<LoadedConfig> {
  const compiledConfig = await (compiled ?? compileConfig(root, file));
  const { shown } = compiledConfig;
  const exported = await importConfig(root, compiledConfig);
  // (A config the text cannot be made of — one that refers to itself — throws as it did: after validation.)
  let exportKey: string | undefined;
  let keyError: unknown;
  try {
    exportKey = configExportKey(exported);
  } catch (err) {
    keyError = err;
  }
  let config = exportKey === undefined ? undefined : validated?.get(exportKey);
  if (!config) {
    // Imported only here: zod and the schemas are built when something is to be validated, not with the stages.
    config = (await import('./validate.ts')).validateConfig(exported, shown);
    if (keyError !== undefined) throw keyError;
    if (exportKey !== undefined) validated?.remember(exportKey, config);
  }
  const { location, sources } = resolveLocation(config, env);
  // An overridden base path meets the same rule as the config's own (which it passed when validated).
  if (location.baseUrl !== config.baseUrl) {
    const base = (await import('./schema.ts')).siteConfigSchema.shape.baseUrl.safeParse(location.baseUrl, PARSE_ONCE);
    if (!base.success) throw new ConfigError(`${sources.baseUrl}: ${base.error.issues[0]?.message ?? 'invalid base URL'} (got "${location.baseUrl}").`, { location: { file: shown } });
  }
  return { root, file: shown, config: { ...config, ...location }, locationSources: sources, ...(exportKey === undefined ? {} : { exportKey }) };
}
