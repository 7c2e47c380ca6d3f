// Links that are not <Link> components — the ones inside rendered Markdown, the announcement bar or a
// raw-HTML navbar item — navigate, preload and prefetch like every other internal link, through one
// listener on the document.

export interface LinkRuntime {
  /** The route path an href leads to when it is a page of this site and locale, else undefined. */
  routeOf: (href: string) => string | undefined;
  navigate: (href: string, event: { preventDefault(): void }) => boolean;
  preload: (href: string) => void;
  prefetch: (element: Element, href: string) => () => void;
}

function plainAnchor(target: EventTarget | null): HTMLAnchorElement | null {
  const a = target instanceof Element ? target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || a.hasAttribute('download') || (a.target && a.target !== '_self')) return null;
  return a.origin === window.location.origin ? a : null;
}

export function installPlainLinks(runtime: LinkRuntime): () => void {
  const onClick = (event: MouseEvent) => {
    // <Link> handled its own click already (React's listener on the root runs first).
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = plainAnchor(event.target);
    // The query string too: a link to the search page carries its query in `q`.
    if (a) runtime.navigate(a.pathname + a.search + a.hash, event);
  };
  const onIntent = (event: Event) => {
    const a = plainAnchor(event.target);
    if (a) runtime.preload(a.pathname);
  };
  document.addEventListener('click', onClick);
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('mouseover', onIntent);
    document.removeEventListener('touchstart', onIntent);
  };
}

/** Prefetches the internal links of rendered Markdown when they become visible. */
export function prefetchContentLinks(runtime: LinkRuntime): () => void {
  const stops: (() => void)[] = [];
  for (const a of document.querySelectorAll<HTMLAnchorElement>('[data-doc-content] a[href]')) {
    if (a.origin === window.location.origin && runtime.routeOf(a.pathname)) stops.push(runtime.prefetch(a, a.pathname));
  }
  return () => stops.forEach((stop) => stop());
}
