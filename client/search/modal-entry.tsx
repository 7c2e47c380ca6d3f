// The lazily loaded half of search: mounts the modal in its own container (a separate React root at the
// end of <body>), keeps the page from scrolling under it and gives focus back when it closes.
import { createRoot, type Root } from 'react-dom/client';
import type { SiteData } from '../../renderer/shared/types.ts';
import { SiteContext, siteContextValue } from '../../templates/context.tsx';
import { loadEngine } from './engine.ts';
import { loadInsights, type InsightsClient } from './insights.ts';
import { SearchModal } from './SearchModal.tsx';

export interface ModalController {
  open(initialQuery: string): void;
  /** Letters typed on the search button while the modal was appearing: they extend the query. */
  type(text: string): void;
  close(): void;
  isOpen(): boolean;
  destroy(): void;
}

/** Hover or focus of the search button: fetch the index (or nothing, for Algolia) ahead of the first query. */
export function prepare(site: SiteData): Promise<void> {
  return loadEngine(site.search).then((engine) => engine.prepare());
}

export async function createModal(site: SiteData): Promise<ModalController> {
  const insightsClient: InsightsClient | undefined = await loadInsights(site.search).catch(() => undefined);
  const value = siteContextValue(site);
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  let open = false;
  let returnFocus: HTMLElement | null = null;
  // Until the modal's input has focus, keys still land on the button; they are kept for the input.
  let typed = '';
  let typeInto: ((text: string) => void) | null = null;
  const onReady = (append: (text: string) => void) => {
    typeInto = append;
    if (typed) append(typed);
    typed = '';
  };

  const close = () => {
    if (!open) return;
    open = false;
    typeInto = null;
    typed = '';
    root?.render(null);
    document.body.classList.remove('DocSearch--active');
    if (returnFocus?.isConnected) returnFocus.focus();
    returnFocus = null;
  };

  return {
    open(initialQuery) {
      if (open) return;
      open = true;
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (!container) {
        container = document.createElement('div');
        container.className = 'cheatsheet-search-root';
        document.body.appendChild(container);
        root = createRoot(container);
      }
      document.body.classList.add('DocSearch--active');
      root!.render(
        <SiteContext.Provider value={value}>
          <SearchModal key={Date.now()} site={site} initialQuery={initialQuery} insightsClient={insightsClient} onClose={close} onReady={onReady} />
        </SiteContext.Provider>,
      );
    },
    type(text) {
      if (!open) return;
      if (typeInto) typeInto(text);
      else typed += text;
    },
    close,
    isOpen: () => open,
    destroy() {
      close();
      root?.unmount();
      container?.remove();
      root = null;
      container = null;
    },
  };
}
