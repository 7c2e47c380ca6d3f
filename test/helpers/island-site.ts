// A site's own interactive component and an MDX page using it with <BrowserOnly>; a page whose <BrowserOnly>
// requires a component with a package's stylesheet and a CSS module, which only the browser ever renders; a
// page showing a partial (from another folder) whose own counter is hydrated too
// (test/browser/islands.test.ts, test/serve-islands.test.ts).
import { page } from './fixture-site.ts';

export const counterSource = (label: string) => `import { useState } from 'react';
import styles from './Counter.module.css';

export default function Counter({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" className={styles.counter} onClick={() => setCount(count + 1)}>
      ${label} {count} times
    </button>
  );
}
`;

/** A 1×1 PNG: a real image, so browsers and hashes see real bytes. */
export const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * Images taken as modules inside an island: the page's own require() passed to a site component, and the
 * component's import of a static image. What the browser renders after a click is the browser's value.
 */
export const pictureSiteFiles: Record<string, string | Buffer> = {
  'static/img/logo.png': PIXEL,
  // A site's static/ replaces the default one: the favicon the config names comes along.
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'content/en/compute/img/chart.png': Buffer.concat([PIXEL, Buffer.from('chart')]),
  'src/components/Reveal.tsx': [
    "import { useState } from 'react';",
    "import logo from '@site/static/img/logo.png';",
    '',
    'export default function Reveal({ src }: { src: string }) {',
    '  const [shown, setShown] = useState(false);',
    '  return (',
    '    <div>',
    '      <img className="own-logo" src={logo} alt="Logo" />',
    '      <button type="button" onClick={() => setShown(true)}>Reveal</button>',
    '      {shown ? <><img className="shown-chart" src={src} alt="Chart again" /><img className="shown-logo" src={logo} alt="Logo again" /></> : null}',
    '    </div>',
    '  );',
    '}',
  ].join('\n'),
  'content/en/compute/pictures.mdx': page(
    'Pictures',
    [
      "import Reveal from '@site/src/components/Reveal';",
      '',
      '<img className="server-chart" src={require(\'./img/chart.png\').default} alt="Chart" />',
      '',
      "<Reveal src={require('./img/chart.png').default} />",
    ].join('\n'),
  ),
};

export const islandSiteFiles: Record<string, string> = {
  'src/components/Counter.tsx': counterSource('Clicked'),
  'src/components/Counter.module.css': '.counter { font-weight: 700; }\n',
  'content/en/compute/widgets.mdx': page(
    'Widgets',
    [
      "import Counter from '@site/src/components/Counter';",
      "import BrowserOnly from '@docusaurus/BrowserOnly';",
      '',
      '## A counter',
      '',
      '<Counter start={2} />',
      '',
      '## A map',
      '',
      '<BrowserOnly fallback={<p>Loading the map…</p>}>',
      '  {() => <p className="drawn-in-browser">Drawn in the browser at {window.location.pathname}</p>}',
      '</BrowserOnly>',
    ].join('\n'),
  ),
  // A stand-in for a map library: a package whose stylesheet its users import (as leaflet's is).
  'node_modules/tilemap/package.json': JSON.stringify({ name: 'tilemap', version: '1.0.0' }),
  'node_modules/tilemap/dist/tilemap.css': '.tilemap-pane { border-top: 7px solid rgb(10, 120, 40); }\n',
  'src/components/Atlas.tsx': [
    "import 'tilemap/dist/tilemap.css';",
    "import styles from './Atlas.module.css';",
    '',
    'export default function Atlas({ region }: { region: string }) {',
    '  return <div className={`tilemap-pane ${styles.atlas}`}>Atlas of {region}</div>;',
    '}',
  ].join('\n'),
  'src/components/Atlas.module.css': '.atlas { border-left: 5px dashed rgb(200, 30, 30); }\n',
  'content/en/compute/atlas.mdx': page(
    'Atlas',
    [
      "import BrowserOnly from '@docusaurus/BrowserOnly';",
      '',
      '## Regions',
      '',
      '<BrowserOnly fallback={<p>Drawing the atlas…</p>}>',
      "  {() => { const Atlas = require('@site/src/components/Atlas').default; return <Atlas region=\"us-east-1\" />; }}",
      '</BrowserOnly>',
    ].join('\n'),
  ),
  'content/en/_shared/_tally.mdx': [
    "import Counter from '@site/src/components/Counter';",
    '',
    'Every visitor counts: <Counter start={5} />',
    '',
    '```bash',
    'echo "tallied"',
    '```',
  ].join('\n'),
  'content/en/compute/tally.mdx': page(
    'Tally',
    [
      "import Counter from '@site/src/components/Counter';",
      "import Tally from '../_shared/_tally.mdx';",
      '',
      '## On this page',
      '',
      '<Counter start={20} />',
      '',
      '## From the partial',
      '',
      '<Tally />',
    ].join('\n'),
  ),
};
