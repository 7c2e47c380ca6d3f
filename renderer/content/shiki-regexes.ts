// Grammar patterns translated ahead of time. Shiki's JavaScript regex engine translates each Oniguruma pattern
// into a RegExp the first time a scanner needs it (oniguruma-to-es), in every process that highlights; for the
// corpus's bash, YAML and JSON blocks that was ~0.55 G of the ~3.7 G instructions highlighting them cost. The
// translation depends only on the pattern, oniguruma-to-es's version and the engine's options, so
// scripts/shiki-regexes.mjs makes it when the CLI is compiled, for the languages sites write most, into
// dist/shiki-regexes/<id>.json (each entry checked there against the engine's own translation). Here the same
// RegExp is made from the table; whatever is not in it — patterns a grammar builds at run time from captured
// text, other languages — is translated as before.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../paths.ts';

/** The target the tables are made for and the engine is given: what `auto` picks on Node 20. */
export const REGEX_TARGET = 'ES2024';

type Entry = [pattern: string, source: string, flags: string, options?: object];
interface Table {
  ontoes: string;
  target: string;
  unicode?: string;
  entries: Entry[];
}
type EmulatedRegExpClass = new (source: string, flags: string, options: object) => RegExp;

/** Tables as the CLI was compiled with (undefined: none usable, e.g. running from source). */
export class RegexTables {
  private readonly made = new Map<string, [string, string, object?]>();
  private readonly loaded = new Set<string>();
  private version: string | null | undefined;

  constructor(
    private readonly dir = join(packageRoot(), 'dist', 'shiki-regexes'),
    private readonly installedVersion: () => string | null = onigurumaToEsVersion,
    private readonly unicodeVersion = process.versions.unicode,
  ) {}

  /** Adds the table of language `id` (a shiki id, not an alias) if there is one that fits what is installed. */
  load(id: string): boolean {
    if (this.loaded.has(id)) return true;
    const file = join(this.dir, `${id}.json`);
    if (!/^[a-z0-9-]+$/.test(id) || !existsSync(file)) return false;
    const table = JSON.parse(readFileSync(file, 'utf8')) as Table;
    this.version ??= this.installedVersion();
    // Made by another oniguruma-to-es (node_modules changed since the CLI was compiled), or for another target.
    // Its property classes are written as ranges (scripts/explicit-classes.mjs), true of one Unicode version.
    if (table.ontoes !== this.version || table.target !== REGEX_TARGET || table.unicode !== this.unicodeVersion) return false;
    for (const [pattern, source, flags, options] of table.entries) this.made.set(pattern, options ? [source, flags, options] : [source, flags]);
    this.loaded.add(id);
    return true;
  }

  /** The RegExp the engine would make of `pattern`, from the tables; undefined when they lack it. */
  regex(pattern: string, EmulatedRegExp: EmulatedRegExpClass): RegExp | undefined {
    const e = this.made.get(pattern);
    if (!e) return undefined;
    return e[2] ? new EmulatedRegExp(e[0], e[1], e[2]) : new RegExp(e[0], e[1]);
  }
}

/** The installed oniguruma-to-es's version (its exports hide its package.json); null when not found. */
function onigurumaToEsVersion(): string | null {
  try {
    const main = createRequire(import.meta.url).resolve('oniguruma-to-es');
    for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
      const json = join(dir, 'package.json');
      if (!existsSync(json)) continue;
      const pkg = JSON.parse(readFileSync(json, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'oniguruma-to-es') return pkg.version ?? null;
    }
  } catch {
    // not resolvable from here: no table is used
  }
  return null;
}
