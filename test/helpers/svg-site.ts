// A site whose pages and components take SVGs as modules (SVGR, as Docusaurus): by import and require() in MDX,
// from a site component that is hydrated in the browser (an island), and one as a plain Markdown image.
import { page } from './fixture-site.ts';

/** With a title, an id a gradient refers to, a viewBox: what SVGO's preset must keep working. */
export const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><title>Kiln</title><defs><linearGradient id="heat"><stop offset="0" stop-color="#f60"/></linearGradient></defs><rect width="40" height="40" fill="url(#heat)"/></svg>';
export const MARK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

export const svgSiteFiles: Record<string, string> = {
  'static/img/logo.svg': LOGO_SVG,
  // A site's static/ replaces the default one: the favicon the config names comes along.
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'content/en/compute/img/mark.svg': MARK_SVG,
  'src/components/mark.svg': MARK_SVG,
  'src/components/HeatButton.tsx': [
    "import { useState } from 'react';",
    "import Mark from './mark.svg';",
    "import Logo from '@site/static/img/logo.svg';",
    '',
    'export default function HeatButton() {',
    '  const [firings, setFirings] = useState(0);',
    '  return (',
    '    <button type="button" className="heat" onClick={() => setFirings(firings + 1)}>',
    '      <Mark className="heat-mark" aria-hidden="true" />',
    '      <Logo className="heat-logo" title="Heat" />',
    '      Fired {firings} times',
    // Drawn by the browser alone after a click: the browser's component must give what the server's gave.
    '      {firings > 0 ? <Logo className="fresh-logo" title="Heat" /> : null}',
    '    </button>',
    '  );',
    '}',
  ].join('\n'),
  'content/en/compute/logos.mdx': page(
    'Logos',
    [
      "import Logo from '@site/static/img/logo.svg';",
      "import Mark from './img/mark.svg';",
      "import HeatButton from '@site/src/components/HeatButton';",
      '',
      "export const features = [{ Svg: require('@site/static/img/logo.svg').default, title: 'Required' }];",
      '',
      '<Logo className="site-logo" role="img" title="Our kiln" />',
      '',
      '<Mark className="local-mark" />',
      '',
      '{features.map(({ Svg, title }) => <Svg key={title} className="feature-svg" role="img" aria-label={title} />)}',
      '',
      '![The logo as an image](/img/logo.svg)',
      '',
      '<HeatButton />',
    ].join('\n'),
  ),
};
