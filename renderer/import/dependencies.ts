// The npm packages an imported site needs: those its copied docs and components actually import, with the
// version range of the Docusaurus site's package.json. Scanning imports rather than copying `dependencies`
// whole leaves out the Docusaurus packages, plugins and build tools, which the new site has no use for and
// some of which no longer install beside cheatsheet's React.
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../errors.ts';
import { walkFiles } from './content.ts';
import type { Note } from './map-config.ts';

/** What cheatsheet itself provides to pages and components: never a dependency of the new site. */
const PROVIDED = /^(react|react-dom|cheatsheet|(@docusaurus|@mdx-js|@theme|@theme-original|@theme-init|@site|@generated)\/.*)$/;
const SCRIPT = /\.(m|c)?(j|t)sx?$/;

export interface CarriedDependencies {
  dependencies: Record<string, string>;
  notes: Note[];
}

/** `lodash/get` → `lodash`, `@scope/pkg/x` → `@scope/pkg`; undefined for paths and URLs. */
export function packageName(spec: string): string | undefined {
  if (/^(\.|\/|[a-z]+:)/i.test(spec)) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Bare specifiers of an MDX or Markdown file's ESM lines. MDX allows `import`/`export … from` only at the start
 * of a line outside code, so fenced code (where docs show imports of *their readers'* code) is removed first.
 */
export function docImports(text: string): string[] {
  const prose = text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(\n\1\2[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm, '');
  // `import 'x'`, or `import`/`export` … `from 'x'` over several lines (but not past a blank line: that is prose).
  const statement = /^(?:import\s*['"]([^'"]+)['"]|(?:import|export)\b(?:(?!\n[ \t]*\n)[^'";])*?\bfrom\s*['"]([^'"]+)['"])/gm;
  const specs = [...prose.matchAll(statement)].map((m) => (m[1] ?? m[2])!);
  return specs.map(packageName).filter((p): p is string => p !== undefined);
}

/** Bare imports of the site's scripts as esbuild parses them (TS, JSX in .js as Docusaurus allows, comments). */
async function scriptImports(entries: string[], root: string): Promise<string[]> {
  if (!entries.length) return [];
  const found = new Set<string>();
  const collect: Plugin = {
    name: 'collect-bare-imports',
    setup(b) {
      // Every script of src/ is an entry already: nothing needs following, so nothing is resolved (and an alias
      // such as `@site/` or a missing package cannot stop the scan).
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const name = packageName(args.path);
        if (name) found.add(name);
        return { path: args.path, external: true };
      });
    },
  };
  await build({ entryPoints: entries, bundle: true, write: false, outdir: join(root, '.scan'), logLevel: 'silent', jsx: 'automatic', loader: { '.js': 'jsx' }, platform: 'neutral', plugins: [collect] }).catch(() => undefined);
  return [...found];
}

/** A `file:`/`link:` range points at a folder relative to the old site: make it point there from the new one. */
function rebase(range: string, src: string, out: string): string {
  const m = range.match(/^(file|link):(.*)$/);
  if (!m || isAbsolute(m[2]!)) return range;
  const to = relative(out, resolve(src, m[2]!)).split(sep).join('/');
  return `${m[1]}:${to.startsWith('.') ? to : `./${to}`}`;
}

const reactMajor = (range: string) => range.match(/(\d+)/)?.[1];

export interface SitePackage {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The Docusaurus site's package.json, read before anything is written so a broken one leaves no half import. */
export function readSitePackage(src: string): SitePackage {
  const file = join(src, 'package.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SitePackage;
  } catch (err) {
    const shown = relative(process.cwd(), file);
    throw new UserError('import', `not valid JSON: ${(err as Error).message}`, { location: { file: shown }, hint: 'Fix it (npm cannot read it either) and import again.' });
  }
}

/**
 * Scans the new site's content/ and src/ (what the import copied) and returns the dependencies to write, with
 * notes on what was left out of the old package.json, imports it does not list, and a React it pins elsewhere.
 */
export async function carryDependencies(src: string, out: string, pkg: SitePackage, cheatsheetReact: string): Promise<CarriedDependencies> {
  const declared: Record<string, string> = { ...pkg.devDependencies, ...pkg.dependencies };
  const docs = walkFiles(join(out, 'content')).filter((f) => /\.mdx?$/.test(f));
  // Components sit in src/ or beside the docs that use them (content/…/interactive-map/Map.js).
  const scripts = [...walkFiles(join(out, 'content')), ...walkFiles(join(out, 'src'))].filter((f) => SCRIPT.test(f) && !f.endsWith('.d.ts'));
  const imported = new Set<string>(docs.flatMap((f) => docImports(readFileSync(f, 'utf8'))));
  for (const name of await scriptImports(scripts, out)) imported.add(name);
  const builtins = new Set(builtinModules);
  const dependencies: Record<string, string> = {};
  const unlisted: string[] = [];
  for (const name of [...imported].sort()) {
    if (PROVIDED.test(name) || builtins.has(name) || name.startsWith('node:')) continue;
    if (declared[name] !== undefined) dependencies[name] = rebase(declared[name], src, out);
    else unlisted.push(name);
  }
  const notes: Note[] = [];
  const left = Object.keys(declared).filter((n) => dependencies[n] === undefined).sort();
  if (left.length) notes.push({ what: `npm packages not carried (${left.length})`, file: 'package.json', todo: `No copied doc or component imports them (Docusaurus, its plugins and build tools have no use here; cheatsheet brings its own React and MDX): ${left.join(', ')}.` });
  if (unlisted.length) notes.push({ what: `imported packages missing from package.json (${unlisted.length})`, file: 'package.json', todo: `Docs or components import them but the site does not list them (they came through another package): add them with \`npm i ${unlisted.join(' ')}\` in the new site.` });
  const theirs = pkg.dependencies?.react ?? pkg.devDependencies?.react;
  if (theirs && reactMajor(theirs) !== reactMajor(cheatsheetReact)) notes.push({ what: `react ${theirs}`, file: 'package.json', todo: `Components run on cheatsheet's React ${cheatsheetReact} (one copy shared by every island), not ${theirs}: check them and the packages they import against React ${reactMajor(cheatsheetReact)}.` });
  return { dependencies, notes };
}
