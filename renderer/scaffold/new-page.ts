// `new-page`: writes one service page in every locale with valid front matter and the translated outline,
// placed after the last page of its category. It checks everything before writing anything, so a refused
// page leaves the content as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadedConfig } from '../config/load.ts';
import { parseCategory } from '../content/category.ts';
import { parseFrontMatter } from '../content/front-matter.ts';
import { outlineFor } from '../content/outline.ts';
import { UserError } from '../errors.ts';
import { WINDOWS_RESERVED } from '../source-tree.ts';
import { localeInfos } from '../routes/site-data.ts';
import { routePath } from '../shared/locale-urls.ts';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface NewPageRequest {
  category: string;
  slug: string;
  title: string;
  sidebar: boolean;
  position?: number;
  /** Label of a category to create (written to `_category_.json` in every locale). */
  newCategory?: string;
}

export interface NewPageResult {
  files: string[];
  /** The page's path in each locale, e.g. /aws-cheatsheet/pt-BR/docs/compute/foo */
  paths: { locale: string; path: string }[];
  position: number;
}

// A Map: a site's locale code is looked up here, and `constructor` must not find Object's own.
const DESCRIPTION = new Map<string, (title: string) => string>([
  ['pt-BR', (t) => `${t}: resumo de uma frase do que o serviço faz (usado na busca e nas prévias de links).`],
  ['en', (t) => `${t}: a one-sentence summary of what the service does (used by search and link previews).`],
  ['es', (t) => `${t}: resumen de una frase de lo que hace el servicio (usado por la búsqueda y las vistas previas de enlaces).`],
]);

const NEW_PAGE_ERROR = 'new-page';

/** File names must fit the file systems (255 bytes with `.md`; a URL segment that long is unusable anyway). */
export const MAX_SLUG_LENGTH = 100;

/** Why `value` cannot be a category or page slug, or undefined when it can. */
export function slugProblem(value: string): string | undefined {
  if (!SLUG.test(value)) return 'use lowercase letters, digits and single hyphens (e.g. "ec2-spot")';
  if (value.length > MAX_SLUG_LENGTH) return `it is ${value.length} characters long; use at most ${MAX_SLUG_LENGTH}`;
  if (WINDOWS_RESERVED.test(value)) return `"${value}" is a device name on Windows, where the file could not be created; pick another name`;
  return undefined;
}

/** Checks `<category>/<slug>`; returns its two parts. */
export function parsePageId(id: string): { category: string; slug: string } {
  const parts = id.replace(/\.md$/, '').split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new UserError(NEW_PAGE_ERROR, `"${id}" is not <category>/<slug>.`, { hint: 'Example: cheatsheet new-page compute/ec2-spot --title "Amazon EC2 Spot Instances"' });
  }
  for (const [what, value] of [['category', parts[0]], ['slug', parts[1]]] as const) {
    const problem = slugProblem(value);
    if (problem) throw new UserError(NEW_PAGE_ERROR, `Invalid ${what} "${value.length > 60 ? `${value.slice(0, 60)}…` : value}": ${problem}.`);
  }
  return { category: parts[0], slug: parts[1] };
}

/** Category folders of the source locale, with their labels. */
export function listCategories(root: string, sourceLocale: string): { key: string; label: string }[] {
  const dir = join(root, 'content', sourceLocale);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .sort()
    .map((key) => {
      const meta = join(dir, key, '_category_.json');
      let label = key;
      try {
        if (existsSync(meta)) label = parseCategory(readFileSync(meta, 'utf8'), meta).meta.label ?? key;
      } catch {
        // An invalid _category_.json is reported by build and check; here the folder name will do.
      }
      return { key, label };
    });
}

/** The sidebar position after the last page of the category, over every locale. */
function nextPosition(root: string, locales: string[], category: string): number {
  let max = 0;
  for (const locale of locales) {
    const dir = join(root, 'content', locale, category);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.md')) continue;
      try {
        const { data } = parseFrontMatter(readFileSync(join(dir, name), 'utf8'), name);
        if (typeof data.sidebar_position === 'number') max = Math.max(max, data.sidebar_position);
      } catch {
        // A broken page is not this command's business.
      }
    }
  }
  return Math.floor(max) + 1;
}

function nextCategoryPosition(root: string, locale: string): number {
  const dir = join(root, 'content', locale);
  let max = 0;
  for (const { key } of listCategories(root, locale)) {
    const meta = join(dir, key, '_category_.json');
    try {
      if (existsSync(meta)) max = Math.max(max, parseCategory(readFileSync(meta, 'utf8'), meta).meta.position ?? 0);
    } catch {
      // Reported by build and check.
    }
  }
  return Math.floor(max) + 1;
}

const yamlString = (s: string) => JSON.stringify(s);

export function pageSource(locale: string, req: NewPageRequest, position: number): string {
  const fm = [
    '---',
    `title: ${yamlString(req.title)}`,
    `description: ${yamlString((DESCRIPTION.get(locale) ?? DESCRIPTION.get('en')!)(req.title))}`,
    `sidebar_position: ${position}`,
    `tags: [${req.category}]`,
    ...(req.sidebar ? [] : ['sidebar: false']),
    '---',
  ];
  const body = outlineFor(locale).flatMap((s) => [`## ${s.heading}`, '', `_${s.hint}_`, '']);
  return `${fm.join('\n')}\n\n${body.join('\n')}`;
}

export function createPage(loaded: LoadedConfig, req: NewPageRequest): NewPageResult {
  const { root, config } = loaded;
  const locales = config.i18n.locales;
  const source = config.i18n.sourceLocale;
  if (!req.title.trim()) throw new UserError(NEW_PAGE_ERROR, 'The title is empty.', { hint: 'Pass --title "Amazon Example".' });
  const known = listCategories(root, source);
  const exists = known.some((c) => c.key === req.category);
  if (!exists && !req.newCategory) {
    throw new UserError(NEW_PAGE_ERROR, `Unknown category "${req.category}".`, {
      details: [`Valid categories: ${known.map((c) => c.key).join(', ') || '(none yet)'}`],
      hint: `To create it, add --new-category "Label" (written to content/<locale>/${req.category}/_category_.json in every locale).`,
    });
  }
  if (exists && req.newCategory) throw new UserError(NEW_PAGE_ERROR, `The category "${req.category}" already exists: drop --new-category.`);
  if (req.position !== undefined && !Number.isFinite(req.position)) throw new UserError(NEW_PAGE_ERROR, 'The position must be a number.', { hint: 'Example: --position 3' });

  const position = req.position ?? nextPosition(root, locales, req.category);
  const writes: { file: string; content: string }[] = [];
  if (req.newCategory) {
    const catPosition = nextCategoryPosition(root, source);
    for (const locale of locales) writes.push({ file: `content/${locale}/${req.category}/_category_.json`, content: `${JSON.stringify({ label: req.newCategory, position: catPosition }, null, 2)}\n` });
  }
  for (const locale of locales) writes.push({ file: `content/${locale}/${req.category}/${req.slug}.md`, content: pageSource(locale, req, position) });
  const taken = writes.filter((w) => existsSync(join(root, w.file)));
  if (taken.length) {
    throw new UserError(NEW_PAGE_ERROR, `Refusing to overwrite ${taken.map((w) => w.file).join(', ')}.`, { hint: 'Pick another slug, or edit the existing page.' });
  }
  for (const w of writes) {
    const abs = join(root, w.file);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, w.content, { flag: 'wx' });
  }
  const paths = localeInfos(config).map((l) => ({ locale: l.code, path: routePath(config.baseUrl, l.prefix, `${config.docs.routeBasePath}/${req.category}/${req.slug}`) }));
  return { files: writes.map((w) => w.file), paths, position };
}
