// A site laid out as Docusaurus 3 lays out its docs (docs/, i18n/<locale>/docusaurus-plugin-content-docs/),
// built unchanged: ids, URLs in every trailing-slash mode, order, sidebar, titles, category pages, partials,
// drafts, unlisted pages, pagination, edit links, last update and the "not translated yet" fallback.
import { describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../renderer/build.ts';
import { makeSite } from './helpers/fixture-site.ts';

const config = (extra: string) => `export default {
  title: 'Orchard',
  tagline: 'Notes on growing fruit trees',
  favicon: 'img/favicon.svg',
  url: 'https://orchard.example.org',
  baseUrl: '/site/',
  repoUrl: 'https://git.example.org/orchard',
  ebook: { title: 'Pruning guide', href: 'https://orchard.example.org/pruning.pdf' },
  ${extra}
  i18n: {
    defaultLocale: 'en',
    sourceLocale: 'en',
    locales: ['en', 'es'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en', path: 'en' }, es: { label: 'Español', htmlLang: 'es', path: 'es' } },
  },
  themeConfig: { navbar: { items: [] }, footer: { copyright: 'Orchard notes' } },
};
`;

const DOCS: Record<string, string> = {
  'docs/intro.md': '---\nslug: /\n---\n\n# Welcome to the orchard\n\nStart with [the first steps](./01-basics/01-first.md).\n',
  'docs/01-basics/_category_.yml': 'label: Basics\ncollapsible: false\nclassName: basics-cat\n',
  'docs/01-basics/01-first.md': '---\ntitle: First steps\nid: start\n---\n\nPick a sunny spot. Then read [the second step](02-second.md#water).\n',
  'docs/01-basics/02-second.md': '---\nsidebar_label: Second step\npagination_label: Watering\n---\n\n# Second\n\n## Water\n\nWater deeply once a week. Back to [the start](./01-first.md) or [the intro](/docs/intro.md).\n',
  'docs/02-guides/02-guides.md': '---\ntitle: Guides overview\n---\n\nHow-to guides for the season.\n',
  'docs/02-guides/graft.md': '---\nsidebar_position: 1\n---\n\n# Grafting\n\nJoin a scion to a rootstock.\n\n![A cleft graft](./img/cleft.png)\n\nPrint [the checklist](files/checklist.pdf).\n',
  'docs/02-guides/harvest.md': '---\nslug: /pick-fruit\npagination_next: null\n---\n\n# Harvest\n\nPick when the fruit comes away with a gentle twist.\n\n![Basket](/img/basket.svg) ![Ladder](../../static/img/ladder.svg)\n',
  'docs/02-guides/img/cleft.png': 'not really a PNG, but bytes all the same',
  'docs/02-guides/files/checklist.pdf': '%PDF-1.4 checklist',
  'static/img/basket.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'static/img/ladder.svg': '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
  'docs/02-guides/_shared-tip.md': '# A partial\n\nIncluded elsewhere, never a page.\n',
  'docs/_snippets/note.md': '# Another partial\n',
  'docs/03-reference/_category_.json': JSON.stringify({ label: 'Reference', link: { type: 'generated-index', title: 'All reference pages', description: 'Tables and terms.', slug: '/reference-index' } }),
  'docs/03-reference/soil.md': '---\ndescription: Soil types and their pH.\n---\n\n# Soil\n\nLoam drains well.\n',
  'docs/03-reference/terms.md': '# Terms\n\nA scion is the upper part of a [graft](02-guides/graft.md).\n',
  'docs/secret.md': '---\nunlisted: true\n---\n\n# Secret page\n\nOnly for people with the link.\n',
  'docs/wip.md': '---\ndraft: true\n---\n\n# Work in progress\n',
  'docs/edited.md': '---\ncustom_edit_url: https://elsewhere.example.org/edit/edited.md\nlast_update:\n  date: 2024-02-03\n  author: Ana Lima\n---\n\n# Edited\n\nText.\n',
  'i18n/es/docusaurus-plugin-content-docs/current/01-basics/01-first.md': '---\ntitle: Primeros pasos\nid: start\n---\n\nElige un lugar soleado. Ver [las guías](/es/docs/guides) y [la cosecha](/es/docs/pick-fruit/).\n',
  'i18n/es/docusaurus-plugin-content-docs/current.json': JSON.stringify({ 'sidebar.tutorialSidebar.category.Basics': { message: 'Fundamentos', description: 'label of the Basics category' } }),
};

const DOCS_OPTIONS = "docs: { editUrl: 'https://git.example.org/orchard/edit/main/', showLastUpdateTime: true, showLastUpdateAuthor: true },";

async function buildSite(trailingSlash: boolean | undefined, files = DOCS): Promise<BuildResult & { html: (rel: string) => string }> {
  const slash = trailingSlash === undefined ? '' : `trailingSlash: ${trailingSlash},`;
  const root = makeSite(files, { configSource: config(`${slash} ${DOCS_OPTIONS}`) });
  const result = await build({ root, write: false, bundle: false }).catch((err: { message: string; details?: string[]; links?: unknown[] }) => {
    // Name every problem in the failure, not just the count.
    throw new Error(`${err.message}\n${[...(err.details ?? []), ...(err.links ?? []).map((l) => JSON.stringify(l))].join('\n')}`);
  });
  const html = (rel: string) => {
    const f = result.files.get(rel);
    if (f === undefined) throw new Error(`no output file ${rel}; have: ${[...result.files.keys()].filter((k) => k.endsWith('.html')).join(', ')}`);
    return String(f);
  };
  return { ...result, html };
}

const sidebarOf = (page: string) => page.slice(page.indexOf('theme-doc-sidebar-menu'), page.indexOf('</nav>', page.indexOf('theme-doc-sidebar-menu')));
const text = (s: string) => s.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('a Docusaurus 3 docs folder', () => {
  it('puts every doc at the URL and output file Docusaurus gives it (trailingSlash: false)', async () => {
    const site = await buildSite(false);
    const pages = [...site.files.keys()].filter((k) => k.endsWith('.html') && !k.startsWith('es/')).sort();
    expect(pages).toEqual(
      ['404.html', 'index.html', 'search.html', 'docs.html', 'docs/basics/start.html', 'docs/basics/second.html', 'docs/guides.html', 'docs/guides/graft.html', 'docs/pick-fruit.html', 'docs/reference-index.html', 'docs/reference/soil.html', 'docs/reference/terms.html', 'docs/secret.html', 'docs/edited.html'].sort(),
    );
    // Links to files, relative, without ./ and site-absolute, point at the target's real URL.
    expect(site.html('docs.html')).toContain('href="/site/docs/basics/start"');
    expect(site.html('docs/basics/start.html')).toContain('href="/site/docs/basics/second#water"');
    const second = site.html('docs/basics/second.html');
    expect(second).toContain('href="/site/docs/basics/start"');
    expect(second).toContain('href="/site/docs"');
    // A relative file link not found beside the page is read from the docs folder's root, as Docusaurus does.
    expect(site.html('docs/reference/terms.html')).toContain('href="/site/docs/guides/graft"');
  });

  it('writes x/index.html and links ending in / with trailingSlash: true', async () => {
    const site = await buildSite(true);
    expect(site.files.has('docs/basics/start/index.html')).toBe(true);
    expect(site.files.has('docs/index.html')).toBe(true);
    expect(site.files.has('docs/basics/start.html')).toBe(false);
    expect(site.html('docs/basics/start/index.html')).toContain('href="/site/docs/basics/second/#water"');
    expect(site.html('docs/basics/start/index.html')).toContain('<link rel="canonical" href="https://orchard.example.org/site/docs/basics/start/">');
  });

  it('writes x/index.html with links without a slash when trailingSlash is unset', async () => {
    const slashSlug = { ...DOCS, 'docs/02-guides/tools.md': '---\nslug: /guides/kit/tools/\n---\n\n# Tools\n\nSee [grafting](../../graft) and [the harvest](../../../pick-fruit), or [soil](/site/docs/reference/soil) by its full path.\n\n## Sharpening\n\nKeep the knife keen.\n',
      'docs/03-reference/soil.md': '---\ntitle: Soil\n---\n\nSee [the tools](../02-guides/tools.md#sharpening), [the guides](../02-guides/02-guides.md) and [the terms](./terms.md).\n',
      // In es that full path would not start with es's base (/site/es/): Docusaurus would prefix it, a broken link.
      'i18n/es/docusaurus-plugin-content-docs/current/02-guides/tools.md': '---\nslug: /guides/kit/tools/\n---\n\n# Herramientas\n\n## Afilado {#sharpening}\n' };
    const site = await buildSite(undefined, slashSlug);
    expect(site.files.has('docs/basics/start/index.html')).toBe(true);
    expect(site.html('docs/basics/start/index.html')).toContain('href="/site/docs/basics/second#water"');
    expect(site.files.has('404.html')).toBe(true);
    // A slug ending in `/` keeps its slash in the permalink here, as in Docusaurus: relative URLs resolve from it.
    const tools = site.html('docs/guides/kit/tools/index.html');
    expect(tools).toContain('href="/site/docs/guides/graft"');
    expect(tools).toContain('href="/site/docs/pick-fruit"');
    // A path written with the base URL already gets it once, as Docusaurus's Link does.
    expect(tools).toContain('href="/site/docs/reference/soil"');
    // Links to such a page — and to a category's index page, whose slug is its folder's (/guides/) — are written
    // with the slash, as Docusaurus writes their permalinks: sidebar, Markdown links by file, canonical.
    expect(tools).toContain('<link rel="canonical" href="https://orchard.example.org/site/docs/guides/kit/tools/">');
    expect(sidebarOf(tools)).toMatch(/<a href="\/site\/docs\/guides\/kit\/tools\/"[^>]*aria-current="page"/);
    expect(sidebarOf(tools)).toContain('<a href="/site/docs/guides/" class="menu__link menu__link--sublist');
    const soil = site.html('docs/reference/soil/index.html');
    expect(soil).toContain('href="/site/docs/guides/kit/tools/#sharpening"');
    expect(soil).toContain('href="/site/docs/guides/"');
    expect(soil).toContain('href="/site/docs/reference/terms"');
    expect(site.html('docs/guides/index.html')).toContain('<link rel="canonical" href="https://orchard.example.org/site/docs/guides/">');
    // trailingSlash: false drops it, so the same links resolve one level up.
    const strict = (await buildSite(false, { ...slashSlug, 'docs/02-guides/tools.md': slashSlug['docs/02-guides/tools.md']!.replace('../../graft', '../graft').replace('../../../pick-fruit', '../../pick-fruit') })).html('docs/guides/kit/tools.html');
    expect(strict).toContain('href="/site/docs/guides/graft"');
  });

  it('orders the sidebar by number prefix and position, with category pages and _category_ fields', async () => {
    const site = await buildSite(false);
    const sidebar = sidebarOf(site.html('docs/guides/graft.html'));
    // Positioned items first (number prefixes), then the others in file order; a category without
    // _category_ is labelled as Docusaurus labels it: by the doc it links to (02-guides/02-guides.md's title: a doc named like its folder, number prefix included), else
    // by its folder name; its items shown when it holds the current page.
    expect(text(sidebar).replace(/^.*?> /, '')).toBe('Basics First steps Second step Guides overview Grafting Harvest Reference Edited Welcome to the orchard');
    // collapsible: false → no caret; className on the category.
    expect(sidebar).toMatch(/class="[^"]*theme-doc-sidebar-item-category[^"]* basics-cat"/);
    expect(sidebar).not.toContain('aria-label="Collapse sidebar category &#x27;Basics&#x27;"');
    // A doc named like its folder is the category's page; a generated index is Reference's page.
    expect(sidebar).toContain('<a href="/site/docs/guides" class="menu__link menu__link--sublist');
    expect(sidebar).toContain('<a href="/site/docs/reference-index" class="menu__link menu__link--sublist');
    expect(sidebarOf(site.html('docs/guides.html'))).toContain('Grafting');
    // Unlisted and draft pages are not in the sidebar; partials are not pages at all.
    expect(sidebar).not.toContain('Secret page');
    expect(sidebar).not.toContain('Work in progress');
    expect([...site.files.keys()].some((k) => /partial|shared-tip|snippets|wip/.test(k))).toBe(false);
  });

  it('titles a page from front matter, else its opening heading (shown once), else the file name', async () => {
    const site = await buildSite(false);
    const first = site.html('docs/basics/start.html');
    expect(first).toContain('<title>First steps | Orchard</title>');
    expect(first).toContain('<h1 class="doc-title">First steps</h1>');
    const second = site.html('docs/basics/second.html');
    expect(second).toContain('<title>Second | Orchard</title>');
    expect(second.match(/<h1\b/g)).toHaveLength(1);
    expect(second).not.toContain('class="doc-title"');
    // `title: ""` is accepted, as by Docusaurus: no page title, so <title> is the site's alone; the page
    // shows its own heading (and none when it has none), and the sidebar names it by that heading.
    const noHeading = await buildSite(false, {
      ...DOCS,
      'docs/01-basics/plain-notes.md': 'Just a paragraph, then [a relative URL](../guides/graft).\n',
      'docs/01-basics/empty-title.md': '---\ntitle: ""\n---\n\n# Pruning calendar\n\nText.\n',
      'docs/01-basics/bare.md': '---\ntitle: ""\n---\n\nNo heading at all.\n',
    });
    const empty = noHeading.html('docs/basics/empty-title.html');
    expect(empty).toContain('<title>Orchard</title>');
    expect(empty).toContain('<meta property="og:title" content="Orchard">');
    expect(empty.match(/<h1\b[^>]*>[^<]*/g)).toEqual(['<h1 id="pruning-calendar">Pruning calendar']);
    expect(empty).toMatch(/href="\/site\/docs\/basics\/empty-title"[^>]*>Pruning calendar</);
    const bare = noHeading.html('docs/basics/bare.html');
    expect(bare).toContain('<title>Orchard</title>');
    expect(bare).not.toMatch(/<h1\b/);
    const notes = noHeading.html('docs/basics/plain-notes.html');
    expect(notes).toContain('<h1 class="doc-title">plain-notes</h1>');
    // A relative URL is resolved from the page's own URL, as the browser does, and written out.
    expect(notes).toContain('href="/site/docs/guides/graft"');
  });

  it('paginates in sidebar order with pagination_label, and pagination_next: null hides the link', async () => {
    const site = await buildSite(false);
    const first = site.html('docs/basics/start.html');
    expect(text(first.slice(first.indexOf('pagination-nav__link--next')))).toMatch(/^[^<]*Next Watering/);
    const harvest = site.html('docs/pick-fruit.html');
    expect(harvest).toContain('pagination-nav__link--prev');
    expect(harvest).not.toContain('pagination-nav__link--next');
  });

  it('shows the sidebar displayed_sidebar names, and a doc of another sidebar shows that one', async () => {
    const sidebars = "docs: { sidebars: { tutorialSidebar: ['intro', 'pests'], toolsSidebar: ['tools/shears', 'tools/saw'] } },";
    const files = {
      'docs/intro.md': '# Welcome\n\nText.\n',
      'docs/pests.md': '# Pests\n\nAphids and mites.\n',
      'docs/tools/shears.md': '# Shears\n\nKeep them sharp.\n',
      'docs/tools/saw.md': '# Saw\n\nFor thick branches.\n',
      'docs/care.md': '---\ndisplayed_sidebar: toolsSidebar\n---\n\n# Tool care\n\nOil the blades.\n',
      'docs/hidden.md': '---\ndisplayed_sidebar: null\n---\n\n# No sidebar\n',
    };
    const root = makeSite(files, { configSource: config(`trailingSlash: false, ${sidebars}`) });
    const result = await build({ root, write: false, bundle: false });
    const html = (rel: string) => String(result.files.get(rel));
    const labels = (page: string) => [...sidebarOf(page).matchAll(/class="menu__link[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(labels(html('docs/intro.html'))).toEqual(['Welcome', 'Pests']);
    // Named in the front matter: the tools sidebar, though the doc is in no sidebar.
    expect(labels(html('docs/care.html'))).toEqual(['Shears', 'Saw']);
    // In the tools sidebar only: that sidebar, its own link current.
    const saw = html('docs/tools/saw.html');
    expect(labels(saw)).toEqual(['Shears', 'Saw']);
    expect(sidebarOf(saw)).toMatch(/aria-current="page"[^>]*href="\/site\/docs\/tools\/saw"|href="\/site\/docs\/tools\/saw"[^>]*aria-current="page"/);
    expect(html('docs/hidden.html')).not.toContain('theme-doc-sidebar-menu');
    // A sidebar name that does not exist is an error naming the file.
    const wrong = makeSite({ ...files, 'docs/care.md': '---\ndisplayed_sidebar: toolSidebar\n---\n\n# Tool care\n' }, { configSource: config(`trailingSlash: false, ${sidebars}`) });
    await expect(build({ root: wrong, write: false, bundle: false })).rejects.toThrow(/displayed_sidebar names the sidebar "toolSidebar", which does not exist/);
  });

  it('lists a generated index category as cards with its title and description', async () => {
    const site = await buildSite(false);
    const index = site.html('docs/reference-index.html');
    expect(index).toContain('<title>All reference pages | Orchard</title>');
    expect(index).toContain('Tables and terms.');
    expect(index).toMatch(/<a class="card[^"]*" href="\/site\/docs\/reference\/soil"><h2[^>]*>📄️ Soil<\/h2><p[^>]*>Soil types and their pH.<\/p>/);
    expect(index).toContain('href="/site/docs/reference/terms"');
  });

  it('lists subcategories as cards with their item count, on a generated index and in <DocCardList />', async () => {
    const files = {
      ...DOCS,
      'docs/04-trees/index.mdx': "---\ntitle: Trees\n---\n\nimport DocCardList from '@theme/DocCardList';\n\nThe trees we grow.\n\n<DocCardList />\n",
      'docs/04-trees/apple.md': '---\ndescription: Crisp and hardy.\n---\n\n# Apple\n',
      'docs/04-trees/stone-fruit/_category_.json': JSON.stringify({ label: 'Stone fruit', link: { type: 'generated-index', slug: '/stone-fruit' } }),
      'docs/04-trees/stone-fruit/plum.md': '# Plum\n',
      'docs/04-trees/stone-fruit/cherry.md': '# Cherry\n',
      'docs/04-trees/citrus/lemon.md': '# Lemon\n',
    };
    const site = await buildSite(false, files);
    const trees = site.html('docs/trees.html');
    const list = trees.slice(trees.indexOf('data-doc-card-list'), trees.indexOf('</section>', trees.indexOf('data-doc-card-list')));
    expect(list).toMatch(/<a class="card[^"]*" href="\/site\/docs\/trees\/apple"><h2[^>]*>📄️ Apple<\/h2><p[^>]*>Crisp and hardy.<\/p>/);
    // A category with a page of its own links there; one without links to its first doc.
    expect(list).toMatch(/<a class="card[^"]*" href="\/site\/docs\/stone-fruit"><h2[^>]*>🗃️ Stone fruit<\/h2><p[^>]*>2 pages<\/p>/);
    expect(list).toMatch(/<a class="card[^"]*" href="\/site\/docs\/trees\/citrus\/lemon"><h2[^>]*>🗃️ citrus<\/h2><p[^>]*>1 page<\/p>/);
    // The page itself is not among its cards.
    expect(list).not.toContain('📄️ Trees');
    // The generated index of a category whose items hold a subcategory: the same cards.
    const top = site.html('docs/reference-index.html');
    expect(top).toMatch(/href="\/site\/docs\/reference\/soil"><h2[^>]*>📄️ Soil/);
  });

  it('builds unlisted pages with noindex and a banner, out of the sitemap', async () => {
    const site = await buildSite(false);
    const secret = site.html('docs/secret.html');
    expect(secret).toContain('<meta name="robots" content="noindex, follow">');
    expect(secret).toContain('This page is unlisted.');
    expect(String(site.files.get('sitemap.xml'))).not.toContain('docs/secret');
  });

  it('shows "Edit this page" and "Last updated" as configured', async () => {
    const site = await buildSite(false);
    expect(site.html('docs/basics/second.html')).toContain('href="https://git.example.org/orchard/edit/main/docs/01-basics/02-second.md"');
    const edited = site.html('docs/edited.html');
    expect(edited).toContain('href="https://elsewhere.example.org/edit/edited.md"');
    expect(text(edited)).toContain('Last updated on Feb 3, 2024 by Ana Lima');
  });

  it('builds a page a locale lacks from the source page, at that locale\'s URL, with a notice in its language', async () => {
    const site = await buildSite(false);
    const translated = site.html('es/docs/basics/start.html');
    expect(translated).toContain('<h1 class="doc-title">Primeros pasos</h1>');
    expect(translated).not.toContain('Aún no traducida');
    // A link that already has the locale prefix keeps one; a trailing slash the site does not use still finds the page.
    expect(translated).toContain('href="/site/es/docs/guides"');
    expect(translated).toContain('href="/site/es/docs/pick-fruit/"');
    const fallback = site.html('es/docs/basics/second.html');
    expect(fallback).toContain('Aún no traducida');
    expect(fallback).toContain('Water deeply once a week.');
    // Its links stay in the locale: no /es/es/, no jump to the English site.
    expect(fallback).toContain('href="/site/es/docs/basics/start"');
    // Category labels translated in current.json.
    expect(text(sidebarOf(fallback))).toContain('Fundamentos');
  });

  it("a category labelled by its doc follows the locale, as Docusaurus: the translated doc's title, else current.json by that label or the doc's sidebar_key", async () => {
    const site = await buildSite(false, {
      ...DOCS,
      // Guides: its doc is translated, so the Spanish sidebar takes the Spanish title.
      'i18n/es/docusaurus-plugin-content-docs/current/02-guides/02-guides.md': '---\ntitle: Resumen de guías\n---\n\nGuías de la temporada.\n',
      // Tools: its doc is not translated; current.json translates the label it gives.
      'docs/05-tools/index.md': '# Tool shed\n\nRakes and spades.\n',
      'docs/05-tools/rakes.md': '# Rakes\n\nTines.\n',
      // Soil: its doc names a translation key (sidebar_key), which wins over the label.
      'docs/06-soil/index.md': '---\nsidebar_key: soil-category\n---\n\n# Soil\n\nLoam.\n',
      'docs/06-soil/compost.md': '# Compost\n\nLeaves.\n',
      'i18n/es/docusaurus-plugin-content-docs/current.json': JSON.stringify({
        'sidebar.tutorialSidebar.category.Basics': { message: 'Fundamentos' },
        'sidebar.tutorialSidebar.category.Tool shed': { message: 'Cobertizo' },
        'sidebar.tutorialSidebar.category.soil-category': { message: 'Suelo' },
      }),
    });
    // The label of each category: the first link, span or button of its row.
    const categories = (page: string) => [...sidebarOf(page).matchAll(/class="menu__list-item-collapsible"><(?:a|span|button)[^>]*>([^<]+)</g)].map((m) => m[1]!.trim());
    expect(categories(site.html('docs.html'))).toEqual(expect.arrayContaining(['Guides overview', 'Tool shed', 'Soil']));
    const es = categories(site.html('es/docs.html'));
    expect(es).toEqual(expect.arrayContaining(['Fundamentos', 'Resumen de guías', 'Cobertizo', 'Suelo']));
    expect(es).not.toContain('Tool shed');
    expect(es).not.toContain('Soil');
  });

  it('copies images and files with a content hash, next to the doc or in the static folder, as Docusaurus does', async () => {
    const site = await buildSite(false);
    const graft = site.html('docs/guides/graft.html');
    const img = /<img src="\/site\/(assets\/images\/cleft-[0-9a-f]{8}\.png)" alt="A cleft graft"/.exec(graft);
    expect(img, graft.slice(graft.indexOf('Join a scion'), graft.indexOf('Join a scion') + 400)).not.toBeNull();
    expect(String(site.files.get(img![1]!))).toBe('not really a PNG, but bytes all the same');
    const pdf = /href="\/site\/(assets\/files\/checklist-[0-9a-f]{8}\.pdf)"/.exec(graft);
    expect(pdf).not.toBeNull();
    expect(site.files.has(pdf![1]!)).toBe(true);
    const harvest = site.html('docs/pick-fruit.html');
    // A static URL and a path into the static folder: copies too (Docusaurus's transformImage requires them).
    expect(harvest).toMatch(/<img src="\/site\/assets\/images\/basket-[0-9a-f]{8}\.svg" alt="Basket">/);
    expect(harvest).toMatch(/<img src="\/site\/assets\/images\/ladder-[0-9a-f]{8}\.svg" alt="Ladder">/);
    // The fallback page of another locale shows the same images.
    expect(site.html('es/docs/guides/graft.html')).toContain(`<img src="/site/${img![1]}"`);
  });

  it('reports a missing image like a broken link, with its file and line', async () => {
    const files = { ...DOCS, 'docs/02-guides/graft.md': '# Grafting\n\nText.\n\n![Gone](./img/missing.png)\n' };
    await expect(buildSite(false, files)).rejects.toThrow(/^An image or file the page references does not exist: \.\/img\/missing\.png\ndocs\/02-guides\/graft\.md:5 → \.\/img\/missing\.png$/);
  });
});
