// Loads a module chunk by URL. Browsers keep a failed dynamic import in their module map (current
// Chromium rejects a second import() of the same URL at once, without a request), so a retry asks for a
// URL the map has not seen: the same file with a `retry` query, which static hosts and `serve` ignore.
export function retryUrl(url: string, attempt: number): string {
  if (attempt <= 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

export function importChunk<T>(url: string, attempt: number): Promise<T> {
  return import(/* @vite-ignore */ retryUrl(url, attempt)) as Promise<T>;
}
