import { describe, expect, it } from 'vitest';
import { usesMdx } from './detect.ts';

describe('usesMdx', () => {
  it('takes every .mdx file', () => expect(usesMdx('a/b.mdx', 'Plain text.')).toBe(true));
  it('takes .md files with import/export lines, capitalised tags, expressions or MDX comments', () => {
    expect(usesMdx('a.md', "import Tabs from '@theme/Tabs';\n\nText.")).toBe(true);
    expect(usesMdx('a.md', 'export const x = 1;\n')).toBe(true);
    expect(usesMdx('a.md', 'Before <Badge text="x" /> after.')).toBe(true);
    expect(usesMdx('a.md', 'Runs in {regions} regions.')).toBe(true);
    expect(usesMdx('a.md', '{/* hidden */}')).toBe(true);
  });
  it('leaves plain Markdown on the fast path: custom heading ids, lowercase HTML, code in fences and inline code', () => {
    expect(usesMdx('a.md', '## Title {#custom}\n\n<details><summary>x</summary>y</details>')).toBe(false);
    expect(usesMdx('a.md', '- item\n\n  ```ts\n  import { S3 } from "x";\n  const { a } = b({});\n  ```\n')).toBe(false);
    expect(usesMdx('a.md', 'Call `render(<App />)` or `{ a }`.')).toBe(false);
    expect(usesMdx('a.md', 'The import of data is exported later.')).toBe(false);
  });
});
