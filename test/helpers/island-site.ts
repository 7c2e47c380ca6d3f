// A site's own interactive component and an MDX page using it with <BrowserOnly> (test/browser/islands.test.ts,
// test/serve-islands.test.ts).
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
};
