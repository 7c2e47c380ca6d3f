// Which front-matter languages a page may use. gray-matter reads the word after the opening `---` as the
// language and ships an engine that evaluates `---js` / `---javascript` front matter as code: a page in a
// pull request would run whatever it likes in CI during `build` or `check`. Only data languages are read.
import { ContentError } from '../errors.ts';

/** YAML (the default, also spelled out) and JSON: both parse to plain data without running anything. */
const DATA_LANGUAGES = new Set(['', 'yaml', 'yml', 'json']);

/** Throws unless the front matter (if any) is YAML or JSON; call before handing the source to gray-matter. */
export function assertDataFrontMatter(source: string, file: string): void {
  // gray-matter's own rules: front matter opens with `---` not followed by another `-`, and the rest of
  // that line, trimmed, names the language.
  if (!source.startsWith('---') || source[3] === '-') return;
  const end = source.indexOf('\n');
  const language = source.slice(3, end < 0 ? undefined : end).trim();
  if (DATA_LANGUAGES.has(language.toLowerCase())) return;
  const runsCode = /^(js|javascript|coffee|coffeescript|cson)$/i.test(language);
  throw new ContentError(
    runsCode ? `Front matter in "${language}" is refused: it would run as code when the site is built.` : `Unknown front-matter language "${language}".`,
    { file, line: 1 },
    { hint: 'Open the front matter with a plain `---` line and write it in YAML (or `---json` for JSON).' },
  );
}

/**
 * Engines handed to gray-matter so that, whatever slips past the check above, no code-running engine is
 * ever reachable (gray-matter merges these over its defaults; `js` is its alias of `javascript`).
 */
export const NO_CODE_ENGINES = Object.fromEntries(
  ['javascript', 'js', 'coffee', 'coffeescript', 'cson'].map((name) => [
    name,
    () => {
      throw new Error(`front matter in "${name}" is not read`);
    },
  ]),
);
