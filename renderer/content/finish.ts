// What needs every doc of a locale at once, after each file was processed on its own: drafts left out of
// production builds, links to files pointed at their target's real URL (its slug), two docs claiming one
// URL or one id, and the soft problems (unknown keys) reported as warnings — or errors under --strict.
// Pure, and shared by `build`, `serve` and `check`.
import { ContentError } from '../errors.ts';
import type { SoftProblem } from './front-matter.ts';
import { docWith } from './doc-copy.ts';
import { retargetLinks } from './links.ts';
import type { CategorySource, LocaleContent } from './load.ts';
import type { ProcessedDoc } from './process-doc.ts';
import { inlineTagProblems, type OnInlineTags } from './inline-tags.ts';

export interface FinishOptions {
  /** `serve` shows drafts; production builds leave them out, as Docusaurus does. */
  includeDrafts: boolean;
  /** Unknown front-matter and category keys fail the build. */
  strict: boolean;
  /** The public URL of a doc in a locale. */
  docHref: (locale: string, doc: { slug: string; slugSlash?: boolean }) => string;
  /** What a tag the locale's tags.yml does not define is (inline-tags.ts); 'warn' when not given. */
  onInlineTags?: OnInlineTags;
}

export const formatSoft = (p: SoftProblem) => `${p.file}:${p.line}: ${p.message}`;

export function finishLocale(lc: LocaleContent, options: FinishOptions): { errors: ContentError[]; warnings: string[] } {
  const errors: ContentError[] = [];
  const warnings: string[] = [];
  if (!options.includeDrafts) lc.docs = lc.docs.filter((d) => d.frontMatter.draft !== true);
  const soft = [...lc.docs.flatMap((d) => d.problems), ...[...lc.categories.values()].flatMap((c: CategorySource) => c.problems)];
  for (const p of soft) {
    if (options.strict) errors.push(new ContentError(`${p.message} (an error under --strict)`, { file: p.file, line: p.line }));
    else warnings.push(formatSoft(p));
  }
  const byFile = new Map(lc.docs.map((d) => [d.relPath, d]));
  // Each target's URL made once: most docs link to a few others (~900 links in a 150 × 3 warm build).
  const hrefs = new Map<string, string | undefined>();
  const hrefOfFile = (relPath: string) => {
    if (hrefs.has(relPath)) return hrefs.get(relPath);
    const doc = byFile.get(relPath);
    const href = doc && options.docHref(lc.locale, doc);
    hrefs.set(relPath, href);
    return href;
  };
  lc.docs = lc.docs.map((doc) => {
    if (!doc.links.some((l) => l.target)) return doc;
    // The HTML is read only when a link changes: a doc whose links all stand keeps it unread.
    const { html, links } = retargetLinks(() => doc.html, doc.links, hrefOfFile);
    if (links.every((l, i) => l === doc.links[i])) return doc;
    return docWith(doc, html === undefined ? { links } : { html, links });
  });
  errors.push(...duplicateRoutes(lc.docs));
  // The locale's own docs only: a page shown from the source locale was reported there.
  const inline = inlineTagProblems(lc.docs.filter((d) => !d.fallback), lc.tagsFile, options.onInlineTags ?? 'warn');
  errors.push(...inline.errors);
  warnings.push(...inline.warnings);
  return { errors, warnings };
}

export function duplicateRoutes(docs: ProcessedDoc[]): ContentError[] {
  const errors: ContentError[] = [];
  const seen = (what: string, keyOf: (d: ProcessedDoc) => string, shown: (k: string) => string, hint: string) => {
    const by = new Map<string, ProcessedDoc>();
    for (const doc of docs) {
      const key = keyOf(doc);
      const other = by.get(key);
      if (other) errors.push(new ContentError(`Two files produce the same ${what} ${shown(key)}: ${other.file} and ${doc.file}.`, { file: doc.file }, { hint }));
      else by.set(key, doc);
    }
  };
  seen('route', (d) => d.slug, (k) => `"${k ? `docs/${k}` : 'docs root'}"`, 'Rename one of them, or give one a different `slug`.');
  seen('doc id', (d) => d.id, (k) => `"${k}"`, 'Give one of them a different `id` in its front matter.');
  return errors;
}
