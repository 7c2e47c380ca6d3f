// The whole page, as rendered on the server and hydrated in the browser from the same data.
import { useMemo, type ComponentType } from 'react';
import type { RouteData, SiteData } from '../renderer/shared/types.ts';
import { RouteContext, RuntimeContext, SiteContext, inertRuntime, siteContextValue, type Runtime } from './context.tsx';
import { DocPage } from './docs/DocPage.tsx';
import { DocsRoot } from './docs/DocsRoot.tsx';
import { SidebarStateProvider } from './docs/sidebar-state.tsx';
import { ErrorBoundary, ErrorPageContent } from './ErrorBoundary.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { SearchPage } from './search/SearchPage.tsx';

export interface AppProps {
  site: SiteData;
  route: RouteData;
  /** The custom page module's component for routes that have one (the home page). */
  page?: ComponentType;
  runtime?: Runtime;
}

function PageBody({ route, page: Page }: { route: RouteData; page?: ComponentType }) {
  switch (route.kind) {
    case 'home':
      if (!Page) throw new Error('The home page module is missing.');
      return <Page />;
    case 'doc':
      return <DocPage doc={route.doc!} />;
    case 'docsRoot':
      return <DocsRoot categories={route.docsRoot ?? []} />;
    case 'search':
      return <SearchPage />;
    case 'notFound':
      return <NotFound />;
  }
}

export function App({ site, route, page, runtime = inertRuntime }: AppProps) {
  const siteValue = useMemo(() => siteContextValue(site), [site]);
  return (
    <SiteContext.Provider value={siteValue}>
      <RouteContext.Provider value={route}>
        <RuntimeContext.Provider value={runtime}>
          <SidebarStateProvider>
            <Layout wrapperClass={`page-${route.kind}`}>
              <ErrorBoundary resetKey={route.path} fallback={(error, tryAgain) => <ErrorPageContent error={error} tryAgain={tryAgain} />}>
                <PageBody route={route} page={page} />
              </ErrorBoundary>
            </Layout>
          </SidebarStateProvider>
        </RuntimeContext.Provider>
      </RouteContext.Provider>
    </SiteContext.Provider>
  );
}
