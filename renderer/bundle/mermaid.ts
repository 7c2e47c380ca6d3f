// The mermaid package's own browser build (ES modules, one small entry and a chunk per diagram kind),
// shipped as it is under assets/mermaid/ when a page of the site has a diagram. Bundling it ourselves
// took esbuild 8 s here and made 107 chunks; its published build is already minified and split.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { MERMAID_ENTRY } from '../shared/mermaid.ts';
export { MERMAID_ENTRY };

/** mermaid's browser files by output path (below baseUrl). */
export function mermaidFiles(): Map<string, Uint8Array> {
  const dist = dirname(createRequire(import.meta.url).resolve('mermaid'));
  const files = new Map<string, Uint8Array>([[MERMAID_ENTRY, readFileSync(join(dist, 'mermaid.esm.min.mjs'))]]);
  const chunks = join(dist, 'chunks', 'mermaid.esm.min');
  for (const name of readdirSync(chunks)) {
    if (name.endsWith('.mjs')) files.set(`assets/mermaid/chunks/mermaid.esm.min/${name}`, readFileSync(join(chunks, name)));
  }
  return files;
}
