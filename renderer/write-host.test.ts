// On a build thread (cli/build-thread.ts) the output is written by the main thread, which hosts the writer:
// the same writer code, reached through a port instead of a thread of the build's own.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { hostWriters } from './write.ts';

/** Runs `FolderOutput` on a thread started as a build thread is, this thread hosting its writers. */
async function onBuildThread(scenario: string, data: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-write-host-'));
  writeFileSync(join(dir, 'scenario.ts'), `import { parentPort, workerData } from 'node:worker_threads';\nimport { join } from 'node:path';\nimport { FolderOutput } from ${JSON.stringify(resolve('renderer/write.ts'))};\n${scenario}`);
  await build({ entryPoints: [join(dir, 'scenario.ts')], bundle: true, platform: 'node', format: 'esm', outfile: join(dir, 'scenario.mjs'), logLevel: 'silent' });
  const host = hostWriters();
  const worker = new Worker(join(dir, 'scenario.mjs'), { workerData: { ...host.workerData, ...data }, transferList: host.transferList });
  const reply = new Promise<unknown>((res, rej) => {
    worker.once('message', res);
    worker.once('error', rej);
  });
  // Listened for before the reply is awaited: a thread that posts and ends at once has its last message
  // delivered and its 'exit' emitted in one go (Node drains the port on exit), and a listener added after
  // the reply would wait for an 'exit' already gone — the test hung that way on a loaded machine.
  const exited = new Promise((res) => worker.once('exit', res));
  const result = await reply;
  await exited;
  host.close();
  return { result, started: host.started };
}

describe('output written by the main thread for a build thread', () => {
  it('writes every file, waits when too much is in flight, writes aside, and names a file it could not write', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const failing = join(parent, 'failing');
    mkdirSync(join(parent, 'cache'));
    const { result, started } = await onBuildThread(
      `const { out, failing, aside } = workerData;
const page = 'x'.repeat(512 * 1024);
const w = new FolderOutput(out);
for (let i = 0; i < 20; i++) w.write('pages/' + i + '.html', i + ':' + page);
w.writeAside(join(aside, 'entry'), new Uint8Array([1, 2, 3]));
await w.commit();
const bad = new FolderOutput(failing);
bad.write('x'.repeat(300) + '.html', 'a name longer than the file system takes');
let failure;
try { await bad.commit(); } catch (err) { failure = err.message; }
await bad.abort();
parentPort.postMessage({ failure });`,
      { out, failing, aside: join(parent, 'cache') },
    );
    expect(started, 'both outputs were written by this thread').toBe(2);
    expect(readdirSync(join(out, 'pages'))).toHaveLength(20);
    expect(readFileSync(join(out, 'pages', '19.html'), 'utf8')).toBe(`19:${'x'.repeat(512 * 1024)}`);
    expect([...readFileSync(join(parent, 'cache', 'entry'))]).toEqual([1, 2, 3]);
    expect((result as { failure?: string }).failure).toMatch(/Could not write .*xxxxxxxx\.html: .*(ENAMETOOLONG|name too long)/);
    expect(existsSync(failing)).toBe(false);
  });
});
