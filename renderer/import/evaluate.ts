// Evaluates a Docusaurus site's own JavaScript or TypeScript module (docusaurus.config.*, sidebars.*) without
// its packages installed: esbuild bundles the file and the site's own files it requires; every package it
// imports (@docusaurus/*, prism-react-renderer, remark plugins…) becomes a stand-in that can be called, read
// and spread without failing, and is recognised later as "something that has no value here". The site's
// `.env` is read into a copy of the environment; variables read but unset are returned for the report.
import { build, type BuildFailure } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { parseEnv } from 'node:util';
import { pathToFileURL } from 'node:url';
import { UserError } from '../errors.ts';

const STUB = Symbol.for('cheatsheet.import.stub');

/** The package a stand-in came from, or undefined for a real value. */
export function stubName(value: unknown): string | undefined {
  if ((typeof value === 'function' || typeof value === 'object') && value !== null) {
    const name = (value as Record<symbol, unknown>)[STUB];
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

function makeStub(name: string): unknown {
  const target = function stub() {};
  return new Proxy(target, {
    get(_, key) {
      if (key === STUB) return name;
      if (key === 'then') return undefined; // not a promise
      if (key === '__esModule') return false;
      if (key === Symbol.toPrimitive) return () => `[${name}]`;
      if (key === Symbol.iterator) return function* () {};
      if (typeof key === 'symbol') return undefined;
      return makeStub(`${name}.${key}`);
    },
    apply: () => makeStub(`${name}()`),
    construct: () => makeStub(`new ${name}`) as object,
    ownKeys: () => ['prototype'],
    // esbuild reads named imports of a CommonJS module from a copy whose prototype is the module's own:
    // a prototype that answers every name makes `import { themes } from 'prism-react-renderer'` a stand-in too.
    getPrototypeOf: () => new Proxy({}, { get: (_, key) => (typeof key === 'string' ? makeStub(`${name}.${key}`) : undefined) }),
  });
}

const builtins = new Set(builtinModules);

/** A module path as Node or a bundler would complete it (extension, folder index). */
function resolveOwn(path: string): string | undefined {
  const candidates = [path, ...['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.json'].map((e) => path + e), ...['index.ts', 'index.js'].map((i) => join(path, i))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

export interface Evaluated {
  value: unknown;
  /** Environment variables the module read that are set neither in the environment nor in `.env`. */
  missingEnv: string[];
  /** Packages replaced by stand-ins. */
  stubbed: string[];
}

export async function evaluateModule(file: string, siteDir: string): Promise<Evaluated> {
  const shown = relative(process.cwd(), file) || file;
  const stubbed = new Set<string>();
  let code: string;
  try {
    const result = await build({
      // Through stdin: a Docusaurus config in CommonJS stays CommonJS even under a package.json with
      // "type": "module" above the site (Docusaurus loads it with jiti, which does not look).
      stdin: { contents: readFileSync(file, 'utf8'), resolveDir: dirname(file), sourcefile: basename(file), loader: /\.[mc]?ts$/.test(file) ? 'ts' : 'js' },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      // Each module gets its own folder and file names, as Node would give them.
      define: { 'process.env': '__cheatsheetImport.env', 'import.meta.url': '__cheatsheetImport.url' },
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.jpg': 'empty' },
      plugins: [
        {
          name: 'docusaurus-stubs',
          setup(b) {
            // The site's own modules load outside the file namespace, where esbuild decides CommonJS or ESM by
            // their syntax alone, as jiti does, never by a "type" field of some package.json above them.
            b.onResolve({ filter: /^\.\.?\// }, (args) => {
              const found = resolveOwn(join(args.resolveDir, args.path));
              return found && /\.[mc]?[jt]sx?$/.test(found) ? { path: found, namespace: 'site' } : undefined;
            });
            b.onLoad({ filter: /.*/, namespace: 'site' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: /\.[mc]?tsx?$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'jsx', resolveDir: dirname(args.path) }));
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              const id = args.path.replace(/^node:/, '');
              if (builtins.has(id) || builtins.has(id.split('/')[0]!)) return { path: args.path, external: true };
              // @site/… is the site's own folder (Docusaurus's alias).
              if (args.path.startsWith('@site/')) {
                const found = resolveOwn(join(siteDir, args.path.slice(6)));
                return found ? { path: found, namespace: /\.[mc]?[jt]sx?$/.test(found) ? 'site' : 'file' } : undefined;
              }
              stubbed.add(args.path);
              return { path: args.path, namespace: 'stub' };
            });
            b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: `module.exports = globalThis.__cheatsheetImport.stub(${JSON.stringify(args.path)});`, loader: 'js' }));
          },
        },
      ],
      banner: {
        js: [
          "import { createRequire as __cheatsheetCreateRequire } from 'node:module';",
          `const __filename = ${JSON.stringify(file)}; const __dirname = ${JSON.stringify(dirname(file))};`,
          // require.resolve of a package that is not installed gives its name back instead of throwing.
          'const require = Object.assign(__cheatsheetCreateRequire(__filename), { resolve: (id) => { try { return __cheatsheetCreateRequire(__filename).resolve(id); } catch { return id; } } });',
        ].join('\n'),
      },
    });
    code = result.outputFiles[0]!.text;
  } catch (err) {
    const failure = err as BuildFailure;
    const first = failure.errors?.[0];
    if (!first) throw err;
    throw new UserError('import', `${shown} does not compile: ${first.text}`, {
      location: first.location ? { file: relative(process.cwd(), join(siteDir, first.location.file)) || first.location.file, line: first.location.line, column: first.location.column + 1 } : { file: shown },
    });
  }
  const envFile = join(siteDir, '.env');
  const env: Record<string, string | undefined> = { ...(existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {}), ...process.env };
  const missing = new Set<string>();
  const g = globalThis as { __cheatsheetImport?: unknown };
  g.__cheatsheetImport = {
    env: new Proxy(env, {
      get(t, key) {
        if (typeof key === 'string' && t[key] === undefined) missing.add(key);
        return typeof key === 'string' ? t[key] : undefined;
      },
    }),
    url: pathToFileURL(file).href,
    stub: makeStub,
  };
  // Outside the site's folder: the import never writes into the site it reads.
  const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-import-'));
  try {
    const out = join(dir, 'module.mjs');
    writeFileSync(out, code);
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
      let value: unknown = mod.default ?? mod;
      // Docusaurus accepts a function (sync or async) that returns the config.
      if (typeof value === 'function' && !stubName(value)) value = await (value as () => unknown)();
      return { value, missingEnv: [...missing].sort(), stubbed: [...stubbed].sort() };
    } catch (err) {
      throw new UserError('import', `${shown} threw while being evaluated: ${(err as Error).message}`, { location: { file: shown }, hint: 'Set the environment variables it needs, or fix the file in a copy and import that copy.' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    delete g.__cheatsheetImport;
  }
}

/** A JSON sidebars file, or a module evaluated as above. */
export async function loadModuleOrJson(file: string, siteDir: string): Promise<Evaluated> {
  if (file.endsWith('.json')) {
    try {
      return { value: JSON.parse(readFileSync(file, 'utf8')) as unknown, missingEnv: [], stubbed: [] };
    } catch (err) {
      throw new UserError('import', `${relative(process.cwd(), file)} is not valid JSON: ${(err as Error).message}`, { location: { file: relative(process.cwd(), file) } });
    }
  }
  return evaluateModule(file, siteDir);
}

