import { describe, expect, it } from 'vitest';
import { mapConfig } from './map-config.ts';

const site = (docs: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  title: 'T',
  url: 'https://example.org',
  baseUrl: '/',
  presets: [['classic', { docs }]],
  ...extra,
});
const none = new Map<string, Record<string, string>>();

describe('mapConfig: what the docs plugin options become', () => {
  it("keeps routeBasePath '/' (docs at the site root), edit links, last-update options and onInlineTags as they are", () => {
    const { config, notes } = mapConfig(site({ routeBasePath: '/', editUrl: 'https://github.com/o/r/edit/main/', editLocalizedFiles: true, showLastUpdateTime: true, onInlineTags: 'throw' }, { trailingSlash: true }), 'docusaurus.config.js', none, none);
    expect(config.docs).toEqual({ routeBasePath: '', editUrl: 'https://github.com/o/r/edit/main/', editLocalizedFiles: true, showLastUpdateTime: true, onInlineTags: 'throw' });
    expect(config.trailingSlash).toBe(true);
    expect(notes.map((n) => n.what)).not.toContain("docs.routeBasePath: '/'");
    expect(notes.map((n) => n.what)).not.toContain('docs.editUrl');
  });

  it('names an editUrl function for the site owner to carry over by hand', () => {
    const { config, notes } = mapConfig(site({ editUrl: () => 'x' }), 'docusaurus.config.js', none, none);
    expect(config.docs).toEqual({ routeBasePath: 'docs' });
    expect(notes.map((n) => n.what)).toContain('docs.editUrl (a function)');
  });

  it("gives unset onBroken… options Docusaurus's defaults (links throw, anchors warn)", () => {
    expect(mapConfig(site({}), 'docusaurus.config.js', none, none).config).toMatchObject({ onBrokenLinks: 'throw', onBrokenAnchors: 'warn' });
    expect(mapConfig(site({}, { onBrokenLinks: 'log', onBrokenAnchors: 'throw' }), 'docusaurus.config.js', none, none).config).toMatchObject({ onBrokenLinks: 'warn', onBrokenAnchors: 'throw' });
  });

  it("reads the blog's folder and route (a blog at /changelog is still a blog)", () => {
    const at = (blog: unknown) => mapConfig({ ...site({}), presets: [['classic', { docs: {}, blog }]] }, 'docusaurus.config.js', none, none).blog;
    expect(at({ path: 'changelog', routeBasePath: '/changelog/' })).toEqual({ path: 'changelog', routeBasePath: '/changelog' });
    expect(at({})).toEqual({ path: 'blog', routeBasePath: '/blog' });
    expect(at(false)).toBe(false);
  });
});
