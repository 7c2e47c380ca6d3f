// What the main thread and the build's worker threads say to each other.
import type { CodeThemes } from '../content/highlight.ts';
import type { DocJob, DocResult } from '../content/process-doc.ts';
import type { DocumentAssets } from '../render/document.ts';
import type { RouteData, SiteData } from '../shared/types.ts';

/** A route as a worker needs it to render the page. */
export interface RenderRoute {
  outFile: string;
  data: RouteData;
  doc?: { html: string; file: string };
}

export interface RenderTask {
  templatesFile: string;
  siteData: [string, SiteData][];
  routes: RenderRoute[];
  assets: Omit<DocumentAssets, 'pageModule'>;
  pageChunks: Record<string, string>;
  extraHead: Record<string, string>;
  siteUrls: Record<string, string>;
  /** Folder the worker writes the pages into (the build's temporary output folder). */
  outDir: string;
}

export type WorkerRequestBody =
  | { type: 'docs'; jobs: DocJob[] }
  | { type: 'highlight'; blocks: { lang: string; code: string }[]; themes: CodeThemes }
  | { type: 'render'; task: RenderTask }
  | { type: 'warm'; templatesFile: string };
export type WorkerRequest = WorkerRequestBody & { id: number };

export interface RenderedScan {
  outFile: string;
  ids: string[];
  hrefs: string[];
}

export type WorkerResponse =
  | { id: number; type: 'docs'; results: DocResult[] }
  | { id: number; type: 'highlight'; html: string[] }
  | { id: number; type: 'warm' }
  | { id: number; type: 'render'; scans: RenderedScan[]; bytes: number; count: number }
  | { id: number; type: 'error'; message: string; userError?: { kind: string; message: string; details: string[]; hint?: string } };
