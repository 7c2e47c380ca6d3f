// What the dev server reports when a change cannot be applied: a plain, JSON-safe shape shared by the
// terminal line and the browser overlay (file and line first, then the details and what to do).
import { AggregateUserError, formatLocation, isUserError, type BrokenLink } from '../errors.ts';

export interface DevProblem {
  /** What failed: content, config, template, links… */
  kind: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  details: string[];
  hint?: string;
}

/** Any thrown value → one problem per location (an aggregate of content errors becomes several). */
export function toProblems(err: unknown): DevProblem[] {
  if (err instanceof AggregateUserError) return err.errors.flatMap(toProblems);
  if (isUserError(err)) {
    return [
      {
        kind: err.kind,
        message: err.message,
        ...(err.location ? { file: err.location.file, line: err.location.line, column: err.location.column } : {}),
        details: err.details,
        ...(err.hint ? { hint: err.hint } : {}),
      },
    ];
  }
  const e = err as Error;
  return [{ kind: 'internal', message: `Internal error (a bug in cheatsheet): ${e?.message ?? String(err)}`, details: e?.stack ? [e.stack] : [] }];
}

/** A broken link as a problem: its source is `file:line` for Markdown links, a component otherwise. */
export function linkProblem(link: BrokenLink): DevProblem {
  const m = /^(.+\.md):(\d+)$/.exec(link.source);
  return {
    kind: 'links',
    message: `Broken link to ${link.target} (${link.reason}).`,
    ...(m ? { file: m[1], line: Number(m[2]) } : {}),
    details: m ? [] : [`in ${link.source}`],
    hint: 'Fix the link, or create the page it points to.',
  };
}

/** One terminal line (plus indented details) for a problem. */
export function formatProblem(p: DevProblem): string {
  const where = p.file ? formatLocation({ file: p.file, line: p.line, column: p.column }) : '';
  return [`${where ? `${where}: ` : ''}${p.message}`, ...p.details.map((d) => `  ${d.replace(/\n/g, '\n  ')}`), ...(p.hint ? [`  ${p.hint}`] : [])].join('\n');
}
