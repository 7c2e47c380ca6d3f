// Compiles the node side (cli/ + renderer/) into one ESM file so the CLI starts fast: no TypeScript loader
// at run time. Dependencies stay external and resolve from node_modules. Templates are not part of it: the
// renderer bundles them on each build so `serve` can pick up template edits.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Chunk names are content-hashed: without a clean folder, old chunks would pile up.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'cli/main.ts', 'build-worker': 'renderer/workers/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
