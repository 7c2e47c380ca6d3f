// Every link of the theme. Internal links navigate on the client and preload their page; external links
// open in a new tab without opener or referrer.
import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { isExternalHref } from '../renderer/shared/urls.ts';
import { useRuntime } from './context.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children?: ReactNode;
  /** Skip visibility prefetching (e.g. for very long lists rendered at once). */
  noPrefetch?: boolean;
}

export function Link({ href, children, noPrefetch, onClick, ...rest }: LinkProps) {
  const runtime = useRuntime();
  const ref = useRef<HTMLAnchorElement>(null);
  const external = isExternalHref(href);
  useEffect(() => {
    if (external || noPrefetch || !ref.current) return undefined;
    return runtime.prefetch(ref.current, href);
  }, [external, noPrefetch, href, runtime]);
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    runtime.navigate(href, event);
  };
  return (
    <a ref={ref} href={href} onClick={handleClick} onMouseEnter={() => runtime.preload(href)} onTouchStart={() => runtime.preload(href)} {...rest}>
      {children}
    </a>
  );
}
