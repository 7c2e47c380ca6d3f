// `cheatsheet import` on Docusaurus sites of our own (test/fixtures/docusaurus-*): the report, the new site's
// build (pages, titles, sidebar order, translations, links) and the original folder left byte-identical.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO, type CliResult } from './helpers/fixture-site.ts';
import { walkFiles } from '../renderer/import/content.ts';

const TS_SITE = join(REPO, 'test', 'fixtures', 'docusaurus-ts');
const JS_SITE = join(REPO, 'test', 'fixtures', 'docusaurus-js');

const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cheatsheet-import-'));
  cleanup.push(d);
  return d;
}

function cli(args: string[], env: Record<string, string | undefined> = {}): CliResult {
  const merged: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), ...args], { cwd: REPO, encoding: 'utf8', env: merged });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file of a folder with its bytes' hash: equal before and after means nothing was touched. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(walkFiles(dir).map((f) => [relative(dir, f), createHash('sha256').update(readFileSync(f)).digest('hex')]));
}

/** The sidebar's entries in document order, as a visitor reads them. */
function sidebarLabels(html: string): string[] {
  const nav = html.slice(html.indexOf('theme-doc-sidebar-menu'));
  return [...nav.matchAll(/class="[^"]*menu__link[^"]*"[^>]*>([^<]+)/g)].map((m) => m[1]!.trim());
}

describe('cheatsheet import (TypeScript config, env vars, sidebars.ts, i18n, blog, custom pages)', () => {
  it('writes a site that builds, reports what has no equivalent, and leaves the original untouched', () => {
    const before = snapshot(TS_SITE);
    const out = join(tempDir(), 'ponds');
    const r = cli(['import', TS_SITE, '--out', out], { PONDS_URL: 'https://ponds.test', PONDS_FOOTER_TOKEN: undefined });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(snapshot(TS_SITE)).toEqual(before);

    const report = r.stdout;
    expect(readFileSync(join(out, 'IMPORT-REPORT.md'), 'utf8')).toBe(report);
    expect(report).toContain('Pages imported: en 6, fr 2.');
    for (const line of [
      '**blog (1 posts)** (blog/)',
      '**custom page /about** (src/pages/about.md)',
      '**custom page /** (src/pages/index.tsx)',
      '**swizzled theme component** (src/theme/Footer/index.tsx)',
      '**custom CSS** (src/css/custom.css): Only CSS variables',
      '**plugins** (docusaurus.config.ts)',
      '**MDX files (1)** (docs/advanced/wildlife.mdx)',
      '**component src/components/Badge/index.tsx**',
      '**theme strings of fr** (i18n/fr/code.json)',
      '**html sidebar item in guideSidebar** (sidebars.ts)',
      '**navbar item "docsVersionDropdown"**',
      '**environment variable PONDS_FOOTER_TOKEN** (docusaurus.config.ts)',
      '**theme UI strings of fr** (i18n/fr.json)',
    ]) {
      expect(report).toContain(line);
    }
    expect(report).not.toContain('environment variable PONDS_URL');
    expect(report).toMatch(/\*\*4 untranslated pages in fr\*\* .*Translate: advanced\/filters\.md, advanced\/wildlife\.mdx, basics\/index\.md, basics\/plants\.md\./);
    // Links into routes that were not imported are dropped (their text stays), each named.
    expect(report).toContain('docs/intro.md: link to /blog/spring-start (a blog route, not imported) kept as text: "spring journal entry"');
    expect(report).toContain('docusaurus.config.ts: navbar link "Journal" to /blog (a route that was not imported) dropped');
    expect(report.trimEnd().split('\n').slice(-4)).toEqual(['```sh', `cd ${out} && npm i && npx cheatsheet build`, 'npx cheatsheet serve', '```']);
    expect(existsSync(join(out, 'src', 'components', 'Badge', 'index.tsx'))).toBe(true);
    expect(existsSync(join(out, 'static', 'img', 'logo.svg'))).toBe(true);
    expect(readFileSync(join(out, 'site.config.ts'), 'utf8')).toContain("import { defineConfig } from 'cheatsheet';");

    const build = cli(['--root', out, 'build']);
    expect(build.stderr).not.toMatch(/^error/m);
    expect(build.status).toBe(0);
    const en = readFileSync(join(out, 'build', 'docs', 'intro.html'), 'utf8');
    expect(en).toContain('<title>Welcome to pond keeping | Pond Keeping</title>');
    expect(en).toContain('Read the spring journal entry before you dig.');
    expect(en).not.toContain('Journal');
    expect(en).toContain('href="/ponds/docs/basics/first-pond"');
    // The order of sidebars.ts: a doc, a category with its own page, a category of generated items, a link.
    expect(sidebarLabels(readFileSync(join(out, 'build', 'docs', 'basics', 'plants.html'), 'utf8'))).toEqual(['Welcome to pond keeping', 'Basics', 'First pond', 'Plants', 'Advanced', 'Pond club']);
    expect(sidebarLabels(readFileSync(join(out, 'build', 'docs', 'advanced', 'filters.html'), 'utf8'))).toContain('Filters');
    const fr = readFileSync(join(out, 'build', 'fr', 'docs', 'intro.html'), 'utf8');
    expect(fr).toContain('<title>Bienvenue | Pond Keeping</title>');
    expect(fr).toContain('lang="fr-FR"');
    // current.json, navbar.json and footer.json translations became per-locale labels.
    expect(sidebarLabels(readFileSync(join(out, 'build', 'fr', 'docs', 'basics', 'first-pond.html'), 'utf8'))).toEqual(['Bienvenue', 'Les bases', 'Premier bassin', 'Plants', 'Pour aller plus loin', 'Pond club']);
    expect(fr).toContain('Guide pratique');
    // code.json's theme strings are the theme's too: the paginator says "Suivant".
    expect(report).toContain('**theme strings of fr** (i18n/fr/code.json): 1 message carried into i18n/fr.json');
    expect(fr).toMatch(/pagination-nav__sublabel">Suivant</);
    expect(fr).toContain('Apprendre');
    // An untranslated page is not copied: fr shows the English page with the notice, as Docusaurus does.
    expect(existsSync(join(out, 'content', 'fr', 'basics', 'plants.md'))).toBe(false);
    const plantsFr = readFileSync(join(out, 'build', 'fr', 'docs', 'basics', 'plants.html'), 'utf8');
    expect(plantsFr).toContain('theme-doc-not-translated');
    expect(plantsFr).toContain('lang="fr-FR"');
    // Images sit beside the pages as in Docusaurus (publishing them is the content loader's part, issue 14).
    expect(readFileSync(join(out, 'content', 'fr', 'basics', 'shelf.svg'))).toEqual(readFileSync(join(TS_SITE, 'i18n', 'fr', 'docusaurus-plugin-content-docs', 'current', 'basics', 'shelf.svg')));
  });
});

describe('cheatsheet import (CommonJS config, .env, sidebars.json shorthand, one locale)', () => {
  it('maps routeBasePath, the doc navbar item and the shorthand categories', () => {
    const before = snapshot(JS_SITE);
    const out = join(tempDir(), 'bikes');
    const r = cli(['import', JS_SITE, '--out', out], { SITE_TITLE: undefined });
    expect(r.status).toBe(0);
    expect(snapshot(JS_SITE)).toEqual(before);
    expect(r.stdout).toContain('Pages imported: en 3.');
    expect(r.stdout).toContain('**repoUrl**');
    // spokes.md has no `title`: titled from its heading, as in Docusaurus, so nothing to report.
    expect(r.stdout).not.toContain('without a `title`');
    const build = cli(['--root', out, 'build']);
    expect(build.status).toBe(0);
    const tyres = readFileSync(join(out, 'build', 'handbook', 'tyres', 'index.html'), 'utf8'); // trailingSlash unset: as Docusaurus lays it out
    // The title came from .env through require('dotenv').config(), a package that is not installed.
    expect(tyres).toContain('<title>Tyres | Bike Repair</title>');
    expect(sidebarLabels(tyres)).toEqual(['Wheels', 'Tyres', 'Spokes', 'Brakes']);
    const spokes = readFileSync(join(out, 'build', 'handbook', 'spokes', 'index.html'), 'utf8');
    expect(spokes).toContain('<title>Spokes | Bike Repair</title>');
    // An image in a dot folder of the docs (`.assets/`, as GitBook exports write `.gitbook/assets/`) is copied;
    // a Markdown file there is no page, as in Docusaurus ('Pages imported: en 3.' above).
    expect(spokes).toMatch(/<img src="\/assets\/images\/spoke-key-[0-9a-f]{8}\.svg" alt="A spoke key"/);
    expect(existsSync(join(out, 'content', 'en', '.assets', 'notes.md'))).toBe(false);
    expect(sidebarLabels(readFileSync(join(out, 'build', 'handbook', 'brakes', 'pads', 'index.html'), 'utf8'))).toEqual(['Wheels', 'Brakes', 'Brake pads']);
    expect(tyres).toMatch(/<a[^>]*href="\/handbook\/tyres"[^>]*>Handbook</);
    // Docusaurus's `to: '/'` is the site's root: a link to baseUrl.
    expect(tyres).toMatch(/<a[^>]*href="\/"[^>]*>Start</);
  });
});

describe('cheatsheet import: bad input', () => {
  it('names a folder without a Docusaurus config, an output inside the site and a non-empty output', () => {
    const empty = tempDir();
    const none = cli(['import', empty, '--out', join(tempDir(), 'x')]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('has no docusaurus.config.{ts,js,mjs,cjs}: is it a Docusaurus site?');

    const inside = cli(['import', JS_SITE, '--out', join(JS_SITE, 'converted')]);
    expect(inside.status).toBe(1);
    expect(inside.stderr).toContain('is inside the Docusaurus site: the import never writes there.');
    expect(existsSync(join(JS_SITE, 'converted'))).toBe(false);

    const full = tempDir();
    mkdirSync(join(full, 'out'));
    writeFileSync(join(full, 'out', 'keep.txt'), 'mine');
    const notEmpty = cli(['import', JS_SITE, '--out', join(full, 'out')]);
    expect(notEmpty.status).toBe(1);
    expect(notEmpty.stderr).toContain('is not empty: the import writes a new site and never overwrites.');
    expect(readdirSync(join(full, 'out'))).toEqual(['keep.txt']);
    for (const r of [none, inside, notEmpty]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
