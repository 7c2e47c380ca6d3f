// What the main thread and the build's worker threads say to each other.
import type { CodeBlock } from '../content/code-lines.ts';
import type { CodeThemes } from '../content/highlight.ts';
import type { DocJob, DocResult } from '../content/process-doc.ts';

export type WorkerRequestBody = { type: 'docs'; jobs: DocJob[] } | { type: 'highlight'; blocks: CodeBlock[]; themes: CodeThemes };
export type WorkerRequest = WorkerRequestBody & { id: number };

export type WorkerResponse =
  | { id: number; type: 'docs'; results: DocResult[] }
  | { id: number; type: 'highlight'; html: string[] }
  | { id: number; type: 'error'; message: string; userError?: { kind: string; message: string; details: string[]; hint?: string } };
