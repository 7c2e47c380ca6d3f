// Turns the raw default export of site.config.ts into a validated config, with messages that name the
// field and say what to do (zod's own messages are terse).
import * as z from 'zod';
import { ConfigError } from '../errors.ts';
import { PARSE_ONCE } from '../parse-once.ts';
import { algoliaSchema, NAVBAR_ITEM_TYPES, navbarItem, siteConfigSchema, type AlgoliaConfig, type NavbarItemConfig, type ParsedSiteConfig } from './schema.ts';

export interface SiteConfig extends Omit<ParsedSiteConfig, 'themeConfig'> {
  themeConfig: Omit<ParsedSiteConfig['themeConfig'], 'navbar' | 'algolia'> & {
    navbar: Omit<ParsedSiteConfig['themeConfig']['navbar'], 'items'> & { items: NavbarItemConfig[] };
    algolia?: AlgoliaConfig;
  };
}

function issuesToLines(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return `${path || '(root)'}: ${issue.message}`;
  });
}

function fail(file: string, lines: string[]): never {
  throw new ConfigError(`Invalid site configuration in ${file}:`, {
    details: lines,
    location: { file },
    hint: 'Fix the fields above; see site.config.ts in the cheatsheet repository for a complete example.',
  });
}

export function validateConfig(raw: unknown, file: string): SiteConfig {
  const parsed = siteConfigSchema.safeParse(raw, PARSE_ONCE);
  if (!parsed.success) fail(file, issuesToLines(parsed.error));
  const config = parsed.data;

  const items = config.themeConfig.navbar.items.map((item, i) => parseNavbarItem(item, i, file));

  let algolia: AlgoliaConfig | undefined;
  if (config.themeConfig.algolia !== undefined) {
    const result = algoliaSchema.safeParse(config.themeConfig.algolia, PARSE_ONCE);
    if (!result.success) {
      // The spec's own messages ('`appId` is missing.') come first so they read as the headline.
      const messages = result.error.issues.map((i) => i.message);
      throw new ConfigError(`${messages[0]} (themeConfig.algolia in ${file})`, { details: issuesToLines(result.error, 'themeConfig.algolia'), location: { file } });
    }
    algolia = result.data;
  }

  checkLocales(config, file);
  return { ...config, themeConfig: { ...config.themeConfig, navbar: { ...config.themeConfig.navbar, items }, algolia } };
}

function parseNavbarItem(item: unknown, index: number, file: string): NavbarItemConfig {
  const where = `themeConfig.navbar.items.${index}`;
  if (typeof item !== 'object' || item === null) fail(file, [`${where}: expected an object`]);
  const withType = { type: 'default', ...(item as Record<string, unknown>) };
  const type = withType.type;
  if (typeof type !== 'string' || !(NAVBAR_ITEM_TYPES as readonly string[]).includes(type)) {
    throw new ConfigError(`No NavbarItem component found for type "${String(type)}".`, {
      location: { file },
      details: [`${where}: ${JSON.stringify(item)}`],
      hint: `Use one of: ${NAVBAR_ITEM_TYPES.join(', ')}.`,
    });
  }
  const result = navbarItem.safeParse(withType, PARSE_ONCE);
  if (!result.success) fail(file, issuesToLines(result.error, where));
  if (result.data.type === 'default' && !result.data.to && !result.data.href) fail(file, [`${where}: a link needs \`to\` or \`href\``]);
  return result.data;
}

function checkLocales(config: ParsedSiteConfig, file: string): void {
  const { locales, defaultLocale, sourceLocale, localeConfigs } = config.i18n;
  const lines: string[] = [];
  if (!locales.includes(defaultLocale)) lines.push(`i18n.defaultLocale: "${defaultLocale}" is not one of i18n.locales (${locales.join(', ')})`);
  if (!locales.includes(sourceLocale)) lines.push(`i18n.sourceLocale: "${sourceLocale}" is not one of i18n.locales (${locales.join(', ')})`);
  for (const code of Object.keys(localeConfigs)) {
    if (!locales.includes(code)) lines.push(`i18n.localeConfigs.${code}: unknown locale "${code}"; add it to i18n.locales or remove it`);
  }
  for (const code of locales) if (!Object.hasOwn(localeConfigs, code)) lines.push(`i18n.localeConfigs: missing the config of locale "${code}" (label, htmlLang, path)`);
  const seenPaths = new Map<string, string>();
  for (const [code, lc] of Object.entries(localeConfigs)) {
    const other = seenPaths.get(lc.path);
    if (other) lines.push(`i18n.localeConfigs.${code}.path: "${lc.path}" is also the path of "${other}"`);
    seenPaths.set(lc.path, code);
  }
  walkLocalized(config, '', (path, value) => {
    for (const key of Object.keys(value)) if (!locales.includes(key)) lines.push(`${path}: unknown locale "${key}"`);
    for (const code of locales) if (!(code in value)) lines.push(`${path}: missing the text for locale "${code}"`);
  });
  if (lines.length) fail(file, lines);
}

/** Visits every per-locale record ({ 'pt-BR': …, en: … }) in the config. */
function walkLocalized(node: unknown, path: string, visit: (path: string, value: Record<string, string>) => void): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walkLocalized(child, `${path}.${i}`, visit));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const childPath = path ? `${path}.${key}` : key;
    if (isLocalizedRecord(key, value)) visit(childPath, value as Record<string, string>);
    else if (key !== 'localeConfigs' && key !== 'searchParameters') walkLocalized(value, childPath, visit);
  }
}

const LOCALIZED_KEYS = new Set(['label', 'tagline', 'content', 'copyright', 'title', 'aria-label', 'imageAlt']);
function isLocalizedRecord(key: string, value: unknown): boolean {
  return LOCALIZED_KEYS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

export { localize } from './localize.ts';
