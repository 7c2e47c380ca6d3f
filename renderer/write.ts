// The only module that writes the output folder. It builds a complete new folder beside the old one and
// swaps it in with renames, so a failed or interrupted build leaves the previous output as it was.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

export function writeOutput(outDir: string, files: OutputFiles, staticDirs: string[]): void {
  const parent = dirname(outDir);
  const name = basename(outDir);
  mkdirSync(parent, { recursive: true });
  removeLeftovers(parent, name);
  const tmp = join(parent, `.${name}.tmp-${process.pid}-${Date.now()}`);
  try {
    for (const dir of staticDirs) if (existsSync(dir)) cpSync(dir, tmp, { recursive: true });
    const made = new Set<string>();
    for (const [rel, content] of files) {
      const file = join(tmp, rel);
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(file, content);
    }
    const old = join(parent, `.${name}.old-${process.pid}-${Date.now()}`);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tmp, outDir);
    rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Temporary folders of builds that were killed before they could clean up. */
function removeLeftovers(parent: string, name: string): void {
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(`.${name}.tmp-`) || entry.startsWith(`.${name}.old-`)) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

/** Lists every file of a static folder as public paths (for the link checker). */
export function listStatic(dir: string, baseUrl: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else out.push(baseUrl + rel);
    }
  };
  walk('');
  return out;
}
