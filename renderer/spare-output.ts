// The spare folder of a warm build, made ahead. FolderOutput (write.ts) writes into the output before last,
// `.<name>.previous`, whose files the output shares; the first warm build after a cold one has none, so each
// page it keeps was linked into a new folder from the render stage, a folder made and a link per file on the
// build's only busy thread (150 × 3 corpus, one page edited: 603 mkdir and 1,222 link calls, ~0.14 s more
// than the next edit's build, `strace -f -c`). Here a thread of its own links the files the last build
// recorded from the output into a new spare folder while this thread runs the content, routes and search
// stages, and says what state each linked file has now: a link changes a file's change time, which is part
// of its record, so FolderOutput accepts a file in the spare folder with the state this thread saw right
// after linking it, from a file that still had its recorded state. Anything this thread skipped or could
// not do is left to FolderOutput as before. A killed build leaves a spare folder with some of the links: a
// spare folder is rewritten, whatever it holds.
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileRecord } from './write.ts';

/** The output before last, which the next build writes into (FolderOutput). */
export function spareFolder(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.previous`);
}

/**
 * Starts linking the recorded files of `outDir` into its spare folder when there is none (nor a folder a
 * killed build left, which FolderOutput would take instead) and another core can do it. Resolves to the
 * state of each file linked, by its path in the output (`undefined`: nothing was done); never rejects.
 */
export function prelinkSpare(outDir: string, records: ReadonlyMap<string, FileRecord> | undefined, cores = availableParallelism()): Promise<Map<string, string> | undefined> | undefined {
  // On one core the thread would only add its start-up (~30–70 ms of CPU) to the same work.
  if (!records?.size || cores < 2 || !existsSync(outDir)) return undefined;
  const spare = spareFolder(outDir);
  const name = basename(outDir);
  const left = readdirSync(dirname(outDir)).some((e) => e.startsWith(`.${name}.tmp-`) || e.startsWith(`.${name}.old-`));
  if (left || existsSync(spare)) return undefined;
  const files: string[] = [];
  for (const [rel, record] of records) files.push(rel, record.stat);
  return new Promise((resolve) => {
    const worker = new Worker(PRELINK, { eval: true, workerData: { from: outDir, to: spare, files } });
    worker.once('message', (linked: string[]) => {
      const states = new Map<string, string>();
      for (let i = 0; i < linked.length; i += 2) states.set(linked[i]!, linked[i + 1]!);
      resolve(states);
    });
    // Failed or stopped without an answer: the links made so far are simply files of the spare folder.
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}

// The thread's code. A file's state is written as write.ts's stateOf writes it (a test keeps them equal).
const PRELINK = `
const { parentPort, workerData: { from, to, files } } = require('node:worker_threads');
const { linkSync, lstatSync, mkdirSync } = require('node:fs');
const { dirname, join } = require('node:path');
const state = (s) => (s && s.isFile() ? s.dev + ':' + s.ino + ':' + s.size + ':' + s.mtimeNs + ':' + s.ctimeNs : undefined);
const made = new Set();
const linked = [];
for (let i = 0; i < files.length; i += 2) {
  const rel = files[i];
  try {
    const there = join(from, rel);
    if (state(lstatSync(there, { bigint: true, throwIfNoEntry: false })) !== files[i + 1]) continue;
    const here = join(to, rel);
    const dir = dirname(here);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    linkSync(there, here);
    const now = state(lstatSync(here, { bigint: true }));
    if (now) linked.push(rel, now);
  } catch {}
}
parentPort.postMessage(linked);
`;
