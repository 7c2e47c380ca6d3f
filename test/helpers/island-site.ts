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
