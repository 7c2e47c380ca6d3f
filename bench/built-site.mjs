// The real site built into a temporary folder and served with `cheatsheet serve`, for the search benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(repo, 'bin', 'cheatsheet.js');

/** Builds the site (or the site at `root`) into a new temporary folder; returns the folder. */
export function buildSite(root = repo) {
  const outDir = join(mkdtempSync(join(tmpdir(), 'cheatsheet-search-bench-')), 'build');
  const r = spawnSync(process.execPath, [cli, 'build', '--root', root, '--out-dir', outDir], { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}${r.stdout}`);
  return outDir;
}

function freePort() {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** Serves a built folder; resolves when it answers. */
export async function serve(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'serve', '--no-watch', '--out-dir', dir, '--port', String(port)], { cwd: repo, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/aws-cheatsheet/`)).ok) return { child, origin };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  child.kill();
  throw new Error('serve did not start');
}
