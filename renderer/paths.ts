// Where things are: the site's own folders, falling back to the package's (so a small site needs only
// content/ and site.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;
/** The folder of cheatsheet's own package.json (works from source and from dist/). */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'cheatsheet') return (cachedRoot = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cheatsheet: cannot find its own package.json');
    dir = parent;
  }
}

export function siteOrPackageDir(siteRoot: string, name: string): string {
  const own = join(siteRoot, name);
  return existsSync(own) ? own : join(packageRoot(), name);
}

/** Every folder and file a build reads: the stages take their inputs from here and `serve` watches these. */
export interface SitePaths {
  root: string;
  content: string;
  i18n: string;
  static: string;
  config: string;
  /** The theme's templates (React components rendered on the server). */
  templates: string;
  /** Folders whose code goes into the templates or the browser bundle: the package's and the site's own. */
  code: string[];
  /** The site's own components and styles, which MDX pages import (`@site/src/…`). */
  components: string;
}

export function sitePaths(root: string, configFile?: string): SitePaths {
  const pkg = packageRoot();
  const code = [join(pkg, 'templates'), join(pkg, 'client'), ...['templates', 'client'].map((d) => join(root, d)).filter((d) => existsSync(d))];
  return {
    root,
    content: join(root, 'content'),
    i18n: siteOrPackageDir(root, 'i18n'),
    static: siteOrPackageDir(root, 'static'),
    config: resolve(root, configFile ?? 'site.config.ts'),
    templates: join(pkg, 'templates'),
    code: [...new Set(code)],
    components: join(root, 'src'),
  };
}
