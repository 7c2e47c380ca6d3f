// What the main thread and the build's worker threads say to each other.
import type { CodeBlock } from '../content/code-lines.ts';
import type { CodeThemes } from '../content/highlight.ts';
import type { DocJob, DocResult } from '../content/process-doc.ts';
import type { DocumentAssets } from '../render/document.ts';
import type { RenderableRoute } from '../render/render-pages.ts';
import type { IndexInput, MadeIndex } from '../search/build-search.ts';
import type { IndexFile } from '../search/local-index.ts';
import type { SiteData } from '../shared/types.ts';
import type { ErrorLocation } from '../errors.ts';
import type { PageScan } from '../links/check.ts';

/**
 * What every page of the render stage shares, sent once to each worker before its first pages: the site
 * data (sidebars, navbar, strings) of every locale, and where the compiled templates are.
 */
export interface RenderSetup {
  templatesFile: string;
  root: string;
  siteData: [string, SiteData][];
  assets: Omit<DocumentAssets, 'pageModule'>;
  pageChunks: Record<string, string>;
  extraHead: Record<string, string>;
  siteUrls?: Record<string, string>;
}

export type WorkerRequestBody =
  /**
   * `code`: the caller keeps each doc's highlighted blocks (the build cache): the reply carries them, and
   * `known` are blocks of earlier builds the worker need not highlight again.
   */
  | { type: 'docs'; jobs: DocJob[]; code?: { known: Map<string, string> } }
  | { type: 'highlight'; blocks: CodeBlock[]; themes: CodeThemes }
  | { type: 'render-setup'; setup: RenderSetup }
  | { type: 'render'; routes: RenderableRoute[] }
  /**
   * Local search indexes: per locale, its records as JSON (IndexJob's `input`) in UTF-8 pieces of whole
   * pages (RecordPieces), handed over rather than copied (cache/pieces.ts: no message of many MB), its URLs
   * and page keys.
   */
  | { type: 'search-index'; jobs: SentIndexInput[] };

/**
 * MadeIndex as a worker sends it back: the index's files as UTF-8 pieces (each part ~20 KB, the entry's JSON in
 * utf8Pieces), handed over rather than copied, its terms serialised in pieces (SerializedPageTerms).
 */
export type SentMadeIndex = Omit<MadeIndex, 'index'> & { index: { entry: Omit<IndexFile, 'json'> & { json: Uint8Array[] }; parts: [string, Uint8Array][] } };

/** IndexInput as sent to a worker: its records' JSON in pieces (RecordPieces), as the build thread keeps it. */
export type SentIndexInput = IndexInput;
export type WorkerRequest = WorkerRequestBody & { id: number };

/** A user error thrown in a worker, with everything the terminal and `check --format json` show of it. */
export interface WorkerUserError {
  kind: string;
  message: string;
  details: string[];
  hint?: string;
  location?: ErrorLocation;
}

export type WorkerResponse =
  /** `blocks`: when asked for, each doc's highlighted blocks by blockKey (none for a failed doc), in job order. */
  | { id: number; type: 'docs'; results: DocResult[]; blocks?: Map<string, string>[] }
  | { id: number; type: 'highlight'; html: string[] }
  | { id: number; type: 'render-setup' }
  /**
   * `app`: each page's server-rendered markup, which the main thread keeps in the build cache; `scans`: each
   * page's ids and links, so that the main thread need not scan the pages a worker rendered.
   */
  | { id: number; type: 'render'; html: string[]; app: string[]; scans: PageScan[] }
  | { id: number; type: 'search-index'; indexes: SentMadeIndex[] }
  | { id: number; type: 'error'; message: string; userError?: WorkerUserError };
