// The build cache's folder in the site's root: a module of its own so that the CLI can look for it (a cold
// build starts on a thread of its own, cli/build-thread.ts) without loading the cache's code.
export const CACHE_DIR = '.cheatsheet-cache';
