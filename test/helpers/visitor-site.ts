// A small site for the browser tests of things the real site does not configure: every navbar item
// kind, hideOnScroll, the colour switch without the system preference, and a home page that can crash.
import { join } from 'node:path';
import { build } from '../../renderer/build.ts';
import { makeSite, minimalContent, page } from './fixture-site.ts';

const longBody = (lang: string) =>
  Array.from({ length: 12 }, (_, i) => `## ${lang} ${i + 1}\n\n${'Text that fills the page so it scrolls. '.repeat(40)}`).join('\n\n');

/** A custom home page: a button makes it throw while rendering, an Error with a cause. */
export const CRASHING_HOME = `import { useState } from 'react';

export default function Home() {
  const [crashed, setCrashed] = useState(false);
  if (crashed) throw new Error('The widget failed to render', { cause: new Error('widget.json is missing') });
  return (
    <div className="container">
      <h1>Fixture home</h1>
      <button type="button" className="button" onClick={() => setCrashed(true)}>Crash this page</button>
    </div>
  );
}
`;

export const VISITOR_NAVBAR = [
  { type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs', position: 'left' },
  { type: 'default', to: 'docs/long', label: 'Long page', position: 'left' },
  {
    type: 'dropdown',
    label: 'More',
    position: 'left',
    items: [
      { label: 'EC2 page', to: 'docs/compute/ec2' },
      { label: 'Example', href: 'https://example.com/' },
    ],
  },
  { type: 'doc', docId: 'compute/ec2', position: 'left' },
  { type: 'html', value: '<span class="fixture-html">Raw <b>HTML</b></span>', position: 'right' },
  { type: 'docsVersion', position: 'right' },
  { type: 'docsVersionDropdown', position: 'right' },
  { type: 'localeDropdown', position: 'right' },
  { type: 'search', position: 'right' },
];

/** Builds the site (themeConfig entries override the defaults below) and returns its output folder. */
export async function buildVisitorSite(themeConfig: Record<string, unknown> = {}): Promise<string> {
  const root = makeSite(
    {
      ...minimalContent,
      'content/pt-BR/long.md': page('Página longa', longBody('Seção'), 'sidebar_position: 3\n'),
      'content/en/long.md': page('Long page', longBody('Section'), 'sidebar_position: 3\n'),
      'templates/pages/home.tsx': CRASHING_HOME,
    },
    {
      config: {
        themeConfig: {
          navbar: { hideOnScroll: true, items: VISITOR_NAVBAR },
          announcementBar: { id: 'fixture-1', content: 'Fixture announcement' },
          ...themeConfig,
        },
      },
    },
  );
  const outDir = join(root, 'build');
  await build({ root, outDir });
  return outDir;
}
