// Prefetching of the pages internal links point to, once a link scrolls into view. Skipped on slow
// (2g) or data-saving connections, where the visitor pays for every byte.

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !/2g/.test(connection.effectiveType ?? '');
}

/** Returns the runtime's `prefetch(element, href)`: observe a link, prefetch its page when visible. */
export function createVisibilityPrefetcher(prefetch: (href: string) => void): (element: Element, href: string) => () => void {
  if (typeof IntersectionObserver !== 'function' || !prefetchAllowed()) return () => () => undefined;
  const hrefs = new WeakMap<Element, string>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const href = hrefs.get(entry.target);
      if (href) prefetch(href);
    }
  });
  return (element, href) => {
    hrefs.set(element, href);
    observer.observe(element);
    return () => observer.unobserve(element);
  };
}
