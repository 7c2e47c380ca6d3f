// Docs move when imported: `docs/` becomes `content/<locale>/` (one level deeper) and a translation's
// `i18n/<locale>/docusaurus-plugin-content-docs/current/` becomes `content/<locale>/` (three levels shallower).
// A relative path inside the docs folder moves with it; one that leaves it (`../../static/img/x.png`,
// `../../../../../docs/a/styles.module.css` from a translation) would point elsewhere afterwards. Those are
// written as `@site/<where the file is now>`, which Docusaurus and cheatsheet both read from the site's folder.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export interface Relocation {
  text: string;
  /** Files outside the docs and static folders that rewritten paths now name: the import copies them over. */
  outside: string[];
  /** One line per rewritten path, for the report. */
  rewritten: string[];
}

const FENCE = /^([ \t>]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n\1?[ \t>]*\2[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm;
// Markdown destinations `](path)`, ESM `from 'path'` / `import 'path'`, `require('path')`, and `src="path"`.
const REFERENCE = /(\]\(\s*<?)([^)\s>]+)|(\bfrom\s+|^import\s+|\brequire\(\s*)(['"])([^'"\n]+)\4|(\bsrc=)(["'])([^"'\n]+)\7/gm;
const isRelative = (p: string) => !/^(?:[a-z][a-z\d+.-]*:|\/|#|@|~)/i.test(p);
const inside = (dir: string, path: string) => {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/**
 * Rewrites the references of one doc that leave `fromDir` (the folder its locale's docs come from).
 * `place(abs)` says where a file of the Docusaurus site lives in the new site (a path from its root).
 */
export function relocateReferences(text: string, file: string, fromDir: string, place: (abs: string) => string | undefined): Relocation {
  const outside: string[] = [];
  const rewritten: string[] = [];
  const rewrite = (path: string, isLink: boolean): string => {
    if (!isRelative(path)) return path;
    const cut = path.search(/[?#]/);
    const bare = cut >= 0 ? path.slice(0, cut) : path;
    // Links to other docs are the link resolver's (by file, any folder); only files are moved here.
    if (!bare || (isLink && /\.mdx?$/.test(bare))) return path;
    let abs: string;
    try {
      abs = resolve(dirname(file), decodeURIComponent(bare));
    } catch {
      return path;
    }
    if (inside(fromDir, abs) || !existsSync(abs) || !statSync(abs).isFile()) return path;
    const now = place(abs);
    if (!now) return path;
    if (!now.startsWith('content/') && !now.startsWith('static/')) outside.push(abs);
    const written = `@site/${now.split(sep).join('/')}${cut >= 0 ? path.slice(cut) : ''}`;
    rewritten.push(`${path} → ${written}`);
    return written;
  };
  const parts: string[] = [];
  let last = 0;
  const rewriteProse = (prose: string) =>
    prose.replace(REFERENCE, (whole, mdOpen?: string, mdPath?: string, esmOpen?: string, q?: string, esmPath?: string, srcOpen?: string, q2?: string, srcPath?: string) => {
      if (mdOpen !== undefined) return mdOpen + rewrite(mdPath!, true);
      if (esmOpen !== undefined) return `${esmOpen}${q}${rewrite(esmPath!, false)}${q}`;
      if (srcOpen !== undefined) return `${srcOpen}${q2}${rewrite(srcPath!, false)}${q2}`;
      return whole;
    });
  // Code blocks show paths; they are not references.
  for (const m of text.matchAll(FENCE)) {
    parts.push(rewriteProse(text.slice(last, m.index)), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(rewriteProse(text.slice(last)));
  return { text: parts.join(''), outside, rewritten };
}
