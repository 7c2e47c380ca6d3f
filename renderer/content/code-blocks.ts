// Code blocks highlighted on another thread while this one goes on with the Markdown: pages carry a
// placeholder comment per block, requests go out in batches as pages meet their blocks, and the
// highlighted HTML is filled in once every page is processed. Identical blocks (the same command in three
// locales) are highlighted once.
import { randomBytes } from 'node:crypto';
import type { CodeBlock } from './code-lines.ts';
import type { CodeThemes } from './highlight.ts';
import type { DocJob } from './process-doc.ts';

export type HighlightBatch = (blocks: CodeBlock[], themes: CodeThemes) => Promise<string[]>;

/** Everything a block's highlighted `<pre>` is made from (the highlighter's version is the pipeline key's). */
export const blockKey = (b: CodeBlock, t: CodeThemes) => `${t.light}|${t.dark}\n${b.lang}\n${b.highlight?.join(',') ?? ''}\n${b.lineNumbersFrom ?? ''}\n${b.code}`;

/**
 * Highlighted blocks kept between builds, per doc (renderer/cache/): what a doc's blocks were the last time
 * it was processed, so that an edit of its prose finds its code already highlighted and the build never
 * loads shiki. Per doc, not per site, so entries go when their doc goes.
 */
export interface CodeCache {
  /** The doc's blocks of the last build that processed it, by blockKey. */
  blocksOf(job: DocJob): Map<string, string>;
  /** The doc's blocks of this build, kept for the next. */
  keepBlocks(job: DocJob, blocks: Map<string, string>): void;
}

/**
 * `send` with the blocks `known` answers taken from it; every block asked for lands in `used`, whatever
 * answered it.
 */
export function highlightKnown(send: HighlightBatch, known: Map<string, string>, used = new Map<string, string>()): HighlightBatch {
  return async (blocks, themes) => {
    const keys = blocks.map((b) => blockKey(b, themes));
    const missing = blocks.filter((_, i) => !known.has(keys[i]!));
    const made = missing.length ? await send(missing, themes) : [];
    let next = 0;
    return keys.map((key) => {
      const html = known.get(key) ?? made[next++]!;
      used.set(key, html);
      return html;
    });
  };
}

export class DeferredHighlighter {
  // A per-build token: Markdown that happens to contain a comment of the same shape is left alone.
  private readonly prefix = `cheatsheet-code:${randomBytes(6).toString('hex')}:`;
  private readonly placeholder = new RegExp(`<!--${this.prefix}(\\d+)-->`, 'g');
  private readonly indexOf = new Map<string, number>();
  private readonly pending: Promise<void>[] = [];
  private readonly html: string[] = [];
  private waiting: CodeBlock[] = [];
  private scheduled = false;
  private count = 0;

  constructor(
    private readonly themes: CodeThemes,
    private readonly send: HighlightBatch,
  ) {}

  /** Registers a block; returns the comment text that stands for its `<pre>`. */
  readonly defer = (block: CodeBlock): string => this.deferKey(blockKey(block, this.themes), block);

  /**
   * A `defer` for one doc, and that doc's blocks by blockKey once `fill` has run: what the code cache keeps
   * per doc, whichever doc asked for a shared block first.
   */
  forDoc(): { defer: (block: CodeBlock) => string; blocks: () => Map<string, string> } {
    const keys = new Set<string>();
    return {
      defer: (block) => {
        const key = blockKey(block, this.themes);
        keys.add(key);
        return this.deferKey(key, block);
      },
      blocks: () => new Map([...keys].map((key) => [key, this.html[this.indexOf.get(key)!]!])),
    };
  }

  private deferKey(key: string, block: CodeBlock): string {
    let index = this.indexOf.get(key);
    if (index === undefined) {
      index = this.count++;
      this.indexOf.set(key, index);
      this.waiting.push(block);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    }
    return `${this.prefix}${index}`;
  }

  private flush(): void {
    this.scheduled = false;
    if (!this.waiting.length) return;
    const start = this.count - this.waiting.length;
    const batch = this.send(this.waiting, this.themes).then((out) => out.forEach((h, k) => (this.html[start + k] = h)));
    batch.catch(() => undefined); // observed in fill()
    this.pending.push(batch);
    this.waiting = [];
  }

  /** Replaces every placeholder in `html` with its highlighted block. */
  async fill(html: string): Promise<string> {
    if (!html.includes(this.prefix)) return html;
    this.flush();
    await Promise.all(this.pending);
    return html.replace(this.placeholder, (_, n: string) => this.html[Number(n)]!);
  }
}
