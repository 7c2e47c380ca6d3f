// One Markdown file → one processed doc. Pure and self-contained so it can run in a worker thread.
import { createHash } from 'node:crypto';
import { ContentError, isUserError, type UserError } from '../errors.ts';
import type { Heading, Section } from './extract.ts';
import { parseFrontMatter, type FrontMatter } from './front-matter.ts';
import { readUtf8 } from './files.ts';
import { docIdOf, type SourceLink } from './links.ts';
import { renderMarkdown } from './markdown.ts';
import type { CodeBlock } from './code-lines.ts';

export interface DocJob {
  locale: string;
  relPath: string;
  file: string;
  absPath: string;
  localeBase: string;
  docsBase: string;
  /** config `url` + `baseUrl`: absolute links to it are checked as internal ones. */
  siteBase?: string;
  codeThemes: { light: string; dark: string };
  strings: { admonitions: Record<string, string>; copyCode: string; footnoteLabel: string; footnoteBackLabel: string };
}

export interface ProcessedDoc {
  locale: string;
  relPath: string;
  file: string;
  id: string;
  /** First folder of the path: the doc's category; undefined for docs at the top of the locale. */
  category?: string;
  frontMatter: FrontMatter;
  html: string;
  headings: Heading[];
  sections: Section[];
  links: SourceLink[];
  warnings: string[];
  /** Hash of the Markdown body: what translations record as the version they were made from. */
  bodyHash: string;
}

export type DocResult = { ok: true; doc: ProcessedDoc } | { ok: false; error: SerializedUserError };

export interface SerializedUserError {
  message: string;
  file: string;
  line?: number;
  hint?: string;
  details: string[];
  bug?: string;
}

/** What the thread running processDoc lends it (not part of the job: jobs cross threads). */
export interface DocServices {
  deferHighlight?: (block: CodeBlock) => string;
}

export async function processDoc(job: DocJob, services: DocServices = {}): Promise<DocResult> {
  try {
    const source = readUtf8(job.absPath, job.file);
    const { data, body, bodyLine } = parseFrontMatter(source, job.file);
    const out = await renderMarkdown({
      body,
      file: job.file,
      relPath: job.relPath,
      lineOffset: bodyLine - 1,
      localeBase: job.localeBase,
      docsBase: job.docsBase,
      ...(job.siteBase ? { siteBase: job.siteBase } : {}),
      codeThemes: job.codeThemes,
      strings: job.strings,
      ...(services.deferHighlight ? { deferHighlight: services.deferHighlight } : {}),
    });
    const id = docIdOf(job.relPath);
    const slash = job.relPath.indexOf('/');
    return {
      ok: true,
      doc: {
        locale: job.locale,
        relPath: job.relPath,
        file: job.file,
        id,
        category: slash > 0 ? job.relPath.slice(0, slash) : undefined,
        frontMatter: data,
        ...out,
        bodyHash: createHash('sha256').update(body.trim()).digest('hex').slice(0, 16),
      },
    };
  } catch (err) {
    if (isUserError(err)) return { ok: false, error: serialize(err, job.file) };
    return { ok: false, error: { message: `Failed to process the page: ${(err as Error).message}`, file: job.file, details: [], bug: (err as Error).stack } };
  }
}

function serialize(err: UserError, file: string): SerializedUserError {
  return { message: err.message, file: err.location?.file ?? file, line: err.location?.line, hint: err.hint, details: err.details };
}

export function deserialize(e: SerializedUserError): ContentError {
  return new ContentError(e.message, { file: e.file, line: e.line }, { hint: e.hint, details: e.bug ? [...e.details, e.bug] : e.details });
}
