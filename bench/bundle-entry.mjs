// Shared by the bench scripts that run the renderer's sources without the compiled CLI: an entry bundled
// with esbuild (packages external as the CLI has them) and a CPU profile of one part of a run.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session } from 'node:inspector/promises';

/** Bundles `entry` (a path in `repo`) and imports it. */
export async function importBundled(repo, entry, name) {
  // Inside the repository, so the external packages (shiki, React) and dist/shiki-regexes resolve from it.
  const out = join(repo, 'node_modules', '.cache', `cheatsheet-${name}`, createHash('sha256').update(repo).digest('hex').slice(0, 8));
  await build({
    absWorkingDir: repo,
    entryPoints: { entry },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'chokidar', 'fsevents', 'shiki', 'shiki/*', '@shikijs/*', 'oniguruma-to-es', '@svgr/*'],
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return import(pathToFileURL(join(out, 'entry.js')).href);
}

/** Starts sampling this thread (200 µs); the returned function stops and writes DIR/NAME-<time>.cpuprofile. */
export async function startProfile(dir, name) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}
