// The build cache's folder in the site's root: a module of its own so that the CLI can look for it (a cold
// build starts on a thread of its own, cli/build-thread.ts; a build with nothing changed reads its record,
// cache/unchanged-build.ts) without loading the cache's code.
export const CACHE_DIR = '.cheatsheet-cache';

/** The pipeline key's memo (stat-memo.ts), in the CLI's cache folder (cli-cache.ts), not a site's. */
export const PIPELINE_MEMO = 'pipeline-key.json';

/**
 * V8's code cache of the CLI's build script (cache/code-cache.ts, cli/build-script.ts): kept beside the CLI
 * (`codeCacheFile` in cli/build-script.ts), not in a site's cache folder — it holds nothing of a site.
 */
export const CODE_CACHE_FILE = 'v8-code/build-script.bin';

/** The memos of the prebuilt theme's check (bundle/prebuilt.ts), in the cache's folder, one per bundle. */
export const THEME_MEMO = { client: 'theme-client.json', ssr: 'theme-ssr.json' } as const;
