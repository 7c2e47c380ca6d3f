// The only module that writes the output folder. Files go into a new folder beside the old one as they
// are produced (so rendered pages need not stay in memory) and the folder is swapped in with renames
// once the build has succeeded: a failed or interrupted build leaves the previous output as it was.
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, type BigIntStats, type Dirent } from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, MessagePort, Worker, workerData } from 'node:worker_threads';
import { basename, dirname, join } from 'node:path';
import { AggregateUserError } from './errors.ts';
import { fileSystemError } from './fs-errors.ts';
import { BUILD_MARKER, markBuildOutput } from './output-guard.ts';
import { walkSourceTree, type TreeFile } from './source-tree.ts';

export type OutputFiles = Map<string, string | Uint8Array>;

export interface OutputSink {
  /** `key`: what the content is made from (same key, same bytes), recorded so a later build may keep the file. */
  write(rel: string, content: string | Uint8Array, key?: string): void;
  /**
   * Keeps `rel` as an earlier build wrote it when that file was made from `key` and is untouched since: true
   * means it is part of this output without being written (the caller need not make its content).
   */
  keep?(rel: string, key: string): boolean;
  /** `keep` answers false whatever it is asked (no earlier output recorded): no file's key is needed early. */
  readonly keepsNothing?: boolean;
  /** Reads back a file written in this build (for reports on the rare failure path). */
  read(rel: string): string | undefined;
  readonly bytes: number;
  readonly count: number;
}

/** Keeps the output in memory: for `serve`, `check` and tests. */
export class MemoryOutput implements OutputSink {
  readonly files: OutputFiles = new Map();
  bytes = 0;
  get count(): number {
    return this.files.size;
  }
  write(rel: string, content: string | Uint8Array): void {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const previous = this.files.get(rel);
    if (previous) this.bytes -= (previous as Uint8Array).byteLength;
    this.files.set(rel, data);
    this.bytes += data.byteLength;
  }
  read(rel: string): string | undefined {
    const data = this.files.get(rel);
    return data === undefined ? undefined : Buffer.from(data as Uint8Array).toString('utf8');
  }
  /** `serve`: a page or asset that is no longer part of the site. */
  delete(rel: string): void {
    const previous = this.files.get(rel);
    if (previous) this.bytes -= (previous as Uint8Array).byteLength;
    this.files.delete(rel);
  }
}

/**
 * An output file as a build left it: `key` names what it was made from (same key, same bytes) and `stat` the
 * file itself (device, inode, size, modification and change times), so that a file changed since — by hand,
 * by another build — no longer matches: its change time moves with every write, and nobody can set it back.
 * The times are in nanoseconds, as the record of an unchanged build has them (cache/unchanged-build.ts), which
 * takes the states of the files the build kept or wrote from here rather than stat them all again.
 */
export interface FileRecord {
  key: string;
  stat: string;
  size: number;
}

/**
 * Writes into a temporary sibling of the output folder; `commit()` swaps it in, `abort()` leaves the output
 * as it was. The temporary folder is the output before last, kept as `.<name>.previous`: its files are
 * rewritten in place and the ones this build does not produce are removed at the end. Creating ~1,000 new
 * files right after deleting ~1,000 others is slow on ext4 (it skips recently freed inodes: +0.5–0.8 s of
 * kernel time per build here), and rewriting keeps inodes; nothing is deleted but stale files. With no such
 * folder and the last build's records, the kept files stay in the output and the few written ones are moved
 * into it on commit (`deferred`).
 */
export class FolderOutput implements OutputSink {
  private readonly tmp: string;
  private readonly spare: string;
  /** The folder was made new for this build: no file is in it but the ones this build writes. */
  private readonly fresh: boolean;
  private readonly made = new Set<string>();
  /** Relative paths written by this build: everything else in the reused folder is stale. */
  private readonly written = new Set<string>();
  /** The files of this output, by what they are made of: kept as they were, or written with a key. */
  private readonly kept = new Map<string, FileRecord>();
  private readonly keyed = new Map<string, string>();
  private records: Map<string, FileRecord> | undefined;
  /** After commit: what each folder of the output held once the stale files were removed (removeStale). */
  private readonly folders = new Map<string, Dirent[]>();
  /**
   * With no folder to reuse (the first build after a cold one, whose output has no spare beside it) and the
   * last build's records: the files kept, left where they are in the output. Making a new folder of links to
   * them cost the first one-page build after a cold 150 × 3 build ~600 `mkdir` and ~1,230 `link` calls (render
   * 179 ms against 86 ms for the next edit's). `commit` then moves the files this build wrote into the output
   * when it kept at least as many (in place), or else links the kept ones into this folder and swaps it in.
   */
  private readonly deferred: Set<string> | undefined;
  // Files are written by a thread of their own (a few MB of memory), so rendering goes on while the
  // kernel creates files: ~0.25 ms per file here, a quarter of a build's render stage when done on the main
  // thread. libuv's thread pool did not help: each step of a promise write waits for the busy main thread.
  // Started only past the first few files (see `here`): a build whose files are all kept (nothing changed)
  // or that writes a handful needs none (a thread's start costs ~0.1–0.2 s of CPU, some of it on this thread).
  // On a build thread (cli/build-thread.ts) the idle main thread writes instead, through a port: one
  // thread and heap fewer at the build's peak (corpus 150 × 3, cold: ~−8 MB).
  private writerThread: Worker | MessagePort | undefined;
  // The first files are written on this thread, by the same writer code: a warm build that writes a handful
  // (one page's prose edited: the page, its chunk, the manifest, the search files and their cache entries)
  // would spend more CPU starting the thread (~0.19 s, most of it Node's start-up inside the thread) than
  // writing them. Not on a build thread: the host that writes there is running already.
  private here: WriterHere | undefined;
  private writtenHere = 0;
  // Backpressure: the writer counts the KB it has written in shared memory, which this thread can read in
  // the middle of a synchronous render loop; past MAX_IN_FLIGHT_KB not yet written it waits. Without it
  // a slow disk let pages queue up in the writer's inbox (600×3 corpus on ext4: peak 455 MB against 320).
  private readonly progress = new Int32Array(new SharedArrayBuffer(4));
  private postedKb = 0;
  private flushes = 0;
  private closed = false;
  private failure: unknown;
  // A page's UTF-8 length is counted by whoever encodes it (the writer, answering each flush), not here: a
  // `Buffer.byteLength` of every page on the build thread scanned its two-byte HTML once more than needed.
  private knownBytes = 0;
  private encodedBytes = 0;
  count = 0;

  /** The bytes of this output's files: exact once flushed (after commit). */
  get bytes(): number {
    return this.knownBytes + this.encodedBytes;
  }

  /**
   * `before`: the records of the output folder as the last build committed it (`records()`), from the build
   * cache. A file of this build made from the same key as recorded, and still the very file recorded, is
   * kept rather than written (`keep`).
   */
  constructor(
    private readonly outDir: string,
    private readonly before?: ReadonlyMap<string, FileRecord>,
  ) {
    const parent = dirname(outDir);
    const name = basename(outDir);
    mkdirSync(parent, { recursive: true });
    this.spare = join(parent, `.${name}.previous`);
    this.tmp = join(parent, `.${name}.tmp-${process.pid}-${Date.now()}`);
    const reused = claim([this.spare, ...leftovers(parent, name)], this.tmp);
    if (!reused) mkdirSync(this.tmp);
    this.fresh = !reused;
    this.deferred = !reused && before?.size && existsSync(outDir) ? new Set() : undefined;
    // First, so that even an interrupted build's folder says whose it is.
    markBuildOutput(this.tmp);
    this.written.add(BUILD_MARKER);
  }

  private get writer(): Worker | MessagePort {
    this.writerThread ??= startWriter({ progress: this.progress, root: this.tmp, fresh: this.fresh });
    return this.writerThread;
  }

  copyStatic(dirs: string[]): void {
    for (const dir of dirs) {
      for (const { rel, abs } of staticFiles(dir)) {
        // The same source file as last time (its change time moves with any edit): the copy is kept.
        const source = fileState(abs);
        const key = source && `static:${source.stat}`;
        if (key && this.keepFile(rel, key)) continue;
        if (key) this.keyed.set(rel, key);
        try {
          this.put(rel, () => {
            unshare(join(this.tmp, rel));
            copyFileSync(abs, join(this.tmp, rel));
          });
        } catch (err) {
          throw fileSystemError(err, `static/${rel}`, 'copy') ?? err;
        }
      }
    }
  }

  write(rel: string, content: string | Uint8Array, key?: string): void {
    // What is in flight is counted in characters for a string: as many as its bytes for most pages, and
    // what its copy in the writer's inbox holds (one or two bytes each) bounds the memory either way.
    const size = typeof content === 'string' ? content.length : content.byteLength;
    if (typeof content !== 'string') this.knownBytes += size;
    this.count++;
    if (this.closed) throw new Error('FolderOutput: write after commit or abort');
    if (key !== undefined) this.keyed.set(rel, key);
    // The writer thread makes the file's folder when it is missing (a mkdir per page folder was ~8 % of the
    // main thread's render stage).
    this.written.add(rel);
    this.waitForRoom();
    const kb = Math.ceil(size / 1024) + 1;
    this.postedKb += kb;
    const message = { file: join(this.tmp, rel), content, kb };
    if (this.writeHere()) this.here!.post(message);
    else this.writer.postMessage(message);
  }

  /** Whether the next file is written on this thread (see `here`), making its writer when needed. */
  private writeHere(): boolean {
    if (this.writerThread || this.writtenHere >= WRITTEN_HERE_FIRST || hostPort()) return false;
    this.writtenHere++;
    this.here ??= writerHere({ progress: this.progress, root: this.tmp, fresh: this.fresh });
    return true;
  }

  /** Whether a thread (or a build thread's host) was started to write: tests and figures. */
  get writerStarted(): boolean {
    return this.writerThread !== undefined;
  }

  /** No earlier output recorded: `keep` answers false whatever it is asked (OutputSink.keepsNothing). */
  get keepsNothing(): boolean {
    return !this.before?.size;
  }

  /**
   * Keeps the file at `rel` when the last build made it from `key` and it is still that file: in the reused
   * folder, where it often is (the spare folder and the output share the files that did not change), or else
   * in the output, linked into this folder (a second name for the same file: no byte is copied). Shared files
   * are never written in place (the writer thread and copyStatic replace them), so the output being served
   * stays as it is until the swap. Whatever does not match is written as usual by the caller.
   */
  keep(rel: string, key: string): boolean {
    const kept = this.keepFile(rel, key);
    if (kept) {
      this.knownBytes += kept.size;
      this.count++;
    }
    return kept !== undefined;
  }

  private keepFile(rel: string, key: string): FileRecord | undefined {
    const recorded = this.before?.get(rel);
    if (this.closed || recorded?.key !== key) return undefined;
    if (this.deferred) {
      // Left in the output: its state now is the one recorded (a change before commit shows next time).
      if (fileState(join(this.outDir, rel))?.stat !== recorded.stat) return undefined;
      this.deferred.add(rel);
      this.written.add(rel);
      const record = { key, stat: recorded.stat, size: recorded.size };
      this.kept.set(rel, record);
      return record;
    }
    const here = join(this.tmp, rel);
    const found = lstatSync(here, { bigint: true, throwIfNoEntry: false });
    let stat = found && stateOf(found)?.stat;
    if (stat !== recorded.stat) {
      const there = join(this.outDir, rel);
      if (fileState(there)?.stat !== recorded.stat) return undefined;
      try {
        this.prepare(rel);
        // Only what is there is removed (no spare folder, the first warm build: nothing is), and by unlink:
        // rmSync's checks cost ~30 µs a file, 40 ms of CPU for the corpus's 1,228. A folder in the way throws.
        if (found) unlinkSync(here);
        linkSync(there, here);
      } catch {
        return undefined; // (A file system without hard links, a folder in the way: written instead.)
      }
      // A new link changes the file's change time.
      stat = fileState(here)?.stat;
      if (stat === undefined) return undefined;
    }
    this.written.add(rel);
    const record = { key, stat, size: recorded.size };
    this.kept.set(rel, record);
    return record;
  }

  /**
   * Writes `data` to `file` outside the output folder (the build cache's staged entries) on the writer thread,
   * in order with the output's files: `flush` waits for it too. A failure loses that file alone — it is not
   * the build's. After commit or abort, written here and now. `data` may be handed to the writer thread
   * (detached here): the caller lets go of it. `append`: added at the end of `file` (an entry written in
   * pieces, cache/pieces.ts).
   */
  writeAside(file: string, data: Uint8Array, append = false): void {
    if (this.closed) {
      try {
        writeFileSync(file, data, append ? { flag: 'a' } : undefined);
      } catch {
        // As on the writer thread: the file is missing.
      }
      return;
    }
    this.waitForRoom();
    const kb = Math.ceil(data.byteLength / 1024) + 1;
    this.postedKb += kb;
    // Handed over rather than copied when the bytes are a whole buffer of their own (a serialised entry): a
    // copy left the original as garbage outside this thread's heap, which V8 collects late (150 × 3 corpus,
    // cold: peak ~7 MB higher than with the entries written here).
    const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    const message = { file, content: data, kb, aside: true, append };
    if (this.writeHere()) this.here!.post(message);
    else this.writer.postMessage(message, whole ? [data.buffer as ArrayBuffer] : []);
  }

  private waitForRoom(): void {
    let done = Atomics.load(this.progress, 0);
    while (this.postedKb - done > MAX_IN_FLIGHT_KB) {
      // Woken by each file the writer finishes; a minute without one means it is stuck.
      if (Atomics.wait(this.progress, 0, done, 60_000) === 'timed-out') throw new Error('The thread writing the output has not written anything for a minute.');
      done = Atomics.load(this.progress, 0);
    }
  }

  /** Makes room for `rel` (its folder, no older folder in its place), runs `write`, records the file. */
  private put(rel: string, write: () => void): void {
    this.prepare(rel);
    try {
      write();
    } catch (err) {
      if (!removedFolderInTheWay(err, join(this.tmp, rel))) throw err;
      write();
    }
  }

  private prepare(rel: string): void {
    this.written.add(rel);
    const dir = dirname(join(this.tmp, rel));
    if (this.made.has(dir)) return;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      // A file of an older build where this build needs a folder: removed, then the folder is made.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
      removeFilesInPath(this.tmp, dirname(rel));
      mkdirSync(dir, { recursive: true });
    }
    this.made.add(dir);
  }

  /** Waits for every write; rethrows the first that failed. */
  async flush(): Promise<void> {
    // What was written here came first: its failure is the first.
    const here = this.closed ? undefined : this.here?.flush();
    if (here) this.encodedBytes += here.bytes;
    if (here?.error) this.failure ??= new Error(here.error);
    if (!this.closed && this.writerThread) {
      const writer = this.writerThread;
      const id = ++this.flushes;
      const failed = await new Promise<string | undefined>((resolve, reject) => {
        const done = (error?: unknown) => {
          writer.off('message', onMessage);
          writer.off('error', done);
          writer.off('exit', onExit);
          writer.off('close', onExit);
          if (error) reject(error);
        };
        const onMessage = (m: { flushed: number; error?: string; bytes: number }) => {
          if (m.flushed !== id) return;
          this.encodedBytes += m.bytes;
          done();
          resolve(m.error);
        };
        const onExit = () => done(new Error('The thread writing the output stopped before it was done.'));
        const exit = writer instanceof Worker ? 'exit' : 'close';
        writer.on('message', onMessage);
        writer.once('error', done);
        writer.once(exit, onExit);
        writer.postMessage({ flush: id });
      });
      if (failed) this.failure ??= new Error(failed);
    }
    if (this.failure) throw this.failure;
  }

  private async endWriter(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.writerThread instanceof MessagePort) this.writerThread.close();
    else await this.writerThread?.terminate();
  }

  /** Call after flush(). */
  read(rel: string): string | undefined {
    const file = join(this.deferred?.has(rel) ? this.outDir : this.tmp, rel);
    return this.written.has(rel) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }

  /** After commit: each file written with a key or kept, as it is in the output now (for the next build). */
  committed(): Map<string, FileRecord> {
    if (!this.records) throw new Error('FolderOutput: records asked for before commit');
    return this.records;
  }

  /**
   * After commit: the entries of each folder of the output (by path below it, '' for the output itself) as
   * the commit's last look at them saw them, once it had removed what this build did not write. The record
   * of the output (cache/unchanged-build.ts) takes them rather than list every folder again (150 × 3: ~600).
   */
  committedFolders(): ReadonlyMap<string, readonly Dirent[]> {
    if (!this.records) throw new Error('FolderOutput: folders asked for before commit');
    return this.folders;
  }

  async commit(): Promise<void> {
    await this.flush();
    await this.endWriter();
    if (this.deferred) {
      if (this.deferred.size >= this.written.size - this.deferred.size) return this.commitInPlace(this.deferred);
      this.linkDeferred(this.deferred);
    }
    removeStale(this.tmp, '', this.written, this.folders);
    this.records = this.recordsIn(this.tmp);
    // The output being replaced becomes the folder the next build rewrites.
    rmSync(this.spare, { recursive: true, force: true });
    if (existsSync(this.outDir)) renameSync(this.outDir, this.spare);
    renameSync(this.tmp, this.outDir);
  }

  /**
   * Moves each file this build wrote into the output, over the file it replaces, then removes the output's
   * files this build neither wrote nor kept. The output changes file by file rather than in one swap (a
   * reader may meet the new page before its new route chunk for that moment); a build killed halfway leaves
   * files whose state no record has, which the next build writes again.
   */
  private commitInPlace(kept: Set<string>): void {
    for (const rel of this.written) {
      if (kept.has(rel)) continue;
      const to = join(this.outDir, rel);
      makeFolderFor(this.outDir, rel);
      try {
        renameSync(join(this.tmp, rel), to);
      } catch (err) {
        // A folder of the last output where this build has a file.
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EISDIR' && code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') throw err;
        rmSync(to, { recursive: true, force: true });
        renameSync(join(this.tmp, rel), to);
      }
    }
    removeStale(this.outDir, '', this.written, this.folders);
    this.records = this.recordsIn(this.outDir);
    rmSync(this.tmp, { recursive: true, force: true });
  }

  /** The records of this output's files: those kept, and those written with a key as they are in `root`. */
  private recordsIn(root: string): Map<string, FileRecord> {
    const records = new Map(this.kept);
    for (const [rel, key] of this.keyed) {
      const state = fileState(join(root, rel));
      if (state) records.set(rel, { key, ...state });
    }
    return records;
  }

  /** The kept files linked (or else copied) into this folder after all: it is swapped in whole. */
  private linkDeferred(kept: Set<string>): void {
    for (const rel of kept) {
      const there = join(this.outDir, rel);
      const here = join(this.tmp, rel);
      const recorded = this.kept.get(rel)!;
      const unchanged = fileState(there)?.stat === recorded.stat;
      this.prepare(rel);
      try {
        linkSync(there, here);
      } catch {
        copyFileSync(there, here); // (A file system without hard links.)
      }
      // A link changes the file's change time; a file changed since it was kept must not match next time.
      const now = fileState(here);
      if (!now) throw new Error(`Could not keep ${rel} in the new output.`);
      this.kept.set(rel, { ...recorded, stat: unchanged ? now.stat : 'changed during the build' });
    }
  }

  async abort(): Promise<void> {
    await this.flush().catch(() => undefined);
    await this.endWriter();
    // Half new, half stale: kept for the next build to rewrite, unless another build kept one meanwhile.
    if (!existsSync(this.spare)) renameSync(this.tmp, this.spare);
    else rmSync(this.tmp, { recursive: true, force: true });
  }
}

/**
 * The writer thread: writes each file it is sent, in order, making its folder when it is missing; a folder
 * of an older build where a file must go, or a file where a folder must go, is removed first. `flush`
 * answers once everything sent before it is written, with the first failure.
 */
const MAX_IN_FLIGHT_KB = 4 * 1024;

/** workerData's key for the port through which a build thread asks its main thread to write (`hostWriters`). */
const WRITER_HOST = 'cheatsheetWriterHost';

/** How many files an output writes on its own thread before it starts a writer thread (see `here`). */
const WRITTEN_HERE_FIRST = 32;

/** On a build thread whose main thread hosts writers: the port to ask it through. */
function hostPort(): MessagePort | undefined {
  const host = (workerData as Record<string, unknown> | null)?.[WRITER_HOST];
  return host instanceof MessagePort ? host : undefined;
}

/** A writer on a thread of its own, or, on a build thread whose main thread hosts writers, a port to one there. */
function startWriter(setup: WriterSetup): Worker | MessagePort {
  const host = hostPort();
  if (!host) return new Worker(WRITER_THREAD_START + WRITER, { eval: true, workerData: setup });
  const { port1, port2 } = new MessageChannel();
  host.postMessage({ ...setup, port: port2 }, [port2]);
  return port1;
}

/**
 * Lets the thread started with `workerData` (a build thread) have its output written on this thread, which
 * waits for it meanwhile. The same writer code runs here as on a writer thread. Ends with the thread.
 */
export function hostWriters(): { workerData: Record<string, MessagePort>; transferList: MessagePort[]; close: () => void; readonly started: number } {
  const { port1, port2 } = new MessageChannel();
  let started = 0;
  port1.on('message', ({ port, ...setup }: WriterSetup & { port: MessagePort }) => {
    started++;
    runWriter(port, setup);
  });
  return {
    workerData: { [WRITER_HOST]: port2 },
    transferList: [port2],
    close: () => port1.close(),
    /** Writers started here (one per output folder the thread wrote). */
    get started() {
      return started;
    },
  };
}

/** The writer's code run on this thread, for a port or for `writerHere`'s stand-in of one. */
function runWriter(port: Pick<MessagePort, 'on' | 'postMessage'>, { progress, root, fresh }: WriterSetup): void {
  const run = new Function('parentPort', 'progress', 'root', 'fresh', 'require', WRITER) as (p: typeof port, progress: Int32Array, root: string, fresh: boolean, req: NodeJS.Require) => void;
  run(port, progress, root, fresh, createRequire(import.meta.url));
}

interface WriterHere {
  /** Writes the file now (its folder made, a folder in its way removed), as the writer thread would. */
  post(message: object): void;
  /** The first failure since the last flush, and the bytes of the strings it was sent meanwhile. */
  flush(): { error?: string; bytes: number };
}

/** The writer's code, called directly on this thread: each file written when it is posted. */
function writerHere(setup: WriterSetup): WriterHere {
  let handle: (m: object) => void = () => undefined;
  let reply: { error?: string; bytes: number } = { bytes: 0 };
  const port = {
    on: (_event: string, listener: (m: object) => void) => {
      handle = listener;
      return port;
    },
    postMessage: (m: { error?: string; bytes: number }) => {
      reply = m;
    },
  } as unknown as Pick<MessagePort, 'on' | 'postMessage'>;
  runWriter(port, setup);
  return {
    post: (m) => handle(m),
    flush: () => {
      handle({ flush: 0 });
      return reply;
    },
  };
}

/**
 * What a writer is started with: the counter of KB written (FolderOutput's backpressure), the output folder it
 * writes into, and whether that folder was made new for this build (`fresh`: see the writer's `write`).
 */
interface WriterSetup {
  progress: Int32Array;
  root: string;
  fresh: boolean;
}

const WRITER_THREAD_START = `const { parentPort, workerData: { progress, root, fresh } } = require('node:worker_threads');`;

// The writer's code, with parentPort, progress, root, fresh and require in scope (a thread's or the host's).
const WRITER = `
const { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } = require('node:fs');
const { dirname, join, relative, sep } = require('node:path');
let error;
// The UTF-8 bytes of the strings sent since the last flush (FolderOutput.bytes).
let bytes = 0;
parentPort.on('message', (m) => {
  if (m.flush !== undefined) {
    closeAside();
    parentPort.postMessage({ flushed: m.flush, error, bytes });
    error = undefined;
    bytes = 0;
    return;
  }
  try {
    if (m.aside) writeAside(m);
    else if (!error) write(m);
  } finally {
    Atomics.add(progress, 0, m.kb);
    Atomics.notify(progress, 0);
  }
});
// The reused folder often holds the very same file (a warm build, with nothing changed since the output
// before last): leaving it is cheaper than writing it again, and the result is the same bytes. A file the
// output shares (kept by an earlier build: two names, one file) is replaced, never written in place.
// Whether the last file unchanged() looked at was missing: in a cold build every file is, and its folder often.
let missing = false;
// In a fresh folder: the folders this writer made (or found made).
const madeFolders = new Set();
function unchanged(file, data) {
  let stat;
  missing = false;
  try {
    // Not thrown when missing: an error with its stack trace cost ~13 µs a file, every file of a cold build.
    stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) {
      missing = true;
      return false;
    }
    if (stat.size === data.byteLength && readFileSync(file).equals(data)) return true;
  } catch {
    return false;
  }
  if (stat.nlink > 1 && stat.isFile()) rmSync(file, { force: true });
  return false;
}
function write(m) {
  try {
    let data = m.content;
    if (typeof data === 'string') {
      data = utf8(data);
      bytes += data.byteLength;
    }
    if (fresh) {
      // A folder made new for this build (every cold build's) holds only what this build wrote: nothing to
      // compare with, no second name to keep apart, and a folder is missing until this writer made it. No stat
      // and no look for the folder per file: 150 × 3 corpus, ~2,400 system calls fewer.
      const dir = dirname(m.file);
      if (!madeFolders.has(dir)) {
        makeFolder(dir);
        madeFolders.add(dir);
      }
    } else {
      if (unchanged(m.file, data)) return;
      // A missing file's folder is made first when it is missing too (a stat that throws nothing), rather than
      // after a write that fails: a cold build's first file in each folder threw twice (~15 µs a folder).
      if (missing && !existsSync(dirname(m.file))) makeFolder(dirname(m.file));
    }
    try {
      writeFileSync(m.file, data);
    } catch (err) {
      if (err.code === 'EISDIR') rmSync(m.file, { recursive: true, force: true });
      else if (err.code === 'ENOENT' || err.code === 'ENOTDIR') makeFolder(dirname(m.file));
      else throw err;
      writeFileSync(m.file, data);
    }
  } catch (err) {
    error = 'Could not write ' + m.file + ': ' + err.message;
  }
}
// Buffer.from(text) goes over the text twice, its UTF-8 length first; a page's HTML (two-byte when it holds one
// character beyond Latin-1) is encoded in one pass into room for the longest it can be (3 bytes a UTF-16 unit).
const ONE_PASS_MAX = 1 << 20;
function utf8(text) {
  if (text.length > ONE_PASS_MAX) return Buffer.from(text);
  const room = Buffer.allocUnsafe(text.length * 3);
  return room.subarray(0, room.write(text));
}
// A file outside the output (a build cache entry): one that cannot be written is only missing. Each stays open
// until the next flush: the build cache's segments (cache/segments.ts) take hundreds of entries one after the
// other, and an open, a write and a close for each cost a cold 150 × 3 build ~1,400 opens.
const asideOpen = new Map();
function writeAside(m) {
  try {
    let fd = asideOpen.get(m.file);
    if (fd !== undefined && !m.append) {
      asideOpen.delete(m.file);
      closeSync(fd);
      fd = undefined;
    }
    if (fd === undefined) {
      fd = openSync(m.file, m.append ? 'a' : 'w');
      asideOpen.set(m.file, fd);
    }
    const data = m.content;
    for (let done = 0; done < data.byteLength; ) done += writeSync(fd, data, done, data.byteLength - done);
  } catch {}
}
function closeAside() {
  for (const fd of asideOpen.values()) {
    try {
      closeSync(fd);
    } catch {}
  }
  asideOpen.clear();
}
// A file of an older build where this build needs a folder is removed (walking down from the root).
function makeFolder(dir) {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    if (err.code !== 'EEXIST' && err.code !== 'ENOTDIR') throw err;
    let at = root;
    for (const part of relative(root, dir).split(sep).filter(Boolean)) {
      at = join(at, part);
      if (existsSync(at) && !statSync(at).isDirectory()) {
        rmSync(at, { force: true });
        break;
      }
    }
    mkdirSync(dir, { recursive: true });
  }
}
`;

/** The identity and state of a regular file (undefined for anything else): see FileRecord. */
function fileState(file: string): { stat: string; size: number } | undefined {
  const s = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  return s && stateOf(s);
}

function stateOf(s: BigIntStats): { stat: string; size: number } | undefined {
  return s.isFile() ? { stat: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, size: Number(s.size) } : undefined;
}

/** A file with a second name elsewhere (the output's) is removed before it is written, so the other stays. */
function unshare(file: string): void {
  const s = lstatSync(file, { throwIfNoEntry: false });
  if (s && s.nlink > 1 && s.isFile()) rmSync(file, { force: true });
}

/** Folders of builds that were killed before they could clean up (and the older `.old-` folders). */
function leftovers(parent: string, name: string): string[] {
  return readdirSync(parent)
    .filter((e) => e.startsWith(`.${name}.tmp-`) || e.startsWith(`.${name}.old-`))
    .map((e) => join(parent, e));
}

/** Renames the first existing candidate to `target` (another build may take one first); removes the rest. */
function claim(candidates: string[], target: string): boolean {
  let claimed = false;
  for (const c of candidates) {
    if (!existsSync(c)) continue;
    if (claimed) {
      rmSync(c, { recursive: true, force: true });
      continue;
    }
    try {
      renameSync(c, target);
      claimed = true;
    } catch {
      // Taken by a build running at the same time.
    }
  }
  return claimed;
}

/** A write failed on a folder of an older build where this build has a file: removes it (then retry). */
function removedFolderInTheWay(err: unknown, file: string): boolean {
  if ((err as NodeJS.ErrnoException).code !== 'EISDIR') return false;
  rmSync(file, { recursive: true, force: true });
  return true;
}

/** Makes the folder of `rel` below `root`, removing a file that stands where one of its folders is needed. */
function makeFolderFor(root: string, rel: string): void {
  const dir = dirname(join(root, rel));
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
    removeFilesInPath(root, dirname(rel));
    mkdirSync(dir, { recursive: true });
  }
}

/** Removes whatever file stands where a folder of `relDir` is needed (walking down from the root). */
function removeFilesInPath(root: string, relDir: string): void {
  let at = root;
  for (const part of relDir.split(/[\\/]/).filter(Boolean)) {
    at = join(at, part);
    if (existsSync(at) && !statSync(at).isDirectory()) {
      rmSync(at, { force: true });
      return;
    }
  }
}

/**
 * Deletes the files (and then empty folders) of a reused folder that this build did not write; `left` is
 * told what each folder kept holds once they are gone, by path below `root` ('' for itself).
 */
function removeStale(root: string, rel: string, written: Set<string>, left: Map<string, Dirent[]>): boolean {
  const kept: Dirent[] = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (removeStale(root, child, written, left)) rmSync(join(root, child), { recursive: true, force: true });
      else kept.push(e);
    } else if (!written.has(child)) rmSync(join(root, child), { force: true });
    else kept.push(e);
  }
  if (kept.length > 0 || rel === '') left.set(rel, kept);
  else left.delete(rel);
  return kept.length === 0;
}

/**
 * Every file of a static folder (dotfiles too: `.nojekyll` is published), checked like the content: no
 * link out of the project, nothing but regular files. A site without its own static/ uses the package's, so
 * the project is the folder that holds the static folder.
 */
export function staticFiles(dir: string, strict = true): TreeFile[] {
  if (!existsSync(dir)) return [];
  const { files, errors } = walkSourceTree({ dir, shown: 'static', boundary: dirname(dir), include: () => true });
  if (strict && errors.length === 1) throw errors[0];
  if (strict && errors.length > 1) throw new AggregateUserError(errors);
  return files;
}

/**
 * Lists every file of a static folder as public paths (for the link checker). Not `strict`: only the files
 * that pass, for the dev server, which never serves the others and leaves reporting them to `build`.
 */
export function listStatic(dir: string, baseUrl: string, strict = true): string[] {
  return staticFiles(dir, strict).map((f) => baseUrl + f.rel);
}
