import { describe, expect, it } from 'vitest';
import { withBaseUrl } from '../../../templates/mdx/docusaurus.tsx';
import type { MdxSite } from '../../../templates/mdx/context.ts';

const site: MdxSite = { title: 'T', tagline: '', url: 'https://example.org', baseUrl: '/docs-site/', locale: 'en', defaultLocale: 'en', locales: ['en'] };

describe('useBaseUrl as Docusaurus defines it', () => {
  it('adds the base URL to site paths once, keeps other URLs, and makes them absolute when asked', () => {
    expect(withBaseUrl(site, '/img/a.png')).toBe('/docs-site/img/a.png');
    expect(withBaseUrl(site, '/docs-site/img/a.png')).toBe('/docs-site/img/a.png');
    expect(withBaseUrl(site, '/docs-site/img/a.png', { forcePrependBaseUrl: true })).toBe('/docs-site/docs-site/img/a.png');
    expect(withBaseUrl(site, 'img/a.png')).toBe('/docs-site/img/a.png');
    expect(withBaseUrl(site, '/docs-site')).toBe('/docs-site/');
    expect(withBaseUrl(site, 'https://cdn.example.org/a.png')).toBe('https://cdn.example.org/a.png');
    expect(withBaseUrl(site, '#top')).toBe('#top');
    expect(withBaseUrl(site, '/img/a.png', { absolute: true })).toBe('https://example.org/docs-site/img/a.png');
  });
});
