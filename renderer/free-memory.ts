// Memory a build lets go of between its stages. The process's peak is what counts (issue #18: ≤ 250 MB),
// and V8 lets a heap grow to about twice what is alive before it collects in full: at the end of the search
// stage half of the main thread's heap is garbage (the search records and their JSON, the docs' parse
// trees), and the render stage would pile its own garbage on top of it.
import type { LocaleContent } from './content/load.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let fullCollection: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. `global.gc` exists only with `--expose-gc`, which a
 * CLI started as `cheatsheet build` cannot pass to its own process: set at run time, the flag gives the
 * function to contexts made afterwards, such as this one. (~40–80 ms of CPU at the end of the search stage,
 * 150 and 600 pages per locale: what V8 would spend later anyway, less the garbage it no longer carries.)
 */
export function collectGarbage(): void {
  if (!fullCollection) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  fullCollection();
}

/**
 * Empties the docs' text sections, which only the search records and the routes' descriptions read: a build
 * has made both before it renders (~19 KB a doc, a third of what the main thread keeps of a doc).
 */
export function dropSearchText(content: Map<string, LocaleContent>): void {
  for (const locale of content.values()) for (const doc of locale.docs) doc.sections = [];
}
