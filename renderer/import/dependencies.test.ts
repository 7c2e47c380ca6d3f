import { describe, expect, it } from 'vitest';
import { docImports, packageName } from './dependencies.ts';

describe('packageName', () => {
  it('keeps the package of a deep or scoped import and ignores paths, URLs and node: modules', () => {
    expect(packageName('lodash/get')).toBe('lodash');
    expect(packageName('@scope/pkg/dist/x.js')).toBe('@scope/pkg');
    expect(packageName('./Badge')).toBeUndefined();
    expect(packageName('../src/x')).toBeUndefined();
    expect(packageName('/abs/x')).toBeUndefined();
    expect(packageName('node:fs')).toBeUndefined();
    expect(packageName('https://esm.sh/x')).toBeUndefined();
  });
});

describe('docImports', () => {
  it('reads the ESM lines of an MDX page, not the imports shown in its code blocks', () => {
    const page = [
      "import ReactPlayer from 'react-player/lazy';",
      'import { MapContainer,',
      "  TileLayer } from 'react-leaflet';",
      "import 'leaflet/dist/leaflet.css';",
      "export { default as Card } from '@site/src/Card';",
      '',
      '```tsx',
      "import 'core-js/stable';",
      "import { Widget } from 'widget-lib';",
      '```',
      '',
      '~~~',
      "import other from 'other-lib';",
      '~~~',
      '',
      "export const year = 2024",
      '',
      "Prose quoting a line from 'x'.",
      '```js',
      "import unclosed from 'unclosed-fence';",
    ].join('\n');
    expect(docImports(page)).toEqual(['react-player', 'react-leaflet', 'leaflet', '@site/src']);
  });
});
