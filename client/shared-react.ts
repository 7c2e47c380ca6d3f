// The islands of MDX pages (client/islands.tsx) are bundled apart from this runtime, page by page, and must use
// its React: a second copy would double the download and break hooks and context across the two. The entry puts
// the modules here; the island bundles read them (renderer/bundle/islands.ts makes `react` imports point here).
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';

export const SHARED_REACT = Symbol.for('cheatsheet.react');

export function shareReact(): void {
  (globalThis as Record<symbol, unknown>)[SHARED_REACT] = { react: React, 'react-dom': ReactDOM, 'react-dom/client': ReactDOMClient, 'react/jsx-runtime': JsxRuntime };
}
