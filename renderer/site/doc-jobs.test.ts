// The content stage makes a job for every doc at once (a warm build, to look each up in the cache): what the
// jobs share is found out once for them, and again for jobs made later (`serve`), when it may have changed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, minimalContent } from '../../test/helpers/fixture-site.ts';
import { loadConfig } from '../config/load.ts';
import { listContentFiles } from '../content/files.ts';
import { localeInfos } from '../routes/site-data.ts';
import { loadStrings } from '../strings.ts';
import { docJobFactory } from './prepare.ts';

describe('docJobFactory', () => {
  it('asks once whether the site has its own static folder for the jobs made together, again for later ones', async () => {
    const root = makeSite(minimalContent);
    const loaded = await loadConfig(root);
    const { config } = loaded;
    const jobFor = docJobFactory(loaded, localeInfos(config), loadStrings(root, config.i18n.locales, config.i18n.sourceLocale));
    const files = listContentFiles(root, config.i18n.locales, config.i18n.sourceLocale).filter((f) => f.kind === 'doc');
    const together = files.map(jobFor);
    expect(together.length).toBeGreaterThan(1);
    expect(new Set(together.map((j) => j.assets)).size).toBe(1);
    expect(together[0]!.assets!.staticDir).not.toBe(join(root, 'static'));
    mkdirSync(join(root, 'static'));
    await Promise.resolve();
    expect(jobFor(files[0]!).assets!.staticDir).toBe(join(root, 'static'));
  });
});
