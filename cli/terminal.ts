// Whether the CLI's stderr is a terminal (colours), also on the build thread (cli/build-thread.ts), whose
// stdio is a pipe to the main thread: there the main thread's answer comes with the thread's data.
import { isMainThread, workerData } from 'node:worker_threads';

/** What the build thread is told about the process it runs in. */
export interface BuildThreadData {
  cheatsheetBuildThread: { stderrIsTTY: boolean };
}

export function stderrIsTTY(): boolean {
  if (isMainThread) return process.stderr.isTTY === true;
  return (workerData as Partial<BuildThreadData> | undefined)?.cheatsheetBuildThread?.stderrIsTTY === true;
}
