// What every esbuild run for the browser shares (the runtime, the islands of MDX pages): the same browsers,
// JSX and production React, so code bundled apart behaves the same.
import type { BuildOptions } from 'esbuild';

export const BROWSER_BUILD = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  jsx: 'automatic',
  write: false,
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
} as const satisfies BuildOptions;
