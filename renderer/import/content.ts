// The content side of an import: docs and their translations copied into content/<locale>/, static/, the
// site's components the docs import, and what the pages use that this version does not build yet.
import matter from 'gray-matter';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { FRONT_MATTER_KEYS } from '../content/front-matter.ts';
import type { Note, ThemeTranslations } from './map-config.ts';
import { relocateReferences } from './relocate.ts';

/** Files below `dir`, without node_modules and (unless `dot`) without dot files and folders. */
export function walkFiles(dir: string, options: { dot?: boolean } = {}): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || (e.name.startsWith('.') && !options.dot)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walkFiles(p, options));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rel = (from: string, p: string) => relative(from, p).split(sep).join('/');
const isDoc = (f: string) => /\.mdx?$/.test(f);

/** Routes the site serves outside its docs (blog, src/pages): links into them have nowhere to go here. */
export function foreignRoutes(src: string, blog: { path: string; routeBasePath: string } | false): { route: string; file: string }[] {
  const routes: { route: string; file: string }[] = [];
  if (blog && existsSync(join(src, blog.path))) routes.push({ route: blog.routeBasePath, file: `${blog.path}/` });
  const pages = join(src, 'src', 'pages');
  for (const f of walkFiles(pages)) {
    if (!/\.(jsx?|tsx?|mdx?)$/.test(f) || /(^|\/)_/.test(rel(pages, f))) continue;
    const route = '/' + rel(pages, f).replace(/\.[^.]+$/, '').replace(/(^|\/)index$/, '');
    routes.push({ route: route.replace(/\/$/, '') || '/', file: rel(src, f) });
  }
  return routes;
}

export interface ContentResult {
  notes: Note[];
  warnings: string[];
  pages: Record<string, number>;
}

export function copyContent(opts: {
  src: string;
  out: string;
  docsPath: string;
  defaultLocale: string;
  locales: string[];
  current: ThemeTranslations;
  sidebarIds: string[];
  foreign: { route: string; file: string }[];
  /** The blog's route, among the foreign ones. */
  blogRoute?: string;
  /** The site's published address (`url` + `baseUrl`), to know absolute links to its own routes. */
  siteBase?: string;
}): ContentResult {
  const { src, out } = opts;
  const notes: Note[] = [];
  const warnings: string[] = [];
  const pages: Record<string, number> = {};
  const sources = new Map<string, string>([[opts.defaultLocale, join(src, opts.docsPath)]]);
  for (const l of opts.locales) if (l !== opts.defaultLocale) sources.set(l, join(src, 'i18n', l, 'docusaurus-plugin-content-docs', 'current'));
  const unknownKeys = new Map<string, string[]>();
  const mdx: string[] = [];
  const components = new Set<string>();
  const known = new Set(FRONT_MATTER_KEYS);
  // Where a file of the Docusaurus site is in the new one: docs by locale under content/, the rest in place.
  const place = (abs: string): string | undefined => {
    for (const [locale, dir] of sources) {
      const r = relative(dir, abs);
      if (!r.startsWith('..') && !isAbsolute(r)) return join('content', locale, r);
    }
    const r = relative(src, abs);
    return r.startsWith('..') || isAbsolute(r) ? undefined : r;
  };
  const outside = new Set<string>();
  const ignored: string[] = [];
  for (const [locale, from] of sources) {
    const to = join(out, 'content', locale);
    if (!existsSync(from)) {
      if (locale !== opts.defaultLocale) notes.push({ what: `locale ${locale}`, file: rel(src, from), todo: `No translated docs: content/${locale}/ is empty, and \`cheatsheet check\` lists every page as missing. Translate them there.` });
      continue;
    }
    mkdirSync(to, { recursive: true });
    // Dot folders too (`.gitbook/assets/`): Docusaurus lists no doc there, but pages use their images and files.
    for (const file of walkFiles(from, { dot: true })) {
      const inDotFolder = relative(from, file).split(sep).some((part) => part.startsWith('.'));
      if (inDotFolder && isDoc(file)) continue;
      const target = join(to, relative(from, file));
      mkdirSync(dirname(target), { recursive: true });
      if (!isDoc(file)) {
        cpSync(file, target);
        continue;
      }
      const shown = rel(src, file);
      // Docusaurus lists a locale's docs from the source folder and reads each from the translation folder when a
      // file of the same path is there: a translated file with no such source doc (`x.md` beside a source `x.mdx`,
      // a page removed from the source) is never read. Partials (`_x.md`) are reached by imports, not listed.
      const sourceDoc = join(sources.get(opts.defaultLocale)!, relative(from, file));
      if (locale !== opts.defaultLocale && !/(^|[\\/])_/.test(relative(from, file)) && !existsSync(sourceDoc)) {
        ignored.push(shown);
        continue;
      }
      pages[locale] = (pages[locale] ?? 0) + 1;
      let text = readFileSync(file, 'utf8');
      if (file.endsWith('.mdx')) mdx.push(shown);
      try {
        const { data } = matter(text);
        for (const key of Object.keys(data)) if (!known.has(key)) unknownKeys.set(key, [...(unknownKeys.get(key) ?? []), shown]);
      } catch (err) {
        warnings.push(`${shown}: front matter does not parse (${(err as Error).message.split('\n')[0]}); copied as it is.`);
      }
      for (const m of text.matchAll(/^import\s+[^'"]*from\s+['"](@site\/src\/[^'"]+|(?:\.\.\/)+src\/[^'"]+)['"]/gm)) {
        const spec = m[1]!;
        components.add(spec.startsWith('@site/') ? spec.slice(6) : rel(src, join(dirname(file), spec)));
      }
      // Links into the blog or custom pages have nothing to point at here: the link text stays, the link goes,
      // and the warning names the route so it can be restored once that page exists again.
      // The same goes for absolute links to those routes on the site's own address, which would be gone too.
      const origin = opts.siteBase ? `(?:${escapeRe(opts.siteBase.replace(/\/+$/, ''))})?` : '';
      for (const { route } of opts.foreign) {
        const path = route === '/' ? '\\/' : escapeRe(route);
        const re = new RegExp(`\\[([^\\]]*)\\]\\((${origin}${path}(?:[/#?][^)\\s]*)?)\\)`, 'g');
        text = text.replace(re, (_, label: string, target: string) => {
          warnings.push(`${shown}: link to ${target} (a ${opts.blogRoute === route ? 'blog' : 'custom page'} route, not imported) kept as text: "${label}"`);
          return label;
        });
      }
      const moved = relocateReferences(text, file, from, place);
      text = moved.text;
      for (const line of moved.rewritten) warnings.push(`${shown}: path out of the docs folder rewritten for the new layout: ${line}`);
      for (const abs of moved.outside) outside.add(abs);
      writeFileSync(target, text);
    }
  }
  for (const abs of outside) {
    const to = join(out, relative(src, abs));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(abs, to);
  }
  if (ignored.length) notes.push({ what: `translated docs with no source doc (${ignored.length}), not imported`, file: ignored[0]!, todo: `Docusaurus never reads them either (a translation needs a source doc of the same path and extension): rename or add the source doc, then copy them to content/<locale>/. ${ignored.join(', ')}` });
  listUntranslated(out, opts, notes);
  translateCategories(out, opts, notes);
  for (const [key, files] of unknownKeys) {
    notes.push({ what: `front matter \`${key}\` (${files.length} file${files.length > 1 ? 's' : ''})`, file: files[0]!, todo: 'Not a Docusaurus docs key that cheatsheet knows: ignored with a warning naming file and line (an error under `--strict`), as Docusaurus ignores keys it does not use. Remove it, or rename it if it is a typo of a known key (the warning suggests the nearest).' });
  }
  if (mdx.length) notes.push({ what: `MDX files (${mdx.length})`, file: mdx[0]!, todo: 'Copied and built as MDX with the theme components (Tabs, Admonition, Details, CodeBlock, DocCardList); components of your own are rendered on the server and hydrated in the browser (the npm packages they import are carried into package.json).' });
  for (const c of components) {
    const candidates = [c, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'].map((e) => c + e)];
    const found = candidates.find((p) => existsSync(join(src, p)) && statSync(join(src, p)).isFile());
    if (!found) continue;
    const dir = dirname(found);
    // The component's folder comes whole: styles and helpers it imports sit beside it.
    cpSync(join(src, dir), join(out, dir), { recursive: true });
    notes.push({ what: `component ${found}`, file: found, todo: 'Copied to the same path and rendered on the server where docs import it and hydrated in the browser (an island) when it is interactive.' });
  }
  return { notes, warnings, pages };
}

/**
 * Pages a locale has no translation of. Like Docusaurus, the build shows the source page there (with a
 * "not translated yet" notice) and `check` lists it, so nothing is copied: the report names them.
 */
function listUntranslated(out: string, opts: { defaultLocale: string; locales: string[] }, notes: Note[]): void {
  const base = join(out, 'content', opts.defaultLocale);
  for (const locale of opts.locales.filter((l) => l !== opts.defaultLocale)) {
    const missing = walkFiles(base).filter((file) => isDoc(file) && !existsSync(join(out, 'content', locale, relative(base, file))));
    const names = missing.map((file) => rel(base, file));
    if (names.length) notes.push({ what: `${names.length} untranslated page${names.length > 1 ? 's' : ''} in ${locale}`, file: `content/${opts.defaultLocale}/${names[0]}`, todo: `Shown in ${opts.defaultLocale} with a "not translated yet" notice, as Docusaurus does; \`cheatsheet check\` lists them. Translate: ${names.join(', ')}.` });
  }
}

/** Category labels in current.json become each locale's _category_.json (Docusaurus keeps them apart). */
function translateCategories(out: string, opts: { defaultLocale: string; current: ThemeTranslations; sidebarIds: string[] }, notes: Note[]): void {
  const base = join(out, 'content', opts.defaultLocale);
  for (const file of walkFiles(base).filter((f) => f.endsWith('_category_.json'))) {
    let meta: { label?: string };
    try {
      meta = JSON.parse(readFileSync(file, 'utf8')) as { label?: string };
    } catch {
      notes.push({ what: 'invalid _category_.json', file: rel(out, file), todo: 'Fix its JSON.' });
      continue;
    }
    if (!meta.label) continue;
    for (const [locale, messages] of opts.current) {
      const key = opts.sidebarIds.map((id) => `sidebar.${id}.category.${meta.label}`).find((k) => messages[k] !== undefined);
      const target = join(out, 'content', locale, relative(base, file));
      if (!key || !existsSync(dirname(target)) || existsSync(target)) continue;
      writeFileSync(target, JSON.stringify({ ...meta, label: messages[key] }, null, 2) + '\n');
    }
  }
}
