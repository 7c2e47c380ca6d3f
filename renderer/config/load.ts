// Loads site.config.ts: compiled by esbuild (compile.ts), imported (import-config.ts), validated, and given
// the environment's say on where the site is published (site-url.ts).
import { ConfigError } from '../errors.ts';
import { compileConfig, CONFIG_FILE, type CompiledConfig } from './compile.ts';
import { configExportKey, importConfig } from './import-config.ts';
import { siteConfigSchema } from './schema.ts';
import { resolveLocation, type Environment, type LocationSources } from './site-url.ts';
import { validateConfig, type SiteConfig } from './validate.ts';

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
 * `env` may override where the site is published (site-url.ts).
 */
export async function loadConfig(root: string, file = CONFIG_FILE, compiled?: Promise<CompiledConfig>, env: Environment = process.env): Promise<LoadedConfig> {
  const compiledConfig = await (compiled ?? compileConfig(root, file));
  const { shown } = compiledConfig;
  const exported = await importConfig(root, compiledConfig);
  const config = validateConfig(exported, shown);
  const { location, sources } = resolveLocation(config, env);
  // An overridden base path meets the same rule as the config's own.
  const base = siteConfigSchema.shape.baseUrl.safeParse(location.baseUrl);
  if (!base.success) throw new ConfigError(`${sources.baseUrl}: ${base.error.issues[0]?.message ?? 'invalid base URL'} (got "${location.baseUrl}").`, { location: { file: shown } });
  const exportKey = configExportKey(exported);
  return { root, file: shown, config: { ...config, ...location }, locationSources: sources, ...(exportKey === undefined ? {} : { exportKey }) };
}
