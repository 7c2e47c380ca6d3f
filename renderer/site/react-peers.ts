// npm packages of the site that were written for another React. Pages and the components they import all run on
// cheatsheet's one React (site-components.ts, bundle/islands.ts), whatever React the package asks for; and npm
// does not complain when a package's peer range excludes it (cheatsheet's React is not the site's own
// dependency, so npm quietly installs the other React beside it, which nothing uses). Read after `npm i`, from
// the installed packages, so it holds offline and for `file:` packages; the registry is never asked.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const require = createRequire(import.meta.url);

function readJson(file: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    // A missing or broken package.json is npm's to report; this check has nothing to say about it.
    return undefined;
  }
}

/** The installed package.json of `name`, looked for as Node would from the site's folder (hoisted or not). */
function installed(root: string, name: string): PackageJson | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return readJson(file);
    if (dirname(dir) === dir) return undefined;
  }
}

/** A warning per dependency of the site whose `peerDependencies.react` excludes the React pages run on. */
export async function reactPeerWarnings(root: string): Promise<string[]> {
  const site = readJson(join(root, 'package.json'));
  if (!site) return [];
  const names = Object.keys({ ...site.devDependencies, ...site.dependencies }).filter((n) => n !== 'react' && n !== 'react-dom' && n !== 'cheatsheet');
  const peers = names.flatMap((name) => {
    const pkg = installed(root, name);
    const range = pkg?.peerDependencies?.react;
    return range ? [{ name, version: pkg.version ?? '?', range }] : [];
  });
  if (!peers.length) return [];
  const { default: semver } = await import('semver');
  const react = (require('react/package.json') as PackageJson).version!;
  return peers
    .filter((p) => semver.validRange(p.range) !== null && !semver.satisfies(react, p.range, { includePrerelease: true }))
    .map(
      (p) =>
        `package.json: the npm package ${p.name} ${p.version} is made for React ${p.range} (its peerDependencies), but pages and their components run on cheatsheet's React ${react}.\n` +
        `  Check its components in the browser, or install a version made for React ${semver.major(react)} (\`npm view ${p.name} peerDependencies\` shows what each version asks for).`,
    );
}
