// The part of search that ships with the first load: the keyboard shortcuts and a lazy loader for the
// modal and the index. Everything else of search lives in chunks loaded on intent.
import type { SiteData } from '../../renderer/shared/types.ts';

export interface SearchLauncher {
  /** Prepare (hover/focus of the button): start loading the modal code and the index. */
  load(): void;
  open(initialQuery?: string): void;
  /** Removes global listeners. */
  dispose(): void;
}

export function createSearchLauncher(_site: SiteData): SearchLauncher {
  return { load: () => undefined, open: () => undefined, dispose: () => undefined };
}
