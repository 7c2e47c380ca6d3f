// Finds Debian's Chromium for the browser tests, installs it when we may (root, apt-get present), or
// fails with the one command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];

export function findChromium(): string {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    try {
      execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    } catch {
      // Reported below with the command to run by hand.
    }
    const after = CANDIDATES.find((p) => existsSync(p));
    if (after) return after;
  }
  throw new Error('The browser tests need Chromium. Install it with:\n  sudo apt-get install -y chromium\n(or set CHROME_PATH to a Chromium or Chrome binary)');
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
