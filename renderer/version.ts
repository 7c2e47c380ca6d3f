// The generator's version, from its package.json: bundled into dist/ by the compile step, so the CLI and
// the `<meta name="generator">` tag report the version that built the site, wherever it is installed.
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
