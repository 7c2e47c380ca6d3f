// The route table: one RouteData per page of every locale, computed by small pure functions.
import type { LoadedConfig } from '../config/load.ts';
import type { LocaleContent } from '../content/load.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { Alternate, Crumb, DocsRootCategory, HeadData, LocaleInfo, RouteData, RouteKind, SidebarItem } from '../shared/types.ts';
import { localeBase, routePath } from '../shared/locale-urls.ts';
import { outputFileOf } from '../shared/urls.ts';
import { docHref, docSlash } from '../content/links.ts';
import { editUrlOf, lastUpdateOf, pagination } from './doc-extras.ts';
import { generatedIndexDoc } from './generated-index.ts';
import { docTags, tagPages, type TagStrings } from './doc-tags.ts';
import { categoryLabel, docLabel, docLink, flattenSidebar, outOfSidebar } from './sidebar.ts';
import { docHasDocCardList } from '../content/html-facts.ts';
import { cardListItems, fillDocCardLists, type CardText } from './doc-cards.ts';
import { ContentError } from '../errors.ts';
import { parseNumberPrefix } from '../content/number-prefix.ts';
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
  /** When git last changed a content file (seconds) and who changed it, by the file's site-relative path. */
  gitInfo?: (file: string) => { time?: number; author?: string } | undefined;
}

export function buildRouteTable({ loaded, locales, content, strings, gitInfo }: TableInput): RouteTable {
  const { config } = loaded;
  const docsSeg = config.docs.routeBasePath;
  const slash = config.trailingSlash;
  const routes: RouteEntry[] = [];
  const sidebars = new Map<string, SidebarItem[]>();
  const allSidebars = new Map<string, Map<string, SidebarItem[]>>();
  const sourceLc = content.get(config.i18n.sourceLocale);
  const sourceFiles = new Map((sourceLc?.docs ?? []).map((d) => [d.relPath, d.file]));

  for (const locale of locales) {
    const lc = content.get(locale.code)!;
    const t = strings.get(locale.code)!;
    const base = localeBase(config.baseUrl, locale.prefix);
    const docsBase = routePath(config.baseUrl, locale.prefix, docsSeg);
    // Slugs are unique in a locale, so a slug names one doc and whether its URL keeps a trailing slash.
    const slashSlugs = new Set(lc.docs.filter((d) => d.slugSlash).map((d) => d.slug));
    const hrefOf = (slug: string) => docHref(docsBase, slug, docSlash(slash, slashSlugs.has(slug)));
    const pathOf = (rel: string) => (rel ? routePath(config.baseUrl, locale.prefix, rel) + (slash ? '/' : '') : base);
    let localeSidebars = resolveSidebars(config.docs.sidebars, config.docs.sidebarId, { locale: locale.code, localeBase: base, docs: lc.docs, categories: lc.categories, hrefOf, configFile: loaded.file, labels: lc.labels });
    const generated = [...lc.docs, ...generatedIndexes(localeSidebars, lc, t)];
    // Tag pages where no doc of the site stands (a doc with slug `tags` keeps its URL).
    const taken = new Set(generated.map((d) => d.slug));
    const tagged = config.docs.tagPages ? tagPages({ locale: locale.code, docs: lc.docs, tagsFile: lc.tagsFile, hrefOf, text: tagStrings(t) }).filter((d) => !taken.has(d.slug)) : [];
    const tagSlugs = new Set(tagged.map((d) => d.slug));
    const docs = [...generated, ...tagged];
    // A doc at the docs root (`slug: /`) replaces the generated docs root page, and the category sections
    // that page held: categories then link only to their own page, as in Docusaurus.
    const docsRootTaken = docs.some((d) => hrefOf(d.slug) === pathOf(docsSeg));
    if (docsRootTaken) localeSidebars = new Map([...localeSidebars].map(([id, items]) => [id, withoutDocsRootAnchors(items)]));
    const sidebar = localeSidebars.get(config.docs.sidebarId)!;
    sidebars.set(locale.code, sidebar);
    allSidebars.set(locale.code, localeSidebars);
    const byId = new Map(docs.map((d) => [d.id, d]));
    const placeOf = sidebarPlaces(localeSidebars, config.docs.sidebarId);
    const docsRoot = buildDocsRoot(lc, hrefOf);
    const localeRoutes: RouteEntry[] = [];
    const add = (path: string, kind: RouteKind, head: Omit<HeadData, 'canonical' | 'alternates'>, extra: Partial<RouteData> = {}, doc?: ProcessedDoc) => {
      const key = path.slice(base.length - 1);
      const outFile = kind === 'notFound' ? `${base.slice(config.baseUrl.length)}404.html` : outputFileOf(config.baseUrl, path, slash);
      const card = socialImage(config, locale.code, doc?.frontMatter.image);
      localeRoutes.push({ key, outFile, doc, data: { kind, path, locale: locale.code, head: { ...head, ...card, canonical: config.url + path, alternates: [] }, alternates: [], ...extra } });
    };
    const title = (page?: string) => (page ? `${page} ${config.titleDelimiter} ${config.title}` : config.title);
    const tagline = typeof config.tagline === 'string' ? config.tagline : config.tagline[locale.code]!;

    add(base, 'home', { title: `${config.title} ${config.titleDelimiter} ${tagline}`, description: tagline, ogType: 'website', noindex: false, keywords: [] });
    add(pathOf(docsSeg), 'docsRoot', { title: title(t['theme.docs.docsRoot.title']), description: t['theme.docs.docsRoot.description'] ?? '', ogType: 'website', noindex: false, keywords: [] }, { docsRoot });
    add(pathOf('search'), 'search', { title: title(t['theme.SearchPage.title']), description: t['theme.SearchPage.title'] ?? '', ogType: 'website', noindex: true, keywords: [] });
    add(routePath(config.baseUrl, locale.prefix, '404'), 'notFound', { title: title(t['theme.NotFound.title']), description: t['theme.NotFound.p1'] ?? '', ogType: 'website', noindex: true, keywords: [] });

    const text = cardText(lc, t);
    for (const listed of docs) {
      const fm = listed.frontMatter;
      const href = hrefOf(listed.slug);
      const { sidebarId, flat, position } = placeOf(href, fm.displayed_sidebar, listed.file);
      const doc = withDocCards(listed, { sidebar: localeSidebars.get(sidebarId)!, href, docs: lc.docs, hrefOf, text });
      const inSidebar = fm.sidebar !== false && fm.displayed_sidebar !== null && (position >= 0 || fm.displayed_sidebar !== undefined);
      const crumbs = breadcrumbs(doc, { inSidebar, trail: position >= 0 ? flat[position]!.trail : [], lc, homeLabel: t['theme.docs.breadcrumbs.home'] ?? 'Home', homeHref: base, docsBase: docsRootTaken ? undefined : docsBase, href });
      const min = fm.toc_min_heading_level ?? config.themeConfig.tableOfContents.minHeadingLevel;
      const max = fm.toc_max_heading_level ?? config.themeConfig.tableOfContents.maxHeadingLevel;
      const pages = pagination(doc, { flat: inSidebar ? flat : [], position: inSidebar ? position : -1, byId, hrefOf });
      const editUrl = editUrlOf(doc, { editUrl: config.docs.editUrl, editLocalizedFiles: config.docs.editLocalizedFiles, locale: locale.code, sourceFile: sourceFiles.get(doc.relPath) ?? doc.file, permalink: href });
      const lastUpdate = lastUpdateOf(doc, { showTime: config.docs.showLastUpdateTime, showAuthor: config.docs.showLastUpdateAuthor, git: gitInfo?.(doc.file) });
      const unlisted = fm.unlisted === true;
      add(
        href,
        'doc',
        {
          // `title: ""`: no page title, as Docusaurus formats an empty one — the site's title alone.
          title: title(fm.title === '' ? undefined : doc.title),
          description: fm.description ?? firstText(doc) ?? doc.title,
          ogType: 'article',
          noindex: unlisted,
          keywords: [...(fm.keywords ?? []), ...doc.tags],
        },
        {
          doc: {
            id: doc.id,
            title: doc.title,
            showTitle: !fm.hide_title && !doc.contentTitle && fm.title !== '',
            toc: buildToc(doc.headings, min, max),
            hideToc: fm.hide_table_of_contents ?? false,
            breadcrumbs: crumbs,
            ...pages,
            inSidebar,
            ...(inSidebar && sidebarId !== config.docs.sidebarId ? { sidebarId } : {}),
            // Each tag links to its page (none for a tag only drafts carry).
            tags: docTags(doc, lc.tagsFile).map((tag) => ({ label: tag.label, ...(tagSlugs.has(tag.slug) ? { href: hrefOf(tag.slug) } : {}) })),
            category: doc.category,
            ...(fm.last_verified ? { lastVerified: { date: fm.last_verified, label: (t['theme.docs.lastVerified'] ?? '{date}').replace('{date}', longDate(fm.last_verified, locale)) } } : {}),
            ...(editUrl ? { editUrl } : {}),
            ...(lastUpdate ? { lastUpdate } : {}),
            ...(unlisted ? { unlisted: true } : {}),
            ...(doc.fallback ? { notTranslated: true } : {}),
            ...(doc.islands?.script ? { islands: doc.islands.script } : {}),
            ...(doc.islands?.style ? { islandStyles: doc.islands.style } : {}),
          },
        },
        doc,
      );
    }
    routes.push(...onePerPath(localeRoutes));
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

/**
 * Which sidebar a doc shows and where it sits in it: the one its `displayed_sidebar` names, else the docs
 * sidebar when it holds the doc, else the first other sidebar that does (as Docusaurus, a doc shows the
 * sidebar it belongs to). Each sidebar is flattened and indexed by href once: looking every page up by
 * scanning would be quadratic in the site's size.
 */
function sidebarPlaces(sidebars: Map<string, SidebarItem[]>, defaultId: string) {
  type Flat = ReturnType<typeof flattenSidebar>;
  const indexes = new Map<string, { flat: Flat; index: Map<string, number> }>();
  const indexOf = (id: string) => {
    let entry = indexes.get(id);
    if (!entry) {
      const flat = flattenSidebar(sidebars.get(id)!);
      const index = new Map<string, number>();
      flat.forEach((f, i) => index.has(f.href) || index.set(f.href, i));
      entry = { flat, index };
      indexes.set(id, entry);
    }
    return entry;
  };
  const order = [defaultId, ...[...sidebars.keys()].filter((id) => id !== defaultId)];
  return (href: string, displayed: string | null | undefined, file: string): { sidebarId: string; flat: Flat; position: number } => {
    if (typeof displayed === 'string' && !sidebars.has(displayed)) {
      throw new ContentError(`displayed_sidebar names the sidebar "${displayed}", which does not exist`, { file }, { hint: `Sidebars: ${[...sidebars.keys()].join(', ')}.` });
    }
    const id = typeof displayed === 'string' ? displayed : (order.find((o) => indexOf(o).index.has(href)) ?? defaultId);
    const { flat, index } = indexOf(id);
    return { sidebarId: id, flat, position: index.get(href) ?? -1 };
  };
}

function withoutDocsRootAnchors(items: SidebarItem[]): SidebarItem[] {
  return items.map((i) => {
    if (i.type !== 'category') return i;
    const { docsRootAnchor: _, ...rest } = i;
    return { ...rest, items: withoutDocsRootAnchors(i.items) };
  });
}

const RANK: Record<RouteKind, number> = { doc: 3, docsRoot: 2, home: 1, search: 0, notFound: 0 };

/** A doc at the docs root (`slug: /`) or docs at the site root (`routeBasePath: '/'`) take the place of the page generated there. */
function onePerPath(routes: RouteEntry[]): RouteEntry[] {
  const best = new Map<string, RouteEntry>();
  for (const r of routes) {
    const other = best.get(r.data.path);
    if (!other || RANK[r.data.kind] > RANK[other.data.kind]) best.set(r.data.path, r);
  }
  return routes.filter((r) => best.get(r.data.path) === r);
}

/** Docs of the categories whose `link` is a generated index. */
function generatedIndexes(sidebars: Map<string, SidebarItem[]>, lc: LocaleContent, t: Record<string, string>): ProcessedDoc[] {
  const out = new Map<string, ProcessedDoc>();
  const { description, countLabel } = cardText(lc, t);
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      const source = item.docsRootAnchor ? lc.categories.get(item.docsRootAnchor) : undefined;
      const link = source?.meta.link;
      if (link?.type === 'generated-index' && !out.has(source!.key)) {
        out.set(source!.key, generatedIndexDoc({ locale: lc.locale, folder: source!.key, file: source!.file, link, category: item, description, countLabel }));
      }
      walk(item.items);
    }
  };
  for (const items of sidebars.values()) walk(items);
  return [...out.values()];
}

function tagStrings(t: Record<string, string>): TagStrings {
  const tagged = (n: number) => (n === 1 ? t['theme.docs.tagDocListPageTitle.nDocsTagged.one'] : t['theme.docs.tagDocListPageTitle.nDocsTagged']) ?? '{count} docs tagged';
  return {
    tagsTitle: t['theme.tags.tagsPageTitle'] ?? 'Tags',
    docsTagged: (n) => tagged(n).replace('{count}', String(n)),
    pageTitle: t['theme.docs.tagDocListPageTitle'] ?? '{nDocsTagged} with "{tagName}"',
    allTags: t['theme.tags.tagsPageLink'] ?? 'View all tags',
  };
}

function cardText(lc: LocaleContent, t: Record<string, string>): CardText {
  const descriptions = new Map(lc.docs.map((d) => [d.id, d.frontMatter.description]));
  // One page or several, in the same words as the docs root's category counts (templates/docs/DocsRoot.tsx).
  const label = (n: number) => (n === 1 ? (t['theme.docs.docsRoot.pages.one'] ?? t['theme.docs.docsRoot.pages']) : t['theme.docs.docsRoot.pages']) ?? '{count} items';
  return { description: (id) => descriptions.get(id), countLabel: (n) => label(n).replace('{count}', String(n)) };
}

/**
 * A page with `<DocCardList />`: the cards of its category's items in the sidebar it shows; a page outside
 * every sidebar category lists the other docs of its folder.
 */
function withDocCards(doc: ProcessedDoc, ctx: { sidebar: SidebarItem[]; href: string; docs: ProcessedDoc[]; hrefOf: (slug: string) => string; text: CardText }): ProcessedDoc {
  if (!docHasDocCardList(doc)) return doc;
  const items =
    cardListItems(ctx.sidebar, ctx.href) ??
    ctx.docs
      .filter((d) => d !== doc && d.category === doc.category && !outOfSidebar(d))
      .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.title.localeCompare(b.title))
      .map((d) => docLink(d, ctx.hrefOf));
  return { ...doc, html: fillDocCardLists(doc.html, items, ctx.text) };
}

function firstText(doc: ProcessedDoc): string | undefined {
  const text = doc.sections[0]?.text[0];
  return text && text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function breadcrumbs(
  doc: ProcessedDoc,
  ctx: { inSidebar: boolean; trail: { label: string; href?: string; docsRootAnchor?: string }[]; lc: LocaleContent; homeLabel: string; homeHref: string; docsBase?: string; href: string },
): Crumb[] {
  const crumbs: Crumb[] = [{ label: ctx.homeLabel, href: ctx.homeHref }];
  if (ctx.inSidebar) {
    for (const cat of ctx.trail) {
      if (cat.href === ctx.href) continue;
      // A top folder of the content has a section on the docs root; a folder below it (the docs root lists
      // its docs under the top folder's section) or a category defined only in an explicit sidebar has
      // nowhere to link to.
      const anchor = cat.docsRootAnchor && !cat.docsRootAnchor.includes('/') ? cat.docsRootAnchor : undefined;
      crumbs.push(cat.href ? { label: cat.label, href: cat.href } : anchor && ctx.docsBase ? { label: cat.label, href: `${ctx.docsBase}#${anchor}` } : { label: cat.label });
    }
  } else if (doc.category) {
    const label = categoryLabel(doc.category, ctx.lc.categories, ctx.lc.labels);
    if (!(doc.isCategoryIndex && !doc.relPath.slice(doc.category.length + 1).includes('/'))) crumbs.push(ctx.docsBase ? { label, href: `${ctx.docsBase}#${doc.category}` } : { label });
  }
  crumbs.push({ label: doc.title });
  return crumbs;
}

function buildDocsRoot(lc: LocaleContent, hrefOf: (slug: string) => string): DocsRootCategory[] {
  const groups = new Map<string, ProcessedDoc[]>();
  for (const doc of lc.docs) if (doc.category && doc.frontMatter.unlisted !== true) groups.set(doc.category, [...(groups.get(doc.category) ?? []), doc]);
  return [...groups.entries()]
    .map(([key, docs]) => {
      const meta = lc.categories.get(key)?.meta;
      const index = docs.find((d) => d.isCategoryIndex && d.relPath.split('/').length === 2);
      return {
        position: meta?.position ?? parseNumberPrefix(key).position ?? Number.MAX_SAFE_INTEGER,
        cat: {
          key,
          label: categoryLabel(key, lc.categories, lc.labels),
          ...(meta?.description ? { description: meta.description } : {}),
          ...(index ? { href: hrefOf(index.slug) } : {}),
          items: docs
            .filter((d) => d !== index)
            .sort((a, b) => (a.position ?? 1e9) - (b.position ?? 1e9) || a.title.localeCompare(b.title))
            .map((d) => ({ label: docLabel(d), href: hrefOf(d.slug) })),
        },
      };
    })
    .sort((a, b) => a.position - b.position || a.cat.label.localeCompare(b.cat.label))
    .map((x) => x.cat);
}
