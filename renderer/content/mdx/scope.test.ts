import { describe, expect, it } from 'vitest';
import { isPackageSpecifier } from './scope.ts';

describe('isPackageSpecifier: what an MDX page imports from node_modules', () => {
  it('takes bare and scoped package names, with or without a path inside the package', () => {
    for (const s of ['react-embed', 'leaflet/dist/leaflet.css', '@scope/widget', '@scope/widget/sub.js', 'lodash.get']) expect(isPackageSpecifier(s), s).toBe(true);
  });

  it("leaves out paths, URLs, Node built-ins and the aliases of Docusaurus's own modules", () => {
    for (const s of ['./x', '../x.mdx', '/abs', '@site/src/components/A', '@theme/Tabs', '@docusaurus/Link', '@theme-original/X', '@generated/x', 'node:fs', 'https://x.org/a.js']) expect(isPackageSpecifier(s), s).toBe(false);
  });
});
