// Where things are: the site's own folders, falling back to the package's (so a small site needs only
// content/ and site.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
