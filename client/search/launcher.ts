// The part of search that ships with the first load: the keyboard shortcuts and a lazy loader for the
// modal and the index. Everything else of search lives in chunks loaded on intent (hover or focus of the
// search button, or the first open), never on page load.
import type { SiteData } from '../../renderer/shared/types.ts';
import { getSearchHost, setSearchHost, type SearchHost } from '../../templates/search/search-host.ts';
import type { ModalController } from './modal-entry.tsx';
import '../../templates/search/search.css';

export interface SearchLauncher {
  /** Prepare (hover/focus of the button): start loading the modal code and the index. */
  load(): void;
  open(initialQuery?: string): void;
  /** Removes global listeners. */
  dispose(): void;
}

/** Typing '/' in a field types a slash; anywhere else it opens search. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

export function createSearchLauncher(site: SiteData): SearchLauncher {
  let modal: Promise<ModalController> | null = null;
  let controller: ModalController | null = null;
  let disposed = false;
  // The query typed while the modal's code loads; null when no open is pending.
  let pending: string | null = null;

  const loadModal = () => {
    if (!modal) {
      modal = import('./modal-entry.tsx').then((m) => m.createModal(site));
      modal.catch(() => {
        modal = null;
      });
    }
    return modal;
  };

  const open = (initialQuery = '') => {
    if (controller?.isOpen()) {
      if (initialQuery) controller.type(initialQuery);
      return;
    }
    if (pending !== null) {
      // Letters typed on the button before the modal appeared belong to the same query.
      pending += initialQuery;
      return;
    }
    pending = initialQuery;
    loadModal().then(
      (c) => {
        controller = c;
        const query = pending;
        pending = null;
        if (query !== null && !disposed) c.open(query);
      },
      () => {
        pending = null;
      },
    );
  };

  const toggle = () => {
    if (controller?.isOpen()) controller.close();
    else if (pending !== null) pending = null;
    else open();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      toggle();
    } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target) && !controller?.isOpen()) {
      event.preventDefault();
      open();
    }
  };
  window.addEventListener('keydown', onKeyDown);

  const host: SearchHost = { loadResults: () => import('./SearchResults.tsx').then((m) => m.SearchResults) };
  setSearchHost(host);

  return {
    load() {
      loadModal().catch(() => undefined);
      import('./modal-entry.tsx')
        .then((m) => m.prepare(site))
        .catch(() => undefined);
    },
    open,
    dispose() {
      disposed = true;
      window.removeEventListener('keydown', onKeyDown);
      // A launcher for another locale may already have taken over.
      if (getSearchHost() === host) setSearchHost(null);
      controller?.destroy();
    },
  };
}
