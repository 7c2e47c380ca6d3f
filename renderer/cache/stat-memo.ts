// A key computed from files (their names, or their contents), remembered beside the build cache with the
// identity of every file and folder it read, and answered again while each of them is unchanged: statting
// a hundred paths costs a fraction of reading and hashing what they hold (the pipeline key read the whole
// compiled generator, ~4.6 MB, on every warm build). A folder's times change when an entry is added,
// removed or renamed in it, a file's when it is written; the ctime cannot be set back by hand. Like the
// rest of the cache, only ever a shortcut: a missing or damaged memo, or any difference, means computing.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Bumped when the memo's layout changes. */
const FORMAT = 1;

/**
 * A path changed within this long after it was statted may keep the same times on a file system whose
 * clock is coarse (FAT: 2 s): a memo that saw such a recent change is not kept.
 */
const SETTLE_MS = 2000;

interface Memo {
  format: number;
  context: string;
  value: string;
  /** Path, then its identity, in the order they were read. */
  seen: [string, string][];
}

export interface Remembered {
  value: string;
  /** Writes the memo (when it was computed afresh); call once the build it served has succeeded. */
  keep: () => void;
}

function identity(path: string): { id: string; changed: number } {
  try {
    const s = statSync(path);
    return { id: `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`, changed: Math.max(s.mtimeMs, s.ctimeMs) };
  } catch {
    return { id: 'missing', changed: 0 };
  }
}

function recall(file: string, context: string): string | undefined {
  let memo: Memo;
  try {
    memo = JSON.parse(readFileSync(file, 'utf8')) as Memo;
  } catch {
    return undefined;
  }
  if (memo?.format !== FORMAT || memo.context !== context || typeof memo.value !== 'string' || !Array.isArray(memo.seen)) return undefined;
  for (const [path, id] of memo.seen) if (identity(path).id !== id) return undefined;
  return memo.value;
}

/**
 * `compute(see)`'s value, or the one remembered in `file` for the same `context` while every path it saw is
 * unchanged. `compute` must call `see(path)` for each file and folder before it reads it: a change made
 * while it reads then shows as a difference next time, never as a stale value.
 */
export function statMemo(file: string | undefined, context: string, compute: (see: (path: string) => void) => string): Remembered {
  const remembered = file === undefined ? undefined : recall(file, context);
  if (remembered !== undefined) return { value: remembered, keep: () => {} };
  const started = Date.now();
  const seen: [string, string][] = [];
  let newest = 0;
  const value = compute((path) => {
    const { id, changed } = identity(path);
    seen.push([path, id]);
    newest = Math.max(newest, changed);
  });
  const settled = newest < started - SETTLE_MS;
  return {
    value,
    keep: () => {
      if (file === undefined || !settled) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, JSON.stringify({ format: FORMAT, context, value, seen } satisfies Memo));
        renameSync(temp, file);
      } catch {
        // A memo that cannot be written only costs the next build the computation.
      }
    },
  };
}
