// `cheatsheet search push`: builds the records of every locale in memory and replaces the Algolia
// index's records with them (see renderer/search/algolia-push.ts). The admin key comes from the
// environment only.
import { build } from '../renderer/build.ts';
import { ConfigError } from '../renderer/errors.ts';
import { ADMIN_KEY_VARIABLE, pushRecords } from '../renderer/search/algolia-push.ts';
import { buildRecords, docsTagOf } from '../renderer/search/records.ts';

export interface SearchPushFlags {
  root: string;
  config?: string;
  dryRun: boolean;
}

export async function searchPushCommand(flags: SearchPushFlags, env: Record<string, string | undefined> = process.env): Promise<number> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log('Building the records of every locale…');
  const result = await build({ root: flags.root, configFile: flags.config, write: false, bundle: false });
  const { config, file } = result.loaded;
  if (!config.themeConfig.algolia) {
    throw new ConfigError(`Algolia is not configured: ${file} has no themeConfig.algolia.`, {
      location: { file },
      hint: `Add themeConfig.algolia with appId, apiKey (the search-only key) and indexName; the admin key goes in ${ADMIN_KEY_VARIABLE}.`,
    });
  }
  const docsTag = docsTagOf(config.docs.pluginId, config.docs.version.name);
  const records = result.locales.flatMap((l) => buildRecords(result.table, l.code, { siteUrl: config.url, docsTag }));
  log(`${records.length} records (${result.locales.map((l) => `${l.code} ${records.filter((r) => r.language === l.code).length}`).join(', ')})`);
  await pushRecords({ algolia: config.themeConfig.algolia, records, env, dryRun: flags.dryRun, log });
  return 0;
}
