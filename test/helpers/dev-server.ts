// Helpers for the `serve`, `new-page` and `check` tests: a temporary copy of the real site (so tests can
// edit it), the real CLI started as a child process, its SSE stream, and raw HTTP requests (fetch would
// normalise the `..` segments a traversal test must send as they are).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './fixture-site.ts';

/** content/ and site.config.ts of the real site in a temporary folder (never the real content/). */
export function copySite(): string {
  const root = mkdtempSync(join(tmpdir(), 'cheatsheet-site-'));
  cpSync(join(REPO, 'content'), join(root, 'content'), { recursive: true });
  const config = readFileSync(join(REPO, 'site.config.ts'), 'utf8').replace(/from '\.\/renderer\//g, `from '${REPO}/renderer/`);
  writeFileSync(join(root, 'site.config.ts'), config);
  return root;
}

export interface Served {
  origin: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `cheatsheet serve` and resolves once it prints where it serves. */
export function startServe(args: string[], timeoutMs = 90_000): Promise<Served> {
  const child = spawn(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'serve', ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  // A test worker that dies must not leave a server (and its watcher) running.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`serve did not start in time:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /Serving (?:\S+\/ at )?(http:\/\/[\d.]+:\d+)\//.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({ origin: m[1]!, child, output: () => out, stop });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${out}`));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with the path sent exactly as given. */
export function rawGet(origin: string, path: string): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  events: SseEvent[];
  /** Resolves with the first event (seen from `from` on) that matches. */
  waitFor: (match: (e: SseEvent) => boolean, from?: number, timeoutMs?: number) => Promise<SseEvent>;
  close: () => void;
}

/** Listens to the dev server's event stream; `log` (the server's output) is quoted when a wait fails. */
export function listen(origin: string, log?: () => string): Promise<EventStream> {
  const url = new URL('/__cheatsheet/events', origin);
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<() => void>();
    const req = request({ host: url.hostname, port: url.port, path: url.pathname }, (res) => {
      let buffer = '';
      res.on('data', (d: Buffer) => {
        buffer += d.toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          for (const w of waiters) w();
        }
      });
      resolve({
        events,
        waitFor: (match, from = 0, timeoutMs = 20_000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = events.slice(from).find(match);
              if (!found) return;
              waiters.delete(check);
              clearTimeout(timer);
              ok(found);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              const tail = log ? `\nserver output (end):\n${log().slice(-3000)}` : '';
              fail(new Error(`no matching event; got: ${JSON.stringify(events.slice(from)).slice(0, 2000)}${tail}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
