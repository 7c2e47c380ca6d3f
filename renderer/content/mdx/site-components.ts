// The site's own components (`@site/src/components/…`), bundled with esbuild for the server render. React is
// left to our copy (one React instance, or hooks break), passed as file URLs so the bundle runs from memory.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { ContentError } from '../../errors.ts';

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<Record<string, unknown>>>();

async function bundle(file: string): Promise<Record<string, unknown>> {
  const out = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.svg': 'dataurl', '.png': 'dataurl' },
    plugins: [
      {
        name: 'our-react',
        setup(b) {
          b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: pathToFileURL(require.resolve(args.path)).href, external: true }));
        },
      },
    ],
  });
  const code = out.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
}

export async function loadSiteComponent(file: string, exported: string, local: string, where: { file: string; line: number }): Promise<ComponentType<never>> {
  let module = loaded.get(file);
  if (!module) loaded.set(file, (module = bundle(file)));
  let exports: Record<string, unknown>;
  try {
    exports = await module;
  } catch (err) {
    loaded.delete(file);
    const first = (err as { errors?: { text: string; location?: { file: string; line: number } }[] }).errors?.[0];
    throw new ContentError(`The component "${local}" could not be bundled: ${first ? `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}` : (err as Error).message}`, where, { hint: 'Fix the component file.' });
  }
  const value = exported === '*' ? exports : exports[exported];
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) throw new ContentError(`The component "${local}" cannot be resolved: its file has no export "${exported}".`, where, { hint: 'Export the component (e.g. `export default function …`).' });
  return value as ComponentType<never>;
}
