// One build at a time per output folder. Two builds swapping the same folder in and out would leave a
// site with half its pages (or crash one of them): the second one stops with the first one's pid instead.
// The lock is a file beside the output naming the holder's pid and host; a lock whose process is gone
// (a build that was killed) is taken over.
import { hostname } from 'node:os';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from './errors.ts';
import { fileSystemError } from './fs-errors.ts';

interface Holder {
  pid: number;
  host: string;
}

export function lockPathOf(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.lock`);
}

function readHolder(file: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const [pid, host] = text.split('\n');
  return { pid: Number(pid), host: host ?? '' };
}

/** A holder on another machine (a shared disk) cannot be checked: it counts as running. */
function running(holder: Holder): boolean {
  if (holder.host !== hostname() || !Number.isInteger(holder.pid) || holder.pid <= 0) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the lock of a dead holder. Moved aside first, then read again: if another build replaced the stale
 * lock meanwhile, what was moved is its live lock, and it is put back.
 */
function removeStale(file: string, stale: Holder): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readHolder(aside);
  if (moved && (moved.pid !== stale.pid || moved.host !== stale.host)) {
    try {
      linkSync(aside, file);
    } catch {
      // A third build took the lock in between: it holds it now.
    }
  }
  unlinkSync(aside);
}

/** Takes the lock of `outDir` (shown as `shown` in messages); returns the function that releases it. */
export function lockOutput(outDir: string, shown: string): () => void {
  const file = lockPathOf(outDir);
  const me: Holder = { pid: process.pid, host: hostname() };
  // Written whole under a name of its own, then linked into place: a reader never sees a half-written lock,
  // and link() fails if the lock exists, whoever made it.
  const mine = `${file}.${process.pid}`;
  try {
    // The lock sits beside the output folder: a folder whose parents are missing (`--out-dir dist/site/en`
    // on a fresh clone) gets them, as the output folder itself is made when missing.
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(mine, `${me.pid}\n${me.host}\n`);
  } catch (err) {
    throw fileSystemError(err, `the lock file of ${shown}/ (${mine})`, 'write') ?? err;
  }
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => {
          const holder = readHolder(file);
          if (holder?.pid === me.pid && holder.host === me.host) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      if (!holder) continue;
      if (running(holder)) {
        throw new UserError('output', `Another build is writing ${shown}/ (pid ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`}).`, {
          hint: `Wait for it to finish and build again. If no build is running, delete ${file}.`,
        });
      }
      removeStale(file, holder);
    }
    throw new UserError('output', `Could not take the lock of ${shown}/: other builds keep taking it.`, { hint: `Build again once they are done (lock file: ${file}).` });
  } finally {
    unlinkSync(mine);
  }
}
