// The route table: one RouteData per page of every locale, computed by small pure functions.
import type { LoadedConfig } from '../config/load.ts';
import type { LocaleContent } from '../content/load.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { Alternate, Crumb, DocsRootCategory, HeadData, LocaleInfo, RouteData, RouteKind, SidebarItem } from '../shared/types.ts';
import { localeUrls, routePath } from '../shared/locale-urls.ts';
import { outputFileOf } from '../shared/urls.ts';
import { docLabel, flattenSidebar } from './sidebar.ts';
import { resolveSidebars } from './sidebar-config.ts';
import { longDate } from './dates.ts';
import { socialImage } from './social-image.ts';
import { buildToc } from './toc.ts';

export interface RouteEntry {
  data: RouteData;
  /** Output file relative to the output folder. */
  outFile: string;
  /** Route key shared by a page's versions in every locale: 'docs/compute/ec2', '' for home, '404'. */
  key: string;
  doc?: ProcessedDoc;
}

export interface RouteTable {
  routes: RouteEntry[];
  byPath: Map<string, RouteEntry>;
  /** The docs sidebar (docs.sidebarId) of each locale. */
  sidebars: Map<string, SidebarItem[]>;
  /** Every sidebar of each locale, by id (for navbar items that name another sidebar). */
  allSidebars: Map<string, Map<string, SidebarItem[]>>;
}

interface TableInput {
  loaded: LoadedConfig;
  locales: LocaleInfo[];
  content: Map<string, LocaleContent>;
  strings: Map<string, Record<string, string>>;
}

export function buildRouteTable({ loaded, locales, content, strings }: TableInput): RouteTable {
  const { config } = loaded;
  const docsSeg = config.docs.routeBasePath;
  const routes: RouteEntry[] = [];
  const sidebars = new Map<string, SidebarItem[]>();
  const allSidebars = new Map<string, Map<string, SidebarItem[]>>();

  for (const locale of locales) {
    const lc = content.get(locale.code)!;
    const t = strings.get(locale.code)!;
    const { base, docsBase } = localeUrls(config.baseUrl, locale.prefix, docsSeg);
    const hrefOf = (id: string) => (id ? `${docsBase}/${id}` : docsBase);
    const localeSidebars = resolveSidebars(config.docs.sidebars, config.docs.sidebarId, { locale: locale.code, localeBase: base, docs: lc.docs, categories: lc.categories, hrefOf, configFile: loaded.file });
    const sidebar = localeSidebars.get(config.docs.sidebarId)!;
    sidebars.set(locale.code, sidebar);
    allSidebars.set(locale.code, localeSidebars);
    const flat = flattenSidebar(sidebar);
    // Index by href once per locale: looking each page up by scanning would be quadratic in the site's size.
    const sidebarIndex = new Map<string, number>();
    flat.forEach((f, i) => sidebarIndex.has(f.href) || sidebarIndex.set(f.href, i));
    const docsRoot = buildDocsRoot(lc, hrefOf);
    const add = (key: string, kind: RouteKind, head: Omit<HeadData, 'canonical' | 'alternates'>, extra: Partial<RouteData> = {}, doc?: ProcessedDoc) => {
      const path = routePath(config.baseUrl, locale.prefix, key);
      const card = socialImage(config, locale.code, doc?.frontMatter.image);
      routes.push({ key, outFile: outputFileOf(config.baseUrl, path), doc, data: { kind, path, locale: locale.code, head: { ...head, ...card, canonical: config.url + path, alternates: [] }, alternates: [], ...extra } });
    };
    const title = (page?: string) => (page ? `${page} ${config.titleDelimiter} ${config.title}` : config.title);
    const tagline = typeof config.tagline === 'string' ? config.tagline : config.tagline[locale.code]!;

    add('', 'home', { title: `${config.title} ${config.titleDelimiter} ${tagline}`, description: tagline, ogType: 'website', noindex: false, keywords: [] });
    add(docsSeg, 'docsRoot', { title: title(t['theme.docs.docsRoot.title']), description: t['theme.docs.docsRoot.description'] ?? '', ogType: 'website', noindex: false, keywords: [] }, { docsRoot });
    add('search', 'search', { title: title(t['theme.SearchPage.title']), description: t['theme.SearchPage.title'] ?? '', ogType: 'website', noindex: true, keywords: [] });
    add('404', 'notFound', { title: title(t['theme.NotFound.title']), description: t['theme.NotFound.p1'] ?? '', ogType: 'website', noindex: true, keywords: [] });

    for (const doc of lc.docs) {
      const fm = doc.frontMatter;
      const position = sidebarIndex.get(hrefOf(doc.id)) ?? -1;
      const inSidebar = fm.sidebar !== false && position >= 0;
      const crumbs = breadcrumbs(doc, { inSidebar, trail: position >= 0 ? flat[position]!.trail : [], lc, homeLabel: t['theme.docs.breadcrumbs.home'] ?? 'Home', homeHref: base, docsBase, hrefOf });
      const min = fm.toc_min_heading_level ?? config.themeConfig.tableOfContents.minHeadingLevel;
      const max = fm.toc_max_heading_level ?? config.themeConfig.tableOfContents.maxHeadingLevel;
      const prev = inSidebar && position > 0 ? flat[position - 1] : undefined;
      const next = inSidebar && position >= 0 ? flat[position + 1] : undefined;
      add(
        `${docsSeg}${doc.id ? `/${doc.id}` : ''}`,
        'doc',
        { title: title(fm.title), description: fm.description ?? firstText(doc) ?? fm.title, ogType: 'article', noindex: false, keywords: [...(fm.keywords ?? []), ...(fm.tags ?? [])] },
        {
          doc: {
            id: doc.id,
            title: fm.title,
            toc: buildToc(doc.headings, min, max),
            hideToc: fm.hide_table_of_contents ?? false,
            breadcrumbs: crumbs,
            ...(prev ? { prev: { label: prev.label, href: prev.href } } : {}),
            ...(next ? { next: { label: next.label, href: next.href } } : {}),
            inSidebar,
            tags: fm.tags ?? [],
            category: doc.category,
            ...(fm.last_verified ? { lastVerified: { date: fm.last_verified, label: (t['theme.docs.lastVerified'] ?? '{date}').replace('{date}', longDate(fm.last_verified, locale)) } } : {}),
          },
        },
        doc,
      );
    }
  }

  // Alternates: the same key in every locale that has it; x-default points at the default locale.
  const byKey = new Map<string, RouteEntry[]>();
  for (const r of routes) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  for (const r of routes) {
    const siblings = byKey.get(r.key)!;
    const alternates: Alternate[] = locales
      .map((l) => ({ l, entry: siblings.find((s) => s.data.locale === l.code) }))
      .filter((x) => x.entry)
      .map(({ l, entry }) => ({ locale: l.code, hreflang: l.htmlLang, href: entry!.data.path, label: l.label }));
    r.data.alternates = alternates;
    if (r.data.head.noindex) continue;
    const def = siblings.find((s) => s.data.locale === config.i18n.defaultLocale);
    r.data.head.alternates = [...alternates.map((a) => ({ hreflang: a.hreflang, href: config.url + a.href })), ...(def ? [{ hreflang: 'x-default', href: config.url + def.data.path }] : [])];
  }
  return { routes, byPath: new Map(routes.map((r) => [r.data.path, r])), sidebars, allSidebars };
}

function firstText(doc: ProcessedDoc): string | undefined {
  const text = doc.sections[0]?.text[0];
  return text && text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function breadcrumbs(
  doc: ProcessedDoc,
  ctx: { inSidebar: boolean; trail: { label: string; href?: string; docsRootAnchor?: string }[]; lc: LocaleContent; homeLabel: string; homeHref: string; docsBase: string; hrefOf: (id: string) => string },
): Crumb[] {
  const crumbs: Crumb[] = [{ label: ctx.homeLabel, href: ctx.homeHref }];
  if (ctx.inSidebar) {
    for (const cat of ctx.trail) {
      if (cat.href === ctx.hrefOf(doc.id)) continue;
      // A category of the content folders has a section on the docs root; one defined only in an explicit
      // sidebar has nowhere to link to.
      crumbs.push(cat.href ? { label: cat.label, href: cat.href } : cat.docsRootAnchor ? { label: cat.label, href: `${ctx.docsBase}#${cat.docsRootAnchor}` } : { label: cat.label });
    }
  } else if (doc.category) {
    const meta = ctx.lc.categories.get(doc.category)?.meta;
    if (doc.id !== doc.category) crumbs.push({ label: meta?.label ?? doc.category, href: `${ctx.docsBase}#${doc.category}` });
  }
  crumbs.push({ label: doc.frontMatter.title });
  return crumbs;
}

function buildDocsRoot(lc: LocaleContent, hrefOf: (id: string) => string): DocsRootCategory[] {
  const groups = new Map<string, ProcessedDoc[]>();
  for (const doc of lc.docs) if (doc.category) groups.set(doc.category, [...(groups.get(doc.category) ?? []), doc]);
  return [...groups.entries()]
    .map(([key, docs]) => {
      const meta = lc.categories.get(key)?.meta;
      const index = docs.find((d) => d.id === key);
      return {
        position: meta?.position ?? Number.MAX_SAFE_INTEGER,
        cat: {
          key,
          label: meta?.label ?? key,
          ...(meta?.description ? { description: meta.description } : {}),
          ...(index ? { href: hrefOf(index.id) } : {}),
          items: docs
            .filter((d) => d !== index)
            .sort((a, b) => (a.frontMatter.sidebar_position ?? 1e9) - (b.frontMatter.sidebar_position ?? 1e9) || a.frontMatter.title.localeCompare(b.frontMatter.title))
            .map((d) => ({ label: docLabel(d), href: hrefOf(d.id) })),
        },
      };
    })
    .sort((a, b) => a.position - b.position || a.cat.label.localeCompare(b.cat.label))
    .map((x) => x.cat);
}
