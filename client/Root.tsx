// The browser's top component: owns the current route and the runtime the templates use
// (client-side navigation, preloading, the search modal).
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { RouteData, SiteData } from '../renderer/shared/types.ts';
import { isExternalHref, splitHash } from '../renderer/shared/urls.ts';
import { App } from '../templates/App.tsx';
import type { Runtime } from '../templates/context.tsx';
import type { PageModules } from './entry.tsx';
import { RouteLoader } from './route-loader.ts';
import { createSearchLauncher } from './search/launcher.ts';

interface Current {
  route: RouteData;
  page?: ComponentType;
}

export function Root({ site, initialRoute, initialPage, pages }: { site: SiteData; initialRoute: RouteData; initialPage?: ComponentType; pages: PageModules }) {
  const [current, setCurrent] = useState<Current>({ route: initialRoute, page: initialPage });
  const [hydrated, setHydrated] = useState(false);
  const loader = useMemo(() => new RouteLoader(site.routesManifestUrl), [site.routesManifestUrl]);
  const currentPath = useRef(initialRoute.path);

  useEffect(() => setHydrated(true), []);

  const search = useMemo(() => createSearchLauncher(site), [site]);
  useEffect(() => () => search.dispose(), [search]);

  const show = useCallback(
    async (path: string, hash: string, mode: 'push' | 'pop' | 'replace') => {
      const route = await loader.load(path);
      const page = route.kind === 'home' && pages.home ? (await pages.home()).default : undefined;
      if (mode === 'push') window.history.pushState({ path }, '', path + (hash ? `#${encodeURIComponent(hash)}` : ''));
      currentPath.current = path;
      setCurrent({ route, page });
      document.title = route.head.title;
      requestAnimationFrame(() => {
        const target = hash ? document.getElementById(hash) : null;
        if (target) target.scrollIntoView();
        else if (mode !== 'pop') window.scrollTo(0, 0);
      });
    },
    [loader, pages],
  );

  const navigate = useCallback(
    (href: string, event?: { preventDefault(): void }) => {
      if (isExternalHref(href)) return false;
      const { path, hash } = splitHash(href);
      if (!path || path === currentPath.current) return false;
      if (!path.startsWith(site.homeHref) && path + '/' !== site.homeHref) return false;
      event?.preventDefault();
      show(path, hash, 'push').catch(() => {
        // A chunk that cannot be loaded: fall back to a full page load of the target.
        window.location.assign(href);
      });
      return true;
    },
    [show, site.homeHref],
  );

  useEffect(() => {
    const onPop = () => {
      const path = window.location.pathname;
      if (path === currentPath.current) return;
      show(path, '', 'pop').catch(() => window.location.reload());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  const runtime = useMemo<Runtime>(
    () => ({
      hydrated,
      navigate,
      preload: (href) => {
        const { path } = splitHash(href);
        if (!isExternalHref(href) && path !== currentPath.current) loader.load(path).catch(() => undefined);
      },
      prefetch: () => () => undefined,
      openSearch: (q) => search.open(q),
      loadSearch: () => search.load(),
    }),
    [hydrated, navigate, loader, search],
  );

  return <App site={site} route={current.route} page={current.page} runtime={runtime} />;
}
