// Opening a hit: in-site through the page's runtime (client-side navigation), by a full page load when
// the hit is outside the site (an absolute URL: one matching externalUrlRegex), or in a new tab/window.
import { isExternalHref } from '../../renderer/shared/urls.ts';
import { getSearchRuntime } from '../../templates/search/search-host.ts';

export type OpenMode = 'same' | 'tab' | 'window';

export function openUrl(url: string, mode: OpenMode = 'same'): void {
  if (mode === 'tab') {
    window.open(url, '_blank', 'noopener');
    return;
  }
  if (mode === 'window') {
    // Asking for a popup is what makes a browser open a separate window rather than a tab.
    window.open(url, '_blank', 'noopener,popup');
    return;
  }
  const runtime = getSearchRuntime();
  if (isExternalHref(url) || !runtime || !runtime.navigate(url)) window.location.assign(url);
}
