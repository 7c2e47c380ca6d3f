// The browser's top component: owns the current route and the runtime the templates use.
// A navigation loads the target's chunk first (the old page stays, a progress bar appears after 200 ms),
// then renders it, updates <head>, and scrolls to the top, the anchor or the remembered position. A chunk
// that cannot be loaded turns the navigation into a full page load.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { RouteData, SiteData } from '../renderer/shared/types.ts';
import { splitHash } from '../renderer/shared/urls.ts';
import { App } from '../templates/App.tsx';
import type { Runtime } from '../templates/context.tsx';
import { installCopyButtons } from './copy-code.ts';
import { importChunk } from './import-chunk.ts';
import type { HydrateIslands } from './islands.tsx';
import type { PageModules } from './entry.tsx';
import { applyHead } from './head.ts';
import { poppedScroll, pushEntry, startHistory } from './history.ts';
import { createPageLoader } from './page-loader.ts';
import { installPlainLinks, prefetchContentLinks, type LinkRuntime } from './plain-links.ts';
import { createVisibilityPrefetcher } from './prefetch.ts';
import { startProgress } from './progress-bar.ts';
import { RouteLoader } from './route-loader.ts';
import { routeOfHref } from './route-of.ts';
import { createSearchLauncher } from './search/launcher.ts';

interface Current {
  route: RouteData;
  page?: ComponentType;
}

type ScrollTarget = { hash: string } | { y: number };

export function Root({ site, initialRoute, initialPage, pages }: { site: SiteData; initialRoute: RouteData; initialPage?: ComponentType; pages: PageModules }) {
  const [current, setCurrent] = useState<Current>({ route: initialRoute, page: initialPage });
  const [hydrated, setHydrated] = useState(false);
  // Built once: the site and the first route never change for the life of the page.
  const [{ loader, pageLoader }] = useState(() => ({ loader: new RouteLoader(site.routesManifestUrl, initialRoute), pageLoader: createPageLoader(pages, site.pageChunks, initialRoute, initialPage) }));
  const nav = useRef<{ path: string; token: number; push?: { href: string; leaveY: number }; scroll?: ScrollTarget; finish?: () => void }>({
    path: initialRoute.path,
    token: 0,
  });

  const show = useCallback(
    async (path: string, mode: 'push' | 'pop', href: string, scroll: ScrollTarget) => {
      const n = nav.current;
      const token = ++n.token;
      n.finish?.();
      const finish = startProgress();
      n.finish = finish;
      let route: RouteData;
      try {
        route = await loader.load(path);
      } catch (err) {
        finish();
        throw err;
      }
      if (token !== n.token) return;
      // The address changes when the new page is on screen (see the layout effect below).
      if (mode === 'push') n.push = { href, leaveY: window.scrollY };
      n.path = path;
      n.scroll = scroll;
      setCurrent({ route, page: pageLoader.pageFor(route) });
    },
    [loader, pageLoader],
  );

  const navigate = useCallback(
    (href: string, event?: { preventDefault(): void }) => {
      const path = routeOfHref(site, href);
      if (!path) return false;
      if (path === nav.current.path) {
        // A link to the page on screen: back to its top, no reload. (Anchors and queries: the browser's.)
        if (/[?#]/.test(href)) return false;
        event?.preventDefault();
        window.scrollTo(0, 0);
        return true;
      }
      event?.preventDefault();
      // The address is the route's own (with or without the trailing slash the site's URLs carry), as a
      // reload or a shared link should find it; the link's query and anchor kept.
      const { search, hash } = new URL(href, window.location.href);
      show(path, 'push', path + search + hash, { hash: splitHash(href).hash }).catch(() => window.location.assign(href));
      return true;
    },
    [show, site],
  );

  const search = useMemo(() => createSearchLauncher(site), [site]);
  useEffect(() => () => search.dispose(), [search]);

  // Only paths of this site and locale, other than the page on screen, are worth loading ahead.
  const wanted = useCallback((href: string) => {
    const path = routeOfHref(site, href);
    return path && path !== nav.current.path ? path : undefined;
  }, [site]);
  const [prefetch] = useState(() =>
    createVisibilityPrefetcher((href) => {
      const path = wanted(href);
      if (path) loader.prefetch(path);
    }),
  );

  const runtime = useMemo<Runtime & LinkRuntime>(
    () => ({
      hydrated,
      navigate,
      routeOf: (href) => routeOfHref(site, href),
      preload: (href) => {
        const path = wanted(href);
        if (path) loader.load(path).then((route) => pageLoader.warm(route), () => undefined);
      },
      prefetch,
      openSearch: (q) => search.open(q),
      loadSearch: () => search.load(),
    }),
    [hydrated, navigate, wanted, prefetch, loader, pageLoader, search, site],
  );

  useEffect(() => {
    setHydrated(true);
    // Lets CSS show controls that need JavaScript (and tests know when the page is interactive).
    document.documentElement.dataset.hydrated = 'true';
    const history = startHistory();
    if (history.restoreY !== undefined) window.scrollTo(0, history.restoreY);
    const stopCopy = installCopyButtons(site.strings['theme.CodeBlock.copied'] ?? 'Copied');
    return () => {
      history.stop();
      stopCopy();
    };
  }, [site]);

  // Diagrams: the code that draws them is fetched only by a page that has one.
  useEffect(() => {
    if (!document.querySelector('.theme-mermaid')) return undefined;
    const drawing = import('./mermaid.ts').then((m) => m.showDiagrams(site.baseUrl, site.mermaid), () => undefined);
    return () => void drawing.then((stop) => stop?.());
  }, [current, site]);

  // Tabs of MDX pages: like diagrams, their code is fetched only by a page that has some.
  useEffect(() => {
    if (!document.querySelector('.tabs-container')) return undefined;
    const tabs = import('./tabs.ts').then((m) => {
      m.restoreTabs();
      return m.installTabs();
    }, () => undefined);
    return () => void tabs.then((stop) => stop?.());
  }, [current, site]);

  // Islands of MDX pages (their components made interactive): the page's own script, only where it has one.
  useEffect(() => {
    const script = current.route.doc?.islands;
    const content = document.querySelector('[data-doc-content]');
    if (!script || !content) return undefined;
    let stop: (() => void) | undefined;
    let left = false;
    importChunk<{ default: HydrateIslands }>(script, 0).then(
      (m) => {
        if (!left) stop = m.default(content);
      },
      // The page stays as the server made it: readable, its widgets inert.
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [current]);

  useEffect(() => installPlainLinks(runtime), [runtime]);
  useEffect(() => prefetchContentLinks(runtime), [runtime, current]);

  useEffect(() => {
    const onPop = () => {
      const { pathname, hash } = window.location;
      const path = routeOfHref(site, pathname);
      const y = poppedScroll();
      const target: ScrollTarget = y !== undefined ? { y } : { hash: splitHash(hash).hash };
      if (path === nav.current.path) {
        // Back or forward between anchors of the page on screen.
        scrollTo(target);
        return;
      }
      if (!path) {
        window.location.reload();
        return;
      }
      show(path, 'pop', pathname + hash, target).catch(() => window.location.reload());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show, site]);

  // Once the new route is rendered (before it is painted): address, head, scroll position; the progress
  // bar completes.
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const n = nav.current;
    if (n.push) pushEntry(n.push.href, n.push.leaveY);
    n.push = undefined;
    applyHead(site, current.route);
    if (n.scroll) scrollTo(n.scroll);
    n.scroll = undefined;
    n.finish?.();
    n.finish = undefined;
  }, [current, site]);

  return <App site={site} route={current.route} page={current.page} runtime={runtime} />;
}

function scrollTo(target: ScrollTarget): void {
  if ('y' in target) {
    window.scrollTo(0, target.y);
    return;
  }
  const el = target.hash ? document.getElementById(target.hash) : null;
  if (el) el.scrollIntoView();
  else window.scrollTo(0, 0);
}
