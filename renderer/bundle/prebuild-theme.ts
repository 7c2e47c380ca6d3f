// Entry point of the compile script's last step: bundles the theme's browser code and templates once, into
// dist/theme/, for builds that use the theme as it is (see prebuilt.ts).
import { join } from 'node:path';
import { packageRoot } from '../paths.ts';
import { bundleTemplates, themeKey } from '../render/templates.ts';
import { bundleClientFiles } from './client.ts';
import { savePrebuilt } from './prebuilt.ts';

export async function prebuildTheme(): Promise<void> {
  const root = packageRoot();
  const templatesDir = join(root, 'templates');
  const key = themeKey(root);
  const [client, ssr] = await Promise.all([bundleClientFiles(key, { root, templatesDir, minify: true }), bundleTemplates(templatesDir, root)]);
  savePrebuilt(key, client, ssr);
}
