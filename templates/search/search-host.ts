// The seam between the search templates (also rendered on the server) and the browser's search code in
// client/search, which templates may not import: the browser registers itself here. On the server nothing
// is registered, and the templates render only their shells.
import type { ComponentType } from 'react';
import type { Runtime } from '../context.tsx';

export interface SearchResultsProps {
  query: string;
}

export interface SearchHost {
  /** The search page's results list (a lazy chunk), rendered once the page is hydrated. */
  loadResults(): Promise<ComponentType<SearchResultsProps>>;
}

let host: SearchHost | null = null;
let runtime: Runtime | null = null;

export function setSearchHost(value: SearchHost | null): void {
  host = value;
}

export function getSearchHost(): SearchHost | null {
  return host;
}

/** The mounted templates share the page's runtime, so the modal (its own React root) navigates in-site. */
export function setSearchRuntime(value: Runtime | null): void {
  runtime = value;
}

export function getSearchRuntime(): Runtime | null {
  return runtime;
}
