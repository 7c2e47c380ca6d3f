import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.ts';
import { localize, validateConfig } from './validate.ts';
import realConfig from '../../site.config.ts';

const clone = <T>(v: T): T => structuredClone(v);

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    return [e.message, ...e.details].join('\n');
  }
  throw new Error('expected a ConfigError');
}

describe('site config validation', () => {
  it('accepts the real site.config.ts and fills defaults', () => {
    const config = validateConfig(realConfig, 'site.config.ts');
    expect(config.baseUrl).toBe('/aws-cheatsheet/');
    expect(config.i18n.defaultLocale).toBe('en');
    expect(config.titleDelimiter).toBe('|');
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.themeConfig.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.themeConfig.colorMode).toEqual({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true });
    expect(config.themeConfig.navbar.items.map((i) => i.type)).toEqual(['docSidebar', 'default', 'docsVersionDropdown', 'localeDropdown', 'default', 'search']);
    expect(config.docs.sidebarId).toBe('tutorialSidebar');
    expect(config.docs.version).toEqual({ name: 'current', label: 'Next' });
  });

  it('names every wrong field', () => {
    const raw = clone(realConfig) as Record<string, unknown>;
    raw.url = 'not a url';
    raw.favicon = 3;
    const msg = messageOf(() => validateConfig(raw, 'site.config.ts'));
    expect(msg).toContain('url:');
    expect(msg).toContain('favicon:');
  });

  it('requires a text for every locale in per-locale values', () => {
    const raw = clone(realConfig) as { tagline: Record<string, string> };
    delete raw.tagline.es;
    expect(messageOf(() => validateConfig(raw, 'site.config.ts'))).toContain('tagline: missing the text for locale "es"');
  });

  it('gives the spec messages for incomplete Algolia credentials', () => {
    const raw = clone(realConfig) as { themeConfig: Record<string, unknown> };
    raw.themeConfig.algolia = { apiKey: 'k', indexName: 'i' };
    expect(messageOf(() => validateConfig(raw, 'site.config.ts'))).toContain('`appId` is missing.');
    raw.themeConfig.algolia = { appId: 'a', indexName: 'i' };
    expect(messageOf(() => validateConfig(raw, 'site.config.ts'))).toContain('`apiKey` is missing.');
  });

  it('rejects unknown navbar item types with the spec message', () => {
    const raw = clone(realConfig) as { themeConfig: { navbar: { items: unknown[] } } };
    raw.themeConfig.navbar.items.push({ type: 'carousel' });
    expect(messageOf(() => validateConfig(raw, 'site.config.ts'))).toContain('No NavbarItem component found for type "carousel"');
  });

  it('localizes per-locale values', () => {
    expect(localize({ en: 'Hi', 'pt-BR': 'Oi' }, 'pt-BR')).toBe('Oi');
    expect(localize('Same', 'es')).toBe('Same');
    expect(localize(undefined, 'es')).toBeUndefined();
  });
});
