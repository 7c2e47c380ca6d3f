// One Markdown file → one processed doc. Pure and self-contained so it can run in a worker thread.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { ContentError, isUserError, type UserError } from '../errors.ts';
import type { Heading, Section } from './extract.ts';
import { parseFrontMatter, type FrontMatter, type SoftProblem } from './front-matter.ts';
import { docIdentity, IdentityError } from './doc-identity.ts';
import { readUtf8 } from './files.ts';
import { docHref, type LinkStyle, type SourceLink } from './links.ts';
import type { AssetCopy } from './assets.ts';
import { renderMarkdown } from './markdown.ts';
import { usesMdx } from './mdx/detect.ts';
import { unwrapMdxCodeBlocks } from './mdx/compat.ts';
import type { CodeBlock } from './code-lines.ts';
import type { MdxSite } from '../../templates/mdx/context.ts';
import type { BrowserCode } from './mdx/browser-compile.ts';

export interface DocJob {
  locale: string;
  relPath: string;
  file: string;
  absPath: string;
  localeBase: string;
  docsBase: string;
  /** config `url` + `baseUrl`: absolute links to it are checked as internal ones. */
  siteBase?: string;
  /** The source locale's file standing in for a missing translation. */
  fallback?: boolean;
  linkStyle?: LinkStyle;
  /** Where referenced images and files are looked for; without it they are left as written. */
  assets?: { root: string; staticDir: string; baseUrl: string };
  codeThemes: { light: string; dark: string };
  /** The site facts MDX pages may read (Docusaurus's `useDocusaurusContext`, `useBaseUrl`). */
  site?: MdxSite;
  strings: { admonitions: Record<string, string>; copyCode: string; footnoteLabel: string; footnoteBackLabel: string };
}

export interface ProcessedDoc {
  locale: string;
  relPath: string;
  file: string;
  /** Docusaurus's doc id: what sidebars and `pagination_*` name (see doc-identity.ts). */
  id: string;
  /** URL below the docs base ('' is the docs base itself). */
  slug: string;
  /** `title`, else the opening `# Heading`, else the file name. */
  title: string;
  /** The opening `# Heading`: the page shows it, so the theme does not print the title again. */
  contentTitle?: string;
  /** `sidebar_position`, else the file's number prefix. */
  position?: number;
  isCategoryIndex: boolean;
  /** Its slug ends with `/` (see docSlash): so does its URL when `trailingSlash` is unset. */
  slugSlash?: boolean;
  /** Built from the source locale's file: the locale has no translation of it yet. */
  fallback: boolean;
  /** Images and files to copy into the output. */
  assets: AssetCopy[];
  /** Tag labels. */
  tags: string[];
  /** The line of the front matter's `tags` key. */
  tagsLine?: number;
  /** Unknown keys and the like: warnings, errors under --strict. */
  problems: SoftProblem[];
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
  /**
   * MDX pages with parts the browser hydrates (renderer/content/mdx/islands.ts): how many, the file the
   * browser's compile reads, and (once bundled, renderer/bundle/islands.ts) the URL of the page's script.
   */
  islands?: {
    count: number;
    absPath: string;
    /** The CSS files whose rules the page's HTML carries (renderer/content/mdx/render.ts). */
    carriedCss: string[];
    /** The page's browser code, for the island bundler: compiled from the server's parse of the page. */
    browser?: BrowserCode;
    script?: string;
    /** The URL of the stylesheet of what only the browser code imports, when it imports any CSS. */
    style?: string;
  };
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

// The MDX compiler (acorn, the MDX parser, esbuild for imports, React to render) is loaded by the first MDX
// page: a thread processing plain Markdown only — every worker of such a site — never loads it (a third of
// the pipeline's load time, measured on the corpus).
let mdx: Promise<typeof import('./mdx/render.ts')> | undefined;
const loadMdx = () => (mdx ??= import('./mdx/render.ts'));

export async function processDoc(job: DocJob, services: DocServices = {}): Promise<DocResult> {
  try {
    const source = readUtf8(job.absPath, job.file);
    const { data, body, bodyLine, problems, tagsLine } = parseFrontMatter(source, job.file);
    let identity;
    try {
      identity = docIdentity({ relPath: job.relPath, id: data.id, slug: data.slug, title: data.title || undefined, sidebarPosition: data.sidebar_position, parseNumberPrefixes: data.parse_number_prefixes });
    } catch (err) {
      if (err instanceof IdentityError) throw new ContentError(err.message, { file: job.file, line: 2 });
      throw err;
    }
    // What ```mdx-code-block fences hold is the page's own text (Docusaurus unwraps them before parsing), and
    // may be what makes the page MDX.
    const text = unwrapMdxCodeBlocks(body);
    // MDX pages (`.mdx`, or `.md` using MDX syntax) take the MDX compiler; plain Markdown keeps the fast path.
    const render = usesMdx(job.relPath, text) ? async (input: Parameters<typeof renderMarkdown>[0]) => (await loadMdx()).renderMdx({ ...input, absPath: job.absPath, siteRoot: siteRootOf(job), ...(job.site ? { site: job.site } : {}) }) : renderMarkdown;
    const out = await render({
      body: text,
      file: job.file,
      relPath: job.relPath,
      lineOffset: bodyLine - 1,
      localeBase: job.localeBase,
      docsBase: job.docsBase,
      ...(job.siteBase ? { siteBase: job.siteBase } : {}),
      ...(job.linkStyle ? { linkStyle: { ...job.linkStyle, pagePath: docHref(job.docsBase, identity.slug, job.linkStyle.trailingSlash || (job.linkStyle.keepSlugSlash === true && identity.slugSlash === true)) } } : {}),
      ...(job.assets ? { assets: { ...job.assets, absPath: job.absPath } } : {}),
      codeThemes: job.codeThemes,
      strings: job.strings,
      ...(services.deferHighlight ? { deferHighlight: services.deferHighlight } : {}),
    });
    const slash = job.relPath.indexOf('/');
    return {
      ok: true,
      doc: {
        locale: job.locale,
        relPath: job.relPath,
        file: job.file,
        id: identity.id,
        slug: identity.slug,
        title: data.title || (out.contentTitle ?? identity.title),
        ...(identity.position !== undefined ? { position: identity.position } : {}),
        isCategoryIndex: identity.isCategoryIndex,
        ...(identity.slugSlash ? { slugSlash: true } : {}),
        fallback: job.fallback ?? false,
        tags: (data.tags ?? []).map((t) => (typeof t === 'string' ? t : t.label)),
        ...(tagsLine ? { tagsLine } : {}),
        problems,
        category: slash > 0 ? job.relPath.slice(0, slash) : undefined,
        frontMatter: data,
        ...withoutIslandCount(out),
        ...(out.islands ? { islands: { count: out.islands, absPath: job.absPath, carriedCss: out.carriedCss ?? [], ...(out.islandCode ? { browser: out.islandCode } : {}) } } : {}),
        bodyHash: createHash('sha256').update(body.trim()).digest('hex').slice(0, 16),
      },
    };
  } catch (err) {
    if (isUserError(err)) return { ok: false, error: serialize(err, job.file) };
    return { ok: false, error: { message: `Failed to process the page: ${(err as Error).message}`, file: job.file, details: [], bug: (err as Error).stack } };
  }
}

/** The site's folder (what `@site/` names): the doc's path less `content/<locale>/<relPath>`. */
function siteRootOf(job: DocJob): string {
  const shown = job.file.replace(/\\/g, '/');
  const abs = job.absPath.replace(/\\/g, '/');
  return abs.endsWith(shown) ? job.absPath.slice(0, job.absPath.length - shown.length) || '.' : resolve(job.absPath, '../'.repeat(job.relPath.split('/').length + 1));
}

function serialize(err: UserError, file: string): SerializedUserError {
  return { message: err.message, file: err.location?.file ?? file, line: err.location?.line, hint: err.hint, details: err.details };
}

export function deserialize(e: SerializedUserError): ContentError {
  return new ContentError(e.message, { file: e.file, line: e.line }, { hint: e.hint, details: e.bug ? [...e.details, e.bug] : e.details });
}

/** The page's output minus its island count, which the doc keeps with the file the count belongs to. */
function withoutIslandCount<T extends { islands?: number; carriedCss?: string[]; islandCode?: unknown }>(out: T): Omit<T, 'islands' | 'carriedCss' | 'islandCode'> {
  const { islands: _count, carriedCss: _css, islandCode: _code, ...rest } = out;
  return rest;
}
