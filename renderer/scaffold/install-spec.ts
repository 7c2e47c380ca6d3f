// What a new site's package.json names as its cheatsheet (init, import). The name `cheatsheet` on the public npm
// registry belongs to an unrelated package, so `"cheatsheet": "^x.y.z"` would install that one: the site gets
// an npm spec that reaches the cheatsheet that made it instead — given with --cheatsheet, else found from how
// the running copy was installed.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { packageRoot } from '../paths.ts';

export interface InstallSpec {
  /** The value of `dependencies.cheatsheet`. */
  spec: string;
  /** How it was found, for the message the command prints. */
  from: 'flag' | 'lockfile' | 'tarball' | 'checkout';
}

/** A spec given by the user: a path to a tarball or folder becomes an absolute `file:` spec, anything else is npm's. */
function explicitSpec(given: string, cwd: string): string {
  if (/^[a-z+]+:/i.test(given) && !/^[a-z]:[\\/]/i.test(given)) return given;
  const path = isAbsolute(given) ? given : resolve(cwd, given);
  return existsSync(path) ? `file:${path}` : given;
}

/** Where the lockfile of the install holding `root` (…/node_modules/cheatsheet) says cheatsheet came from. */
function resolvedByLockfile(root: string): string | undefined {
  const host = dirname(dirname(root));
  for (const lock of [join(host, 'node_modules', '.package-lock.json'), join(host, 'package-lock.json')]) {
    if (!existsSync(lock)) continue;
    try {
      const resolved = (JSON.parse(readFileSync(lock, 'utf8')) as { packages?: Record<string, { resolved?: string }> }).packages?.['node_modules/cheatsheet']?.resolved;
      if (!resolved) continue;
      // npm writes file: specs relative to the folder holding the lockfile's project.
      return resolved.startsWith('file:') ? `file:${resolve(host, resolved.slice('file:'.length))}` : resolved;
    } catch {
      continue;
    }
  }
  return undefined;
}

export function cheatsheetInstallSpec(given: string | undefined, cwd = process.cwd(), root = packageRoot()): InstallSpec {
  if (given) return { spec: explicitSpec(given, cwd), from: 'flag' };
  if (basename(dirname(root)) === 'node_modules') {
    const spec = resolvedByLockfile(root);
    if (spec) return { spec, from: 'lockfile' };
  }
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const tarball = join(root, `cheatsheet-${version}.tgz`);
  if (existsSync(tarball)) return { spec: `file:${tarball}`, from: 'tarball' };
  // A checkout (or an install whose lockfile says nothing): the folder itself, which npm links.
  return { spec: `file:${root}`, from: 'checkout' };
}
