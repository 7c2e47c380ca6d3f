// What a warm build costs before its first stage: the modules it loads. A build with nothing changed renders
// nothing and processes no doc, so it must not load what only those do (React, the Markdown pipeline, the
// highlighter), nor what nothing calls (esprima, which js-yaml would load for a tag gray-matter never
// parses). Loaded modules are recorded by a module hook (ES modules) and require.cache at exit (CommonJS).
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeSite, minimalContent, REPO, runCli } from './helpers/fixture-site.ts';

/** Runs the CLI; returns every module file it loaded (ESM URLs and CommonJS paths, as paths relative to the repository). */
function modulesLoaded(args: string[], cwd: string): string[] {
  // Outside the site: a file in it would change the site's file list, and with it the build cache's keys.
  const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-modules-'));
  const out = join(dir, 'loaded.txt');
  writeFileSync(join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(out)}, url + '\\n');\n  return next(url, context);\n}\n`);
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register, createRequire } from 'node:module';\nimport { appendFileSync } from 'node:fs';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\nconst require = createRequire(import.meta.url);\nprocess.on('exit', () => appendFileSync(${JSON.stringify(out)}, Object.keys(require.cache).join('\\n') + '\\n'));\n`,
  );
  writeFileSync(out, '');
  const r = runCli(args, cwd, { NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'register.mjs')).href}` });
  expect(r.status, r.stderr).toBe(0);
  const repo = `${REPO}/`;
  return [...new Set(readFileSync(out, 'utf8').split('\n').filter(Boolean).map((u) => (u.startsWith('file://') ? new URL(u).pathname : u).replace(repo, '')))];
}

const fromPackage = (files: string[], name: string) => files.filter((f) => f.includes(`node_modules/${name}/`));

/** The CLI's modules among `files` that carry `source` (esbuild names each source it bundles in a comment). */
const holding = (files: string[], source: string) => files.filter((f) => /^dist\/.*\.js$/.test(f) && readFileSync(join(REPO, f), 'utf8').includes(`\n// ${source}\n`));

describe('start-up of a warm build', () => {
  it('a build with nothing changed loads neither React, shiki, esbuild, esprima nor the CLI\'s parser (a cold build loads React)', () => {
    const root = makeSite(minimalContent);
    // Cold: every doc processed (gray-matter, hence js-yaml) and every page rendered.
    const cold = modulesLoaded(['build', '--root', root], root);
    expect(fromPackage(cold, 'react-dom').length, 'a cold build renders with React').toBeGreaterThan(0);
    expect(fromPackage(cold, 'esprima'), 'js-yaml finds no esprima in the bundle').toEqual([]);
    // bin/ starts a cold build's thread before the CLI loads, and the thread reads the arguments without it
    // (cli/cold-start.ts): the CLI's module (commander, every command) is loaded by neither thread.
    expect(cold.filter((f) => f.startsWith('dist/cold-')).sort()).toEqual(['dist/cold-start.js', 'dist/cold-thread.js']);
    expect(cold, 'the CLI is not loaded').not.toContain('dist/cli.js');

    const warm = modulesLoaded(['build', '--root', root], root);
    expect(fromPackage(warm, 'react'), 'nothing changed: no React').toEqual([]);
    expect(fromPackage(warm, 'react-dom')).toEqual([]);
    expect(fromPackage(warm, 'esprima')).toEqual([]);
    expect(fromPackage(warm, 'shiki')).toEqual([]);
    expect(fromPackage(warm, 'esbuild'), 'the compiled config comes from the cache').toEqual([]);
    // A warm build runs on the main thread from bin/ too (cli/cold-start.ts), without the CLI's parser.
    expect(warm.filter((f) => f.startsWith('dist/cold-')), 'no build thread').toEqual(['dist/cold-start.js']);
    expect(warm, 'the CLI is not loaded').not.toContain('dist/cli.js');
    // The main thread of a cold build writes the output for its build thread (renderer/write.ts, hostWriters);
    // a warm build writes with the build script's own copy, so the CLI's is loaded only for a cold one.
    expect(holding(cold, 'renderer/write.ts').length, 'a cold build loads the writer host').toBeGreaterThan(0);
    expect(holding(warm, 'renderer/write.ts'), 'a warm build does not').toEqual([]);
  });

  it('a build that renders a page loads only the server renderer it calls (renderToString), not the streaming one', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root], root).status).toBe(0);
    // A warm build renders on this thread, where require.cache sees the renderer React loads.
    appendFileSync(join(root, 'content/en/compute/ec2.md'), '\nOne more sentence.\n');
    const loaded = modulesLoaded(['build', '--root', root], root);
    expect(loaded, 'a warm build that renders does not load the CLI either').not.toContain('dist/cli.js');
    const buildOf = (pattern: RegExp) => loaded.map((f) => pattern.exec(f)?.[1]).filter(Boolean);
    expect(buildOf(/react-dom\/cjs\/react-dom-server-legacy\.node\.(\w+)\.js$/), 'renderToString comes from the legacy renderer').toHaveLength(1);
    expect(fromPackage(loaded, 'react-dom').filter((f) => /react-dom-server\.node\./.test(f)), 'the streaming renderer is never called').toEqual([]);
    // The renderer's build (production or development) is the one React itself picked, by NODE_ENV.
    expect(buildOf(/react-dom\/cjs\/react-dom-server-legacy\.node\.(\w+)\.js$/)).toEqual(buildOf(/react\/cjs\/react\.(\w+)\.js$/));
  });
});
