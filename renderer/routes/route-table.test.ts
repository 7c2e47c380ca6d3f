// The route table from synthetic processed docs: sidebar order and membership, category links,
// breadcrumbs, prev/next, TOC levels, alternates with x-default.
import { describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../config/load.ts';
import { validateConfig } from '../config/validate.ts';
import type { CategorySource, LocaleContent } from '../content/load.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { FrontMatter } from '../content/front-matter.ts';
import { buildRouteTable } from './route-table.ts';
import { docIdentity } from '../content/doc-identity.ts';
import { localeInfos } from './site-data.ts';

const raw = {
  title: 'T',
  tagline: 'Tag',
  favicon: 'f.svg',
  url: 'https://example.github.io',
  baseUrl: '/b/',
  trailingSlash: false,
  repoUrl: 'https://github.com/x/y',
  ebook: { title: 'E', href: 'https://example.com/e.pdf' },
  i18n: { defaultLocale: 'en', sourceLocale: 'pt-BR', locales: ['pt-BR', 'en'], localeConfigs: { 'pt-BR': { label: 'PT', htmlLang: 'pt-BR', path: 'pt-BR' }, en: { label: 'EN', htmlLang: 'en', path: 'en' } } },
  themeConfig: { navbar: { items: [] }, footer: { copyright: 'c' } },
};
const loaded: LoadedConfig = { root: '/', file: 'site.config.ts', config: validateConfig(raw, 'site.config.ts') };

function doc(locale: string, relPath: string, fm: Partial<FrontMatter>, headings: ProcessedDoc['headings'] = []): ProcessedDoc {
  const { position, ...identity } = docIdentity({ relPath, title: fm.title, sidebarPosition: fm.sidebar_position });
  const slash = relPath.indexOf('/');
  return { locale, relPath, file: `content/${locale}/${relPath}`, ...identity, ...(position !== undefined ? { position } : {}), fallback: false, assets: [], tags: [], problems: [], category: slash > 0 ? relPath.slice(0, slash) : undefined, frontMatter: fm, html: '', headings, sections: [], links: [], warnings: [], bodyHash: '' };
}
function category(locale: string, key: string, label: string, position: number): [string, CategorySource] {
  return [key, { locale, key, file: `content/${locale}/${key}/_category_.json`, meta: { label, position }, problems: [], fallback: false }];
}

function localeContent(locale: string, extra: ProcessedDoc[] = []): LocaleContent {
  return {
    locale,
    docs: [
      doc(locale, 'intro.md', { title: 'Intro', sidebar: false }),
      doc(locale, 'start/index.md', { title: 'Start' }),
      doc(locale, 'start/contributing.md', { title: 'Contributing', sidebar_position: 2 }),
      doc(locale, 'compute/lambda.md', { title: 'Lambda', sidebar_position: 2 }),
      doc(locale, 'compute/ec2.md', { title: 'EC2', sidebar_position: 1 }, [
        { level: 2, id: 'what', text: 'What' },
        { level: 3, id: 'sub', text: 'Sub' },
        { level: 4, id: 'deep', text: 'Deep' },
      ]),
      doc(locale, 'compute/outposts.md', { title: 'Outposts', sidebar: false }),
      ...extra,
    ],
    categories: new Map([category(locale, 'start', 'Start here', 1), category(locale, 'compute', locale === 'en' ? 'Compute' : 'Computação', 2)]),
  };
}

const strings = new Map([
  ['pt-BR', { 'theme.docs.breadcrumbs.home': 'Início' }],
  ['en', { 'theme.docs.breadcrumbs.home': 'Home' }],
]);

describe('route table', () => {
  const content = new Map([
    ['pt-BR', localeContent('pt-BR', [doc('pt-BR', 'compute/only-pt.md', { title: 'Só PT' })])],
    ['en', localeContent('en')],
  ]);
  const table = buildRouteTable({ loaded, locales: localeInfos(loaded.config), content, strings });
  const route = (path: string) => table.byPath.get(path)!.data;

  it('has home, docs root, search, 404 and every doc per locale', () => {
    expect(table.routes.filter((r) => r.data.locale === 'en').map((r) => r.data.path)).toEqual([
      '/b/',
      '/b/docs',
      '/b/search',
      '/b/404',
      '/b/docs/intro',
      '/b/docs/start',
      '/b/docs/start/contributing',
      '/b/docs/compute/lambda',
      '/b/docs/compute/ec2',
      '/b/docs/compute/outposts',
    ]);
    expect(table.byPath.get('/b/pt-BR/docs/compute/ec2')!.outFile).toBe('pt-BR/docs/compute/ec2.html');
  });

  it('orders the sidebar by position, uses index pages as category links and leaves out sidebar: false', () => {
    const sidebar = table.sidebars.get('en')!;
    expect(sidebar.map((i) => i.label)).toEqual(['Start here', 'Compute']);
    const [start, compute] = sidebar;
    expect(start).toMatchObject({ type: 'category', href: '/b/docs/start', items: [{ label: 'Contributing' }] });
    expect(compute!.type === 'category' && compute!.items.map((i) => i.label)).toEqual(['EC2', 'Lambda']);
  });

  it('gives prev/next in sidebar order and none to pages outside the sidebar', () => {
    expect(route('/b/docs/compute/ec2').doc).toMatchObject({ prev: { href: '/b/docs/start/contributing' }, next: { href: '/b/docs/compute/lambda' }, inSidebar: true });
    expect(route('/b/docs/start').doc).toMatchObject({ next: { href: '/b/docs/start/contributing' } });
    expect(route('/b/docs/start').doc!.prev).toBeUndefined();
    const outposts = route('/b/docs/compute/outposts').doc!;
    expect(outposts.inSidebar).toBe(false);
    expect(outposts.prev).toBeUndefined();
    expect(outposts.next).toBeUndefined();
  });

  it('builds breadcrumbs: home, category (linked), page', () => {
    expect(route('/b/pt-BR/docs/compute/ec2').doc!.breadcrumbs).toEqual([{ label: 'Início', href: '/b/pt-BR/' }, { label: 'Computação', href: '/b/pt-BR/docs#compute' }, { label: 'EC2' }]);
    expect(route('/b/docs/start/contributing').doc!.breadcrumbs).toEqual([{ label: 'Home', href: '/b/' }, { label: 'Start here', href: '/b/docs/start' }, { label: 'Contributing' }]);
    expect(route('/b/docs/compute/outposts').doc!.breadcrumbs).toEqual([{ label: 'Home', href: '/b/' }, { label: 'Compute', href: '/b/docs#compute' }, { label: 'Outposts' }]);
  });

  it('links a nested category with no page of its own nowhere: the docs root has sections for top folders only', () => {
    const nested = new Map([
      ['pt-BR', localeContent('pt-BR')],
      ['en', localeContent('en', [doc('en', 'compute/containers/fargate.md', { title: 'Fargate' })])],
    ]);
    const withNested = buildRouteTable({ loaded, locales: localeInfos(loaded.config), content: nested, strings });
    expect(withNested.byPath.get('/b/docs/compute/containers/fargate')!.data.doc!.breadcrumbs).toEqual([{ label: 'Home', href: '/b/' }, { label: 'Compute', href: '/b/docs#compute' }, { label: 'containers' }, { label: 'Fargate' }]);
  });

  it('keeps h2–h3 in the TOC', () => {
    expect(route('/b/docs/compute/ec2').doc!.toc.map((t) => t.id)).toEqual(['what', 'sub']);
  });

  it('links every locale version of a page, with x-default to the default locale', () => {
    const r = route('/b/pt-BR/docs/compute/ec2');
    expect(r.alternates.map((a) => a.href)).toEqual(['/b/pt-BR/docs/compute/ec2', '/b/docs/compute/ec2']);
    expect(r.head.alternates).toContainEqual({ hreflang: 'x-default', href: 'https://example.github.io/b/docs/compute/ec2' });
    expect(r.head.title).toBe('EC2 | T');
    expect(r.head.canonical).toBe('https://example.github.io/b/pt-BR/docs/compute/ec2');
    expect(route('/b/pt-BR/docs/compute/only-pt').alternates.map((a) => a.locale)).toEqual(['pt-BR']);
    expect(route('/b/search').head.noindex).toBe(true);
  });

  it('lists every doc of each category on the docs root', () => {
    const root = route('/b/docs').docsRoot!;
    expect(root.map((c) => c.key)).toEqual(['start', 'compute']);
    expect(root[0]!.href).toBe('/b/docs/start');
    expect(root[1]!.items.map((i) => i.label)).toEqual(['EC2', 'Lambda', 'Outposts']);
  });
});
