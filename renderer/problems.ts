// Problems as data: every problem a build, `check` or `serve` finds — a broken link, bad front matter, a
// template that does not compile — is one plain, JSON-safe object with where it is and what it is.
// One formatter (`problemView` / `formatProblem`) turns it into text for the terminal, `check`'s report
// and the dev overlay; nothing ever parses a message back.
import { AggregateUserError, formatLocation, isUserError, UserError } from './errors.ts';

export interface Problem {
  /** What failed: `link`, `anchor`, `content`, `config`, `template`, `code`, `routes`, `internal`… */
  kind: string;
  message: string;
  /** The source file, relative to the site (the path the author knows). */
  file?: string;
  line?: number;
  column?: number;
  /** The public path of the page it shows on (broken links). */
  page?: string;
  /** What a broken link points at. */
  target?: string;
  details: string[];
  hint?: string;
}

/** A broken link or anchor found on a rendered page. */
export interface BrokenLink {
  kind: 'link' | 'anchor';
  /** Public path of the page the link sits on. */
  page: string;
  target: string;
  reason: string;
  /** The theme component the link sits in (`Markdown`, `Navbar`, `Footer`…). */
  component: string;
  /** The Markdown source and position, for links written in a page. */
  file?: string;
  line?: number;
  column?: number;
  /**
   * For an absolute link to the site's own address (`target` as written): the site path it names. Docusaurus
   * does not check such links, so they are only ever warnings.
   */
  resolved?: string;
}

/** Where a broken link sits, as its author finds it: `file:line` for Markdown, `Component on /path` otherwise. */
export function linkSource(link: BrokenLink): string {
  return link.file ? formatLocation({ file: link.file, line: link.line, column: link.column }) : `${link.component} on ${link.page}`;
}

export function linkProblem(link: BrokenLink): Problem {
  if (link.resolved !== undefined) return ownUrlProblem(link, link.resolved);
  return {
    kind: link.kind,
    message: `Broken ${link.kind === 'anchor' ? 'anchor' : 'link'} to ${link.target} (${link.reason}).`,
    ...(link.file ? { file: link.file, line: link.line, column: link.column } : {}),
    page: link.page,
    target: link.target,
    details: link.file ? [] : [`in the ${link.component} of ${link.page}`],
    hint: link.kind === 'anchor' ? 'Fix the anchor, or add the heading it points to.' : 'Fix the link, or create the page it points to.',
  };
}

function ownUrlProblem(link: BrokenLink, resolved: string): Problem {
  return {
    kind: 'own-url',
    message: `Link to this site's own address ${link.target} leads nowhere: it resolves to ${resolved} (${link.reason}).`,
    ...(link.file ? { file: link.file, line: link.line, column: link.column } : {}),
    page: link.page,
    target: link.target,
    details: link.file ? [] : [`in the ${link.component} of ${link.page}`],
    hint: `Only a warning, as Docusaurus does not check absolute links: fix the address, or write it as a path (${resolved}) so the build checks it.`,
  };
}

/** Whether a broken link fails a build, by the config's `onBrokenLinks` / `onBrokenAnchors`. */
export function isFatalLink(link: BrokenLink, config: { onBrokenLinks: string; onBrokenAnchors: string }): boolean {
  if (link.resolved !== undefined) return false;
  return (link.kind === 'anchor' ? config.onBrokenAnchors : config.onBrokenLinks) === 'throw';
}

/** Broken links that fail a build (`onBrokenLinks: 'throw'`): every location, one per line. */
export class BrokenLinksError extends UserError {
  readonly links: BrokenLink[];
  constructor(links: BrokenLink[]) {
    super('links', `Found ${links.length} broken link${links.length === 1 ? '' : 's'}:`, {
      details: links.map((l) => `${linkSource(l)} → ${l.target} (${l.reason})`),
      hint: 'Fix the links above, or set onBrokenLinks: "warn" in site.config.ts to only warn.',
    });
    this.links = links;
  }
}

/** Any thrown value → one problem per location (an aggregate of content errors becomes several). */
export function toProblems(err: unknown): Problem[] {
  if (err instanceof AggregateUserError) return err.errors.flatMap(toProblems);
  if (err instanceof BrokenLinksError) return err.links.map(linkProblem);
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

/** A problem with its location written out, as every view shows it (the overlay gets this shape). */
export interface ProblemView extends Problem {
  /** `file:line:column`, or '' when the problem has no file. */
  where: string;
}

export function problemView(p: Problem): ProblemView {
  return { ...p, where: p.file ? formatLocation({ file: p.file, line: p.line, column: p.column }) : '' };
}

/** One terminal line (plus indented details and hint) for a problem. */
export function formatProblem(p: Problem): string {
  const v = problemView(p);
  return [`${v.where ? `${v.where}: ` : ''}${v.message}`, ...v.details.map((d) => `  ${d.replace(/\n/g, '\n  ')}`), ...(v.hint ? [`  ${v.hint}`] : [])].join('\n');
}
