// Docs tags as Docusaurus's docs plugin makes them: `<docs>/tags` lists every tag with its count by first
// letter, `<docs>/tags/<permalink>` lists the tag's docs, per locale; `tags.yml` gives labels, permalinks and
// descriptions; unlisted docs are not counted; a doc's tags link to their pages. Both trailing-slash modes.
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { makeSite } from './helpers/fixture-site.ts';

const config = (trailingSlash: boolean) => `export default {
  title: 'Garden', tagline: 'Notes on a garden', favicon: 'img/favicon.svg', url: 'https://garden.example.org', baseUrl: '/site/',
  repoUrl: 'https://git.example.org/garden', ebook: { title: 'Garden book', href: 'https://garden.example.org/book.pdf' },
  trailingSlash: ${trailingSlash},
  i18n: { defaultLocale: 'en', sourceLocale: 'en', locales: ['en', 'es'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en', path: 'en' }, es: { label: 'Español', htmlLang: 'es', path: 'es' } } },
  themeConfig: { navbar: { items: [] }, footer: { copyright: 'Garden notes' } },
};
`;

const FILES: Record<string, string> = {
  'docs/planting.md': '---\ntitle: Planting\ndescription: When and where seeds go in.\ntags: [soil, Spring Planting]\n---\n\nDig a shallow row.\n',
  'docs/pruning.md': '---\ntitle: Pruning\ntags: [tools, soil]\n---\n\nCut above a bud.\n',
  'docs/watering.md': '---\ntitle: Watering\ntags: [drip]\n---\n\nWater at dawn.\n',
  'docs/hidden.md': '---\ntitle: Hidden notes\nunlisted: true\ntags: [soil]\n---\n\nNot listed.\n',
  'docs/tags.yml': 'drip:\n  label: Drip irrigation\n  permalink: /irrigation/drip\n  description: Water a little at a time, close to the roots.\n',
  'i18n/es/docusaurus-plugin-content-docs/current/planting.md': '---\ntitle: Siembra\ntags: [soil]\n---\n\nCava un surco poco profundo.\n',
};

async function buildSite(trailingSlash: boolean) {
  const root = makeSite(FILES, { configSource: config(trailingSlash) });
  const result = await build({ root, write: false, bundle: false });
  return (rel: string) => {
    const f = result.files.get(rel);
    if (f === undefined) throw new Error(`no ${rel}; have ${[...result.files.keys()].filter((k) => k.includes('tags')).join(', ')}`);
    return String(f);
  };
}

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&quot;/g, '"');
const main = (html: string) => html.slice(html.indexOf('theme-doc-markdown'), html.indexOf('</main>'));

describe('docs tags', () => {
  it('lists every tag with its count by first letter, tags.yml labels and permalinks applied, unlisted docs not counted', async () => {
    const page = await buildSite(false);
    const list = page('docs/tags.html');
    expect(h1(list)).toBe('Tags');
    const body = main(list);
    expect([...body.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(['D', 'S', 'T']);
    const tags = [...body.matchAll(/<a class="tag tag--regular" href="([^"]+)">([^<]+)<span class="tag__count">(\d+)<\/span>/g)].map((m) => [m[2], m[1], Number(m[3])]);
    expect(tags).toEqual([
      ['Drip irrigation', '/site/docs/tags/irrigation/drip', 1],
      ['soil', '/site/docs/tags/soil', 2],
      ['Spring Planting', '/site/docs/tags/spring-planting', 1],
      ['tools', '/site/docs/tags/tools', 1],
    ]);
  });

  it("a tag's page lists its docs with their descriptions, links back to all tags, and shows the tags.yml description", async () => {
    const page = await buildSite(false);
    const soil = page('docs/tags/soil.html');
    expect(h1(soil)).toBe('2 docs tagged with "soil"');
    expect(soil).toContain('<title>2 docs tagged with &quot;soil&quot; | Garden</title>');
    const body = main(soil);
    expect([...body.matchAll(/<a href="([^"]+)"><h2>([^<]+)<\/h2><\/a>/g)].map((m) => [m[2], m[1]])).toEqual([['Planting', '/site/docs/planting'], ['Pruning', '/site/docs/pruning']]);
    expect(body).toContain('<p>When and where seeds go in.</p>');
    expect(body).toContain('<a href="/site/docs/tags">View all tags</a>');
    expect(body).not.toContain('Hidden notes');
    expect(h1(page('docs/tags/irrigation/drip.html'))).toBe('One doc tagged with "Drip irrigation"');
    expect(page('docs/tags/irrigation/drip.html')).toContain('Water a little at a time, close to the roots.');
  });

  it("a doc's tags link to their pages", async () => {
    const page = await buildSite(false);
    const planting = page('docs/planting.html');
    expect(planting).toMatch(/<a href="\/site\/docs\/tags\/soil" class="tag tag--regular">soil<\/a>/);
    expect(planting).toMatch(/<a href="\/site\/docs\/tags\/spring-planting" class="tag tag--regular">Spring Planting<\/a>/);
  });

  it("each locale has its own tag pages, from its docs, in its language", async () => {
    const page = await buildSite(false);
    expect(h1(page('es/docs/tags.html'))).toBe('Etiquetas');
    const soil = page('es/docs/tags/soil.html');
    expect(h1(soil)).toBe('2 páginas con la etiqueta "soil"');
    expect(main(soil)).toContain('<a href="/site/es/docs/planting"><h2>Siembra</h2></a>');
    expect(main(soil)).toContain('Ver todas las etiquetas');
  });

  it('with trailingSlash: true, tag pages are folders and every link ends with a slash', async () => {
    const page = await buildSite(true);
    const list = page('docs/tags/index.html');
    expect(list).toContain('href="/site/docs/tags/soil/"');
    expect(main(page('docs/tags/soil/index.html'))).toContain('<a href="/site/docs/tags/">View all tags</a>');
    expect(page('docs/planting/index.html')).toContain('href="/site/docs/tags/soil/"');
  });

  it('a tags.yml entry of the wrong shape stops the build naming the file and the tag', async () => {
    const root = makeSite({ ...FILES, 'docs/tags.yml': 'drip:\n  label: [a, b]\n' }, { configSource: config(false) });
    await expect(build({ root, write: false, bundle: false })).rejects.toMatchObject({ location: { file: 'docs/tags.yml' }, message: expect.stringContaining('Invalid tag "drip": label') });
  });
});
