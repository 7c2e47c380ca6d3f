// Docusaurus 3.5's `onInlineTags`: once a locale has a tags file (tags.yml), a doc's tag the file does not define —
// a name it lacks, or a tag written out in the front matter ({label, permalink}) — is "inline", and the docs option
// says what that is: nothing, a log line, a warning (the default) or an error. Without a tags file every tag is fine.
import { ContentError } from '../errors.ts';
import type { TagsFile } from '../routes/doc-tags.ts';
import type { ProcessedDoc } from './process-doc.ts';

export type OnInlineTags = 'ignore' | 'log' | 'warn' | 'throw';

export interface InlineTagReport {
  errors: ContentError[];
  /** Printed as warnings: 'log' and 'warn' alike, 'log' marked as information only. */
  warnings: string[];
}

export function inlineTagProblems(docs: readonly ProcessedDoc[], tagsFile: TagsFile | undefined, on: OnInlineTags): InlineTagReport {
  const tagsFileName = 'tags.yml';
  const report: InlineTagReport = { errors: [], warnings: [] };
  if (!tagsFile || on === 'ignore') return report;
  for (const doc of docs) {
    const inline = (doc.frontMatter.tags ?? []).filter((t) => typeof t !== 'string' || !(t in tagsFile)).map((t) => (typeof t === 'string' ? t : t.label));
    if (!inline.length) continue;
    const message = `${inline.length === 1 ? 'Tag' : 'Tags'} ${inline.map((t) => `"${t}"`).join(', ')} ${inline.length === 1 ? 'is' : 'are'} not defined in ${tagsFileName}`;
    const hint = `Add ${inline.length === 1 ? 'it' : 'them'} to ${tagsFileName}, or set docs.onInlineTags to 'ignore', 'log' or 'warn'.`;
    const line = doc.tagsLine ?? 1;
    if (on === 'throw') report.errors.push(new ContentError(`${message}.`, { file: doc.file, line }, { hint }));
    else report.warnings.push(`${doc.file}:${line}: ${message}${on === 'log' ? ' (docs.onInlineTags: log)' : ''}.`);
  }
  return report;
}
