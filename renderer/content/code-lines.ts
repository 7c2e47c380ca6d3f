// What a code fence's meta string and magic comments ask of its lines, as Docusaurus documents them:
// `title="…"`, `{1,3-5}` (highlighted lines), `showLineNumbers` / `showLineNumbers=5` (numbered lines,
// from 5), and the comments `highlight-next-line`, `highlight-start` … `highlight-end` written in the
// language's own comment syntax, which are removed from the code shown.

/** One block to highlight: what crosses to the worker thread, and the key identical blocks share. */
export interface CodeBlock {
  lang: string;
  code: string;
  /** 1-based numbers of the lines to highlight. */
  highlight?: number[];
  /** Number the lines, the first one with this number. */
  lineNumbersFrom?: number;
}

export interface CodeMeta {
  title?: string;
  /** Lines given by `{…}` in the meta string; when present, magic comments are left as written. */
  ranges?: number[];
  lineNumbersFrom?: number;
}

// A range list outside any quoted value: `{1,3-5}`.
const RANGES = /(?:^|\s)\{([\d\s,-]+)\}(?=\s|$)/;
const LINE_NUMBERS = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/;

export function parseCodeMeta(meta: string | undefined): CodeMeta {
  if (!meta) return {};
  const out: CodeMeta = {};
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) out.title = title[1] ?? title[2] ?? title[3];
  // Quoted values are blanked first, so `title="see {1}"` holds no range.
  const bare = meta.replace(/"[^"]*"|'[^']*'/g, '""');
  const ranges = RANGES.exec(bare);
  if (ranges) out.ranges = parseRanges(ranges[1]!);
  const numbers = LINE_NUMBERS.exec(bare);
  if (numbers) out.lineNumbersFrom = numbers[1] === undefined ? 1 : Number(numbers[1]);
  return out;
}

function parseRanges(text: string): number[] {
  const lines = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    // A reversed or huge range is the author's slip: capped, so it cannot make the build loop for long.
    const to = Math.min(m[2] === undefined ? from : Number(m[2]), from + 10_000);
    for (let n = from; n <= to; n++) lines.add(n);
  }
  return [...lines].sort((a, b) => a - b);
}

// Comment syntaxes, each as the text before and after the directive.
const STYLES = {
  slashes: ['//', ''],
  block: ['/*', '*/'],
  jsx: ['{/*', '*/}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  percent: ['%', ''],
  semicolons: [';;', ''],
} as const;
type Style = keyof typeof STYLES;

// The syntaxes a language's magic comments may use; any other language accepts every one of them.
const LANGUAGE_STYLES = new Map<string, Style[]>();
const styles = (langs: string[], s: Style[]) => langs.forEach((l) => LANGUAGE_STYLES.set(l, s));
styles(['js', 'javascript', 'ts', 'typescript', 'java', 'c', 'cpp', 'c++', 'cs', 'csharp', 'go', 'rust', 'rs', 'kotlin', 'swift', 'scala', 'php', 'css', 'scss', 'less', 'json', 'jsonc', 'json5', 'groovy', 'dart'], ['slashes', 'block']);
styles(['jsx', 'tsx', 'mdx'], ['slashes', 'block', 'jsx']);
styles(['html', 'vue', 'svelte'], ['slashes', 'block', 'html']);
styles(['xml', 'svg'], ['html']);
styles(['md', 'markdown'], ['html', 'jsx', 'hash']);
styles(['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript', 'python', 'py', 'ruby', 'rb', 'yaml', 'yml', 'toml', 'ini', 'dockerfile', 'docker', 'makefile', 'make', 'r', 'perl', 'powershell', 'ps1', 'hcl', 'terraform', 'tf', 'nginx', 'properties', 'conf'], ['hash']);
styles(['sql', 'lua', 'haskell', 'hs', 'elm'], ['dashes']);
styles(['tex', 'latex', 'matlab', 'erlang'], ['percent']);
styles(['wasm', 'wat', 'clojure', 'lisp', 'scheme'], ['semicolons']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DIRECTIVE = '(highlight-next-line|highlight-start|highlight-end)';
const patterns = new Map<string, RegExp>();
function directivePattern(lang: string): RegExp {
  let re = patterns.get(lang);
  if (!re) {
    const allowed = LANGUAGE_STYLES.get(lang) ?? (Object.keys(STYLES) as Style[]);
    const forms = allowed.map((s) => `${escape(STYLES[s][0])}\\s*${DIRECTIVE}\\s*${escape(STYLES[s][1])}`);
    patterns.set(lang, (re = new RegExp(`^\\s*(?:${forms.join('|')})\\s*$`)));
  }
  return re;
}

/** Applies the meta string's ranges, or else the magic comments (removed from the code), to one block. */
export function codeLines(lang: string, code: string, meta: CodeMeta): CodeBlock {
  const block: CodeBlock = { lang, code };
  if (meta.lineNumbersFrom !== undefined) block.lineNumbersFrom = meta.lineNumbersFrom;
  if (meta.ranges) {
    if (meta.ranges.length) block.highlight = meta.ranges;
    return block;
  }
  if (!code.includes('highlight-')) return block;
  const pattern = directivePattern(lang);
  const kept: string[] = [];
  const highlight: number[] = [];
  let open = 0;
  let next = false;
  for (const line of code.split('\n')) {
    const directive = pattern.exec(line);
    const m = directive ? (directive.slice(1).find(Boolean) as string) : undefined;
    if (m === 'highlight-next-line') next = true;
    else if (m === 'highlight-start') open++;
    else if (m === 'highlight-end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (next || open > 0) highlight.push(kept.length);
      next = false;
    }
  }
  block.code = kept.join('\n');
  if (highlight.length) block.highlight = highlight;
  return block;
}
