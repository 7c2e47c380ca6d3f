// The server reuses the HTML of the sidebar categories a page is not in (templates/server.tsx). It must be
// exactly what React renders for them: the browser hydrates that markup.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { packageRoot } from '../renderer/paths.ts';
import { loadTemplates } from '../renderer/render/templates.ts';
import { REPO } from './helpers/fixture-site.ts';

describe('server render of the sidebar', () => {
  // Renders every page of the real site twice in this process: ~13 s alone, far more on a loaded machine.
  it('gives every page of the real site the same HTML with reused categories as with everything rendered', { timeout: 180_000 }, async () => {
    const result = await build({ root: REPO, write: false, bundle: false });
    const templates = await loadTemplates(join(packageRoot(), 'templates'), REPO);
    let checked = 0;
    let reusedOn = 0;
    for (const entry of result.table.routes) {
      const site = result.siteData.get(entry.data.locale)!;
      const route = entry.doc ? { ...entry.data, doc: { ...entry.data.doc!, html: entry.doc.html } } : entry.data;
      const page = entry.data.kind === 'home' ? templates.pages.home : undefined;
      const full = templates.renderApp(site, route, page, { memo: false });
      const built = String(result.files.get(entry.outFile));
      expect(built.includes(full), `${entry.outFile} differs from a full render`).toBe(true);
      checked++;
      if (entry.data.kind === 'doc' && full.includes('menu__list-item--collapsed')) reusedOn++;
    }
    expect(checked).toBe(result.table.routes.length);
    // Docs pages do have categories they are not in: the comparison covered the reused HTML.
    expect(reusedOn).toBeGreaterThan(300);
  });
});
