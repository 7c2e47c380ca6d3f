// The dev server's first build assembles the same site data as `build` from the same stages.
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { fullDevBuild } from '../renderer/serve/full-build.ts';
import { makeSite, minimalContent } from './helpers/fixture-site.ts';

describe('dev build', () => {
  it('knows every explicit sidebar, as build does (a navbar item can point at the second one)', async () => {
    const root = makeSite(minimalContent, {
      config: {
        docs: { sidebars: { tutorialSidebar: ['start'], servicesSidebar: ['compute/ec2'] } },
        themeConfig: {
          navbar: {
            items: [
              { type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' },
              { type: 'docSidebar', sidebarId: 'servicesSidebar', label: 'Services' },
            ],
          },
        },
      },
    });
    const dev = await fullDevBuild({ root });
    expect([...dev.problems.values()].flat()).toEqual([]);
    const prod = await build({ root, write: false, bundle: false });
    for (const locale of ['pt-BR', 'en']) {
      const navbar = dev.state.siteData.get(locale)!.navbar.items;
      expect(navbar).toEqual(prod.siteData.get(locale)!.navbar.items);
      expect(navbar.map((i) => ('href' in i ? i.href : undefined))).toEqual([`/aws-cheatsheet/${locale === 'en' ? '' : 'pt-BR/'}docs/start`, `/aws-cheatsheet/${locale === 'en' ? '' : 'pt-BR/'}docs/compute/ec2`]);
    }
  });
});
