// docusaurus.config → site.config.ts: what has an equivalent is mapped, the rest becomes a note for the report
// naming the option and what to do. Translations of the navbar and footer (i18n/<locale>/docusaurus-theme-classic/
// navbar.json, footer.json) fold into per-locale labels, which this config supports directly.
import { stubName } from './evaluate.ts';
import { docId } from './map-sidebars.ts';

export interface Note {
  what: string;
  file: string;
  todo: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !stubName(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Per-locale translations of a theme file: locale → key → message. */
export type ThemeTranslations = Map<string, Record<string, string>>;

/** "Docs" with its translations, or the string alone when no locale translates it. */
function localized(text: string, key: string, t: ThemeTranslations, defaultLocale: string): string | Record<string, string> {
  const out: Record<string, string> = { [defaultLocale]: text };
  for (const [locale, messages] of t) if (messages[key] !== undefined) out[locale] = messages[key];
  return Object.keys(out).length > 1 ? out : text;
}

/** Docusaurus's code themes by prism name → the nearest Shiki theme. */
const PRISM_TO_SHIKI: Record<string, string> = {
  github: 'github-light', dracula: 'dracula', duotoneDark: 'github-dark', duotoneLight: 'github-light', nightOwl: 'night-owl', nightOwlLight: 'night-owl-light',
  oceanicNext: 'material-theme-ocean', okaidia: 'monokai', palenight: 'material-theme-palenight', shadesOfPurple: 'shades-of-purple', synthwave84: 'synthwave-84',
  ultramin: 'min-light', vsDark: 'dark-plus', vsLight: 'light-plus', oneDark: 'one-dark-pro', oneLight: 'one-light', gruvboxMaterialDark: 'vitesse-dark', gruvboxMaterialLight: 'vitesse-light',
};

function prismTheme(v: unknown): string | undefined {
  const name = stubName(v);
  const key = name?.split('.').pop();
  return key ? PRISM_TO_SHIKI[key] : undefined;
}

export interface DocsOptions {
  path: string;
  routeBasePath: string;
  sidebarPath?: string;
  exclude?: unknown;
}

export interface MappedConfig {
  config: Obj;
  docs: DocsOptions;
  /** The blog's folder and route, when the site has one (its posts are not imported; links to it are reported). */
  blog: { path: string; routeBasePath: string } | false;
  customCss: string[];
  notes: Note[];
}

/** The preset-classic options, or the options of @docusaurus/plugin-content-docs given as a plugin. */
function classic(config: Obj): { docs?: Obj | false; blog?: Obj | false; theme?: Obj; pages?: unknown; others: string[] } {
  const out: ReturnType<typeof classic> = { others: [] };
  for (const entry of (Array.isArray(config.presets) ? config.presets : []) as unknown[]) {
    const [name, opts] = Array.isArray(entry) ? entry : [entry, {}];
    const n = typeof name === 'string' ? name : stubName(name) ?? '(a preset function)';
    if (/classic/.test(n) && isObj(opts)) {
      out.docs = opts.docs === false ? false : isObj(opts.docs) ? opts.docs : {};
      out.blog = opts.blog === false ? false : isObj(opts.blog) ? opts.blog : {};
      out.theme = isObj(opts.theme) ? opts.theme : undefined;
      out.pages = opts.pages;
    } else out.others.push(n);
  }
  return out;
}

export function mapConfig(raw: unknown, file: string, navbarT: ThemeTranslations, footerT: ThemeTranslations): MappedConfig {
  if (!isObj(raw)) throw new Error(`${file} exports no config object`);
  const notes: Note[] = [];
  const note = (what: string, todo: string) => notes.push({ what, file, todo });
  const preset = classic(raw);
  for (const p of preset.others) note(`preset ${p}`, 'No equivalent: only preset-classic (docs and theme) is imported. Rebuild what it adds by hand, or drop it.');
  const docs = preset.docs === false ? undefined : (preset.docs ?? {});
  if (!docs) note('docs: false', 'The site has no docs plugin: cheatsheet builds docs only; the import has no content to bring.');
  const i18n = isObj(raw.i18n) ? raw.i18n : {};
  const defaultLocale = str(i18n.defaultLocale) ?? 'en';
  const locales = (Array.isArray(i18n.locales) ? i18n.locales : [defaultLocale]).filter((l): l is string => typeof l === 'string');
  const localeConfigs: Obj = {};
  for (const l of locales) {
    const c = isObj(i18n.localeConfigs) && isObj(i18n.localeConfigs[l]) ? (i18n.localeConfigs[l] as Obj) : {};
    let label = str(c.label);
    if (!label) {
      try {
        label = new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l;
      } catch {
        label = l;
      }
    }
    localeConfigs[l] = { label, htmlLang: str(c.htmlLang) ?? l, path: str(c.path) ?? l, ...(c.direction === 'rtl' ? { direction: 'rtl' } : {}), ...(str(c.calendar) ? { calendar: c.calendar } : {}) };
  }
  const t = (text: string, key: string, tr: ThemeTranslations) => localized(text, key, tr, defaultLocale);

  const url = str(raw.url) ?? 'https://example.com';
  const baseUrl = str(raw.baseUrl) ?? '/';
  const org = str(raw.organizationName);
  const project = str(raw.projectName);
  const editUrl = docs && str(docs.editUrl);
  const repoUrl = org && project ? `https://github.com/${org}/${project}` : (editUrl?.match(/^https:\/\/(github|gitlab)\.com\/[^/]+\/[^/]+/)?.[0] ?? 'https://github.com/example/my-site');
  if (!(org && project) && !editUrl?.match(/^https:\/\/(github|gitlab)\.com\//)) note('repoUrl', 'Neither organizationName/projectName nor a GitHub/GitLab editUrl says where the repository is: set `repoUrl` in site.config.ts.');
  const config: Obj = {
    title: str(raw.title) ?? 'Docs',
    tagline: str(raw.tagline) ?? '',
    favicon: str(raw.favicon) ?? 'img/favicon.ico',
    url,
    baseUrl,
    repoUrl,
    // Required by this version's schema; shown as the footer's e-book link.
    ebook: { title: 'Documentation', href: `${url.replace(/\/$/, '')}${baseUrl}` },
    i18n: { defaultLocale, sourceLocale: defaultLocale, locales, localeConfigs },
  };
  // true, false and unset lay pages out and write links as Docusaurus does: the URLs stay what they were.
  if (typeof raw.trailingSlash === 'boolean') config.trailingSlash = raw.trailingSlash;
  // Unset, each takes Docusaurus's default (links 'throw', anchors 'warn'), which is not always ours.
  for (const [key, docusaurusDefault] of [['onBrokenLinks', 'throw'], ['onBrokenAnchors', 'warn']] as const) {
    const v = str(raw[key]) ?? docusaurusDefault;
    config[key] = v === 'throw' ? 'throw' : 'warn';
  }
  for (const key of ['onBrokenMarkdownLinks', 'onDuplicateRoutes', 'onBrokenMarkdownImages']) if (raw[key] !== undefined) note(`${key}: ${String(raw[key])}`, 'Broken Markdown links and images are checked by `cheatsheet build` and `check` (errors with file and line); no option.');
  for (const key of ['plugins', 'themes', 'scripts', 'stylesheets', 'headTags', 'clientModules', 'webpack', 'customFields', 'staticDirectories', 'future']) {
    const v = raw[key];
    if (Array.isArray(v) ? v.length : isObj(v)) note(`${key}`, key === 'staticDirectories' ? 'Only static/ is copied: move the other folders\' files into static/.' : 'No equivalent: plugins, themes, scripts and head tags are not imported. Add what is needed to templates/ by hand.');
  }

  const docsOptions: DocsOptions = { path: str(docs?.path) ?? 'docs', routeBasePath: str(docs?.routeBasePath) ?? 'docs', sidebarPath: str(docs?.sidebarPath), exclude: docs?.exclude };
  if (docs) {
    const routeBasePath = docsOptions.routeBasePath.replace(/^\/+|\/+$/g, '');
    // '/' puts the docs at the site root, as in Docusaurus: the URLs stay what they were.
    const carried: Obj = { routeBasePath };
    if (typeof docs.editUrl === 'string') carried.editUrl = docs.editUrl;
    else if (docs.editUrl !== undefined) note('docs.editUrl (a function)', 'Write the function into site.config.ts by hand: cheatsheet calls it with the same arguments as Docusaurus.');
    for (const key of ['editLocalizedFiles', 'showLastUpdateTime', 'showLastUpdateAuthor'] as const) if (typeof docs[key] === 'boolean') carried[key] = docs[key];
    if (['ignore', 'log', 'warn', 'throw'].includes(docs.onInlineTags as string)) carried.onInlineTags = docs.onInlineTags;
    config.docs = carried;
    for (const key of ['include', 'exclude', 'numberPrefixParser', 'sidebarCollapsible', 'sidebarCollapsed', 'breadcrumbs', 'remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'lastVersion', 'versions', 'onlyIncludeVersions', 'admonitions', 'tags'])
      if (docs[key] !== undefined) note(`docs.${key}`, key.endsWith('Plugins') ? 'Remark/rehype plugins are not run: check the pages that relied on them.' : 'Not supported by this cheatsheet version yet; the default applies.');
  }

  // `to` is relative to baseUrl here; Docusaurus's `to: '/'` (the site's root) becomes a link to baseUrl itself.
  const target = (to: string): Obj => (to.replace(/^\//, '') ? { to: to.replace(/^\//, '') } : { href: baseUrl });
  const theme = isObj(raw.themeConfig) ? raw.themeConfig : {};
  const navbar = isObj(theme.navbar) ? theme.navbar : {};
  const items: Obj[] = [];
  for (const item of (Array.isArray(navbar.items) ? navbar.items : []) as Obj[]) {
    const mapped = navbarItem(item, (text, key) => t(text, key, navbarT), target);
    if (mapped) items.push(mapped);
    else note(`navbar item ${JSON.stringify(item.label ?? item.to ?? item.href ?? item.type)}`, `No equivalent for a navbar item of type ${String(item.type ?? 'default')}${item.type === undefined || item.type === 'default' ? ' without label and link' : ''}: dropped; add what it did by hand.`);
  }
  const logo = isObj(navbar.logo) ? navbar.logo : undefined;
  const themeConfig: Obj = {
    navbar: {
      ...(str(navbar.title) ? { title: navbar.title } : {}),
      ...(logo && str(logo.src) ? { logo: { alt: str(logo.alt) ?? '', src: logo.src, ...(str(logo.srcDark) ? { srcDark: logo.srcDark } : {}) } } : {}),
      hideOnScroll: navbar.hideOnScroll === true,
      items,
    },
  };
  const footer = isObj(theme.footer) ? theme.footer : {};
  const columns = (Array.isArray(footer.links) ? footer.links : []) as Obj[];
  const link = (l: Obj, key: string) => {
    if (str(l.html)) {
      note('footer html item', 'HTML footer items are not supported: add the link as label + href.');
      return undefined;
    }
    const label = str(l.label) ?? '';
    return { label: t(label, key, footerT), ...(str(l.to) ? target(String(l.to)) : {}), ...(str(l.href) ? { href: l.href } : {}) };
  };
  const copyright = str(footer.copyright) ?? '';
  themeConfig.footer = {
    style: footer.style === 'light' ? 'light' : 'dark',
    links: columns.every((c) => Array.isArray(c.items))
      ? columns.map((c) => ({ title: t(str(c.title) ?? '', `link.title.${str(c.title) ?? ''}`, footerT), items: ((c.items ?? []) as Obj[]).map((l) => link(l, `link.item.label.${str(l.label) ?? ''}`)).filter(Boolean) }))
      : columns.map((l) => link(l, `link.item.label.${str(l.label) ?? ''}`)).filter(Boolean),
    copyright: t(copyright, 'copyright', footerT),
  };
  if (/<[a-z]/i.test(copyright)) note('footer.copyright HTML', 'The copyright is shown as text: HTML in it shows as written.');
  if (isObj(theme.announcementBar) && str(theme.announcementBar.content)) {
    const a = theme.announcementBar;
    themeConfig.announcementBar = { id: str(a.id) ?? 'announcement', content: a.content, ...(str(a.backgroundColor) ? { backgroundColor: a.backgroundColor } : {}), ...(str(a.textColor) ? { textColor: a.textColor } : {}), isCloseable: a.isCloseable !== false };
  }
  if (isObj(theme.colorMode)) {
    const c = theme.colorMode;
    themeConfig.colorMode = { defaultMode: c.defaultMode === 'dark' ? 'dark' : 'light', disableSwitch: c.disableSwitch === true, respectPrefersColorScheme: c.respectPrefersColorScheme !== false };
  }
  if (isObj(theme.prism)) {
    const light = prismTheme(theme.prism.theme);
    const dark = prismTheme(theme.prism.darkTheme);
    if (light || dark) themeConfig.code = { theme: { light: light ?? 'github-light', dark: dark ?? 'github-dark' } };
    if (Array.isArray(theme.prism.additionalLanguages)) note('prism.additionalLanguages', 'Not needed: code is highlighted with Shiki, which knows those languages.');
  }
  if (isObj(theme.algolia) && str(theme.algolia.appId)) {
    const a = theme.algolia;
    themeConfig.algolia = { appId: a.appId, apiKey: a.apiKey, indexName: a.indexName, ...(a.contextualSearch !== undefined ? { contextualSearch: a.contextualSearch } : {}) };
  }
  if (isObj(theme.tableOfContents)) themeConfig.tableOfContents = { minHeadingLevel: theme.tableOfContents.minHeadingLevel ?? 2, maxHeadingLevel: theme.tableOfContents.maxHeadingLevel ?? 3 };
  if (isObj(theme.docs) && isObj(theme.docs.sidebar)) themeConfig.docs = { sidebar: { hideable: theme.docs.sidebar.hideable === true, autoCollapseCategories: theme.docs.sidebar.autoCollapseCategories === true } };
  if (str(theme.image)) note('themeConfig.image', 'Set the social card per page with `image:` in front matter, or keep the file in static/ and add it to the config when supported.');
  if (Array.isArray(theme.metadata) && theme.metadata.length) note('themeConfig.metadata', 'Extra <meta> tags are not supported: add them to templates/ by hand.');
  config.themeConfig = themeConfig;

  const customCss = ([] as unknown[]).concat(preset.theme?.customCss ?? []).filter((c): c is string => typeof c === 'string');
  const blog = isObj(preset.blog) ? { path: str(preset.blog.path) ?? 'blog', routeBasePath: `/${(str(preset.blog.routeBasePath) ?? 'blog').replace(/^\/+|\/+$/g, '')}` } : false;
  return { config, docs: docsOptions, blog, customCss, notes };
}

function navbarItem(item: Obj, t: (text: string, key: string) => unknown, target: (to: string) => Obj): Obj | undefined {
  const position = item.position === 'right' ? 'right' : 'left';
  const label = str(item.label);
  const tl = label ? t(label, `item.label.${label}`) : undefined;
  switch (item.type ?? 'default') {
    case 'default':
      if (!label || (!str(item.to) && !str(item.href))) return undefined;
      return { type: 'default', position, label: tl, ...(str(item.to) ? target(String(item.to)) : {}), ...(str(item.href) ? { href: item.href } : {}) };
    case 'docSidebar':
      return { type: 'docSidebar', position, sidebarId: item.sidebarId, label: tl ?? 'Docs' };
    case 'doc':
      return { type: 'doc', position, docId: docId(item.docId), ...(tl ? { label: tl } : {}) };
    case 'localeDropdown':
      return { type: 'localeDropdown', position };
    case 'search':
      return { type: 'search', position };
    case 'html':
      return str(item.value) ? { type: 'html', position, value: item.value } : undefined;
    case 'dropdown': {
      const links = ((item.items ?? []) as Obj[]).filter((l) => str(l.label) && (str(l.to) || str(l.href))).map((l) => ({ label: t(String(l.label), `item.label.${String(l.label)}`), ...(str(l.to) ? target(String(l.to)) : {}), ...(str(l.href) ? { href: l.href } : {}) }));
      return label && links.length ? { type: 'dropdown', position, label: tl, items: links } : undefined;
    }
    default:
      return undefined;
  }
}
