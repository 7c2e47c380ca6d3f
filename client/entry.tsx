// Browser entry: reads the hydration payload, loads the custom page module if the route has one, and
// hydrates the server markup with the same components and data.
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import type { HydrationPayload, SiteData } from '../renderer/shared/types.ts';
import { ErrorBoundary } from '../templates/ErrorBoundary.tsx';
import { pageNameOf } from './page-loader.ts';
import { Root } from './Root.tsx';
import { shareReact } from './shared-react.ts';

export type PageModules = Record<string, () => Promise<{ default: ComponentType }>>;

const PAYLOAD_ID = '__CHEATSHEET_DATA__';
const ROOT_ID = '__cheatsheet';

export async function start(pages: PageModules): Promise<void> {
  shareReact();
  const payloadNode = document.getElementById(PAYLOAD_ID);
  const container = document.getElementById(ROOT_ID);
  if (!payloadNode || !container) return;
  const payload = JSON.parse(payloadNode.textContent ?? '{}') as HydrationPayload;
  const { route } = payload;
  if (route.doc) route.doc = { ...route.doc, html: container.querySelector('[data-doc-content]')?.innerHTML ?? '' };
  const name = pageNameOf(route);
  // The locale's site data comes preloaded (a <link rel="preload"> in the head) and cached across pages.
  const [site, page] = await Promise.all([
    payload.site ?? fetch(payload.siteUrl).then((r) => (r.ok ? (r.json() as Promise<SiteData>) : Promise.reject(new Error(`HTTP ${r.status} for ${payload.siteUrl}`)))),
    name && pages[name] ? pages[name]().then((m) => m.default) : undefined,
  ]);
  const strings = site.strings;
  hydrateRoot(
    container,
    // Last resort when the layout itself fails (a page's own errors are caught inside the layout).
    <ErrorBoundary
      fallback={(_error, tryAgain) => (
        <div className="container error-page" role="alert">
          <p>{strings['theme.Error.themeErrored']}</p>
          <button type="button" className="button button--primary" onClick={tryAgain}>
            {strings['theme.ErrorPageContent.tryAgain']}
          </button>
        </div>
      )}
    >
      <Root site={site} initialRoute={route} initialPage={page} pages={pages} />
    </ErrorBoundary>,
    // Every boundary reports what it catches itself (the navbar's with the item's config).
    { onCaughtError: () => undefined },
  );
}
