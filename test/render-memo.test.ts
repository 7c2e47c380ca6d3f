// The server reuses the HTML of the sidebar categories a page is not in, and of the navbar's right-hand side
// it rendered for another page (templates/server.tsx). It must be exactly what React renders for them: the
// browser hydrates that markup.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { packageRoot } from '../renderer/paths.ts';
import { loadTemplates } from '../renderer/render/templates.ts';
import { makeSite, minimalContent, page, REPO } from './helpers/fixture-site.ts';

/** Every page of the site at `root` as built, rendered in full and rendered with the memo, compared. */
async function compareEveryPage(root: string) {
  const result = await build({ root, write: false, bundle: false });
  const templates = await loadTemplates(join(packageRoot(), 'templates'), root);
  const { reused } = (await import(pathToFileURL(templates.file).href)) as { reused: { navbarRights: number } };
  const navbarsBefore = reused.navbarRights;
  // The memo is kept by site data object: a copy starts this process's renders with nothing reused.
  const fresh = new Map([...result.siteData].map(([locale, site]) => [locale, { ...site }]));
  let checked = 0;
  let collapsedOn = 0;
  for (const entry of result.table.routes) {
    const site = result.siteData.get(entry.data.locale)!;
    const route = entry.doc ? { ...entry.data, doc: { ...entry.data.doc!, html: entry.doc.html } } : entry.data;
    const home = entry.data.kind === 'home' ? templates.pages.home : undefined;
    const full = templates.renderApp(site, route, home, { memo: false });
    const built = String(result.files.get(entry.outFile));
    expect(built.includes(full), `${entry.outFile} differs from a full render`).toBe(true);
    // Rendered here too (the build's pages may come from worker threads): the navbar reuse is counted.
    expect(templates.renderApp(fresh.get(entry.data.locale)!, route, home), `${entry.outFile} rendered again`).toBe(full);
    checked++;
    if (entry.data.kind === 'doc' && full.includes('menu__list-item--collapsed')) collapsedOn++;
  }
  expect(checked).toBe(result.table.routes.length);
  return { pages: checked, collapsedOn, navbarsReused: reused.navbarRights - navbarsBefore };
}

describe('server render of the sidebar and navbar', () => {
  // Renders every page of the real site twice in this process: ~13 s alone, far more on a loaded machine.
  it('gives every page of the real site the same HTML with reused categories and navbars as with everything rendered', { timeout: 180_000 }, async () => {
    const { pages, collapsedOn, navbarsReused } = await compareEveryPage(REPO);
    // Docs pages do have categories they are not in: the comparison covered the reused HTML.
    expect(collapsedOn).toBeGreaterThan(300);
    // One navbar per locale is rendered; every other page takes it, with its own locale links.
    expect(navbarsReused).toBeGreaterThan(pages - 10);
  });

  it('keeps what differs from page to page on the right of the navbar: its active link, the locale links', { timeout: 60_000 }, async () => {
    const root = makeSite(
      {
        ...minimalContent,
        'content/en/compute/lambda.md': page('AWS Lambda', 'Functions; no Portuguese page (its locale link goes to the home page).'),
        'content/pt-BR/storage/s3.md': page('Amazon S3', 'Objetos; sem página em inglês.'),
        'content/en/compute/nested/deep.md': page('Deep', 'A page below a category of its own.'),
      },
      {
        config: {
          themeConfig: {
            navbar: {
              items: [
                { type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' },
                { to: 'docs/compute/ec2', label: 'EC2', position: 'right' },
                { type: 'dropdown', label: 'More', position: 'right', items: [{ label: 'Start', to: 'docs/start' }, { label: 'Out', href: 'https://example.com/out' }] },
                { type: 'localeDropdown', position: 'right' },
                { type: 'search', position: 'right' },
                { href: 'https://example.com/repo', label: 'Repo', position: 'right' },
              ],
            },
          },
        },
      },
    );
    const { pages, navbarsReused } = await compareEveryPage(root);
    expect(pages).toBeGreaterThan(8);
    // Reused on some pages and not on all: the EC2 link is active on its two pages only.
    expect(navbarsReused).toBeGreaterThan(0);
    expect(navbarsReused).toBeLessThan(pages - 2);
  });
});
