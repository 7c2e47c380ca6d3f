// Shiki's JavaScript regex engine translates each Oniguruma pattern of a grammar into a JavaScript RegExp
// (oniguruma-to-es) the first time a scanner needs it, in every process that highlights: for the corpus's
// bash, YAML and JSON blocks ~0.55 G instructions of ~3.7 G that highlighting them costs (callgrind). The
// translation depends only on the pattern, the library's version and the options, so compile-cli.mjs makes it
// here once per language, for the languages sites write most, into dist/shiki-regexes/<id>.json; at run time
// renderer/content/shiki-regexes.ts builds the same RegExp from the table and translates only what is not
// in it (patterns a grammar makes at run time from captured text, languages not listed).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UNICODE_VERSION, explicitClasses } from './explicit-classes.mjs';

/** Languages (shiki ids) whose tables are made: this site's own and the common ones of documentation sites. */
export const PRECOMPILED_LANGUAGES = ['shellscript', 'yaml', 'json', 'python', 'graphql', 'sql', 'diff', 'ini', 'docker', 'xml', 'go', 'java'];

/** The target the engine is given (renderer/content/highlight.ts): what `auto` picks on Node 20. */
export const REGEX_TARGET = 'ES2024';

/**
 * The sources vscode-textmate hands a scanner for one grammar pattern: `\z` rewritten as it does, and a
 * pattern with `\A` or `\G` in each of its four anchor variants (RegExpSource, _buildAnchorCache).
 */
export function scannerSources(pattern) {
  let source = '';
  let hasAnchor = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1];
      if (next === 'z') source += '$(?!\\n)(?<!\\n)';
      else {
        if (next === 'A' || next === 'G') hasAnchor = true;
        source += ch + next;
      }
      i++;
    } else source += ch;
  }
  if (!hasAnchor) return [source];
  const variant = (a, g) => source.replace(/\\(.)/gs, (m, c) => (c === 'A' && !a) || (c === 'G' && !g) ? '\\\uFFFF' : m);
  return [variant(false, false), variant(false, true), variant(true, false), variant(true, true)];
}

/** Every string under a `match`, `begin`, `end` or `while` key of a grammar, its repository and injections. */
function patternsOf(node, out) {
  if (Array.isArray(node)) for (const x of node) patternsOf(x, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) out.add(value);
      else if (typeof value === 'object') patternsOf(value, out);
    }
  }
  return out;
}

/** Writes dist/shiki-regexes/<id>.json for PRECOMPILED_LANGUAGES; returns how many patterns. */
export async function writeShikiRegexes(root, outDir) {
  const require = createRequire(join(root, 'package.json'));
  const engineDir = join(require.resolve('@shikijs/engine-javascript'), '..', '..');
  const engineRequire = createRequire(join(engineDir, 'package.json'));
  const version = onigurumaToEsVersion(engineRequire.resolve('oniguruma-to-es'));
  const { defaultJavaScriptRegexConstructor } = await import(pathToFileURL(require.resolve('@shikijs/engine-javascript')).href);
  // require.resolve finds its CommonJS build: its functions are on the default export.
  const onigurumaToEs = await import(pathToFileURL(engineRequire.resolve('oniguruma-to-es')).href);
  const toRegExpDetails = onigurumaToEs.toRegExpDetails ?? onigurumaToEs.default?.toRegExpDetails;
  const EmulatedRegExp = onigurumaToEs.EmulatedRegExp ?? onigurumaToEs.default?.EmulatedRegExp;
  if (typeof toRegExpDetails !== 'function' || typeof EmulatedRegExp !== 'function') throw new Error('scripts/shiki-regexes.mjs: oniguruma-to-es has no toRegExpDetails or EmulatedRegExp');
  mkdirSync(outDir, { recursive: true });
  let total = 0;
  for (const id of PRECOMPILED_LANGUAGES) {
    const grammars = (await import(pathToFileURL(require.resolve(`@shikijs/langs/${id}`)).href)).default;
    const grammar = grammars.find((g) => g.name === id);
    if (!grammar) throw new Error(`scripts/shiki-regexes.mjs: @shikijs/langs/${id} has no grammar named ${id}`);
    const sources = new Set();
    for (const p of patternsOf(grammar, new Set())) for (const s of scannerSources(p)) sources.add(s);
    const entries = [];
    for (const s of sources) {
      let d;
      try {
        d = toRegExpDetails(s, { ...ENGINE_OPTIONS, target: REGEX_TARGET });
      } catch {
        continue; // translated (and refused) at run time, as without a table
      }
      // What the engine itself makes of the pattern must be what the table gives: else its options drifted.
      const made = defaultJavaScriptRegexConstructor(s, { target: REGEX_TARGET });
      const fromTable = d.options ? new EmulatedRegExp(d.pattern, d.flags, d.options) : new RegExp(d.pattern, d.flags);
      if (made.source !== fromTable.source || made.flags !== fromTable.flags || JSON.stringify(made.rawOptions) !== JSON.stringify(fromTable.rawOptions)) {
        throw new Error(`scripts/shiki-regexes.mjs: the engine's translation of ${JSON.stringify(s)} differs from the table's: update ENGINE_OPTIONS`);
      }
      // Property classes as explicit ranges, so that V8 need not build them through ICU in each process.
      const pattern = explicitClasses(d.pattern, d.flags).source;
      entries.push(d.options ? [s, pattern, d.flags, d.options] : [s, pattern, d.flags]);
    }
    total += entries.length;
    writeFileSync(join(outDir, `${id}.json`), JSON.stringify({ ontoes: version, target: REGEX_TARGET, unicode: UNICODE_VERSION, entries }));
  }
  return total;
}

/** The version in the package.json of the package that holds `file` (its exports hide package.json). */
export function onigurumaToEsVersion(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const json = join(dir, 'package.json');
    if (!existsSync(json)) continue;
    const pkg = JSON.parse(readFileSync(json, 'utf8'));
    if (pkg.name === 'oniguruma-to-es') return pkg.version;
  }
  throw new Error(`no package.json of oniguruma-to-es above ${file}`);
}

/** As @shikijs/engine-javascript's defaultJavaScriptRegexConstructor (each entry is checked against it). */
export const ENGINE_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3e3,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
};
