// Entry of bench/highlight.mjs (bundled by it with esbuild): the code blocks a build's worker highlights,
// collected by running every doc through processDoc with highlighting deferred, then highlighted alone.
import { blockKey } from '../renderer/content/code-blocks.ts';
import type { CodeBlock } from '../renderer/content/code-lines.ts';
import { highlightBlocks, type CodeThemes } from '../renderer/content/highlight.ts';
import { processDoc, type DocJob } from '../renderer/content/process-doc.ts';

export { siteJobs } from './pipeline-entry.ts';
export { highlightBlocks };

/** Each distinct block of the site once, in the order a build meets them, with the site's themes. */
export async function siteBlocks(jobs: DocJob[]): Promise<{ blocks: CodeBlock[]; themes: CodeThemes | undefined }> {
  const seen = new Set<string>();
  const blocks: CodeBlock[] = [];
  const themes = jobs[0]?.codeThemes;
  for (const job of jobs) {
    await processDoc(job, {
      deferHighlight: (b: CodeBlock) => {
        const key = blockKey(b, job.codeThemes);
        if (!seen.has(key)) (seen.add(key), blocks.push(b));
        return 'x';
      },
    });
  }
  return { blocks, themes };
}
