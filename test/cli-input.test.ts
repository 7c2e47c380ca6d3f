// Command-line and config values that used to be taken as they came: `--threads 0`, `-1`, `abc`; a
// baseUrl with dot segments; and `serve --no-watch` answering a file rewritten while it is served with
// the length of another version of it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServe } from './helpers/dev-server.ts';
import { makeSite, minimalContent, runCli } from './helpers/fixture-site.ts';
import { expectUserError, snapshot } from './helpers/user-error.ts';

describe('build --threads', () => {
  it('refuses anything but a whole number from 1 to 64, before touching the output', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root, '--threads', '1']).status).toBe(0);
    const before = snapshot(join(root, 'build'));
    for (const bad of ['0', '-1', 'abc', '1.5', '65', '']) {
      expectUserError(runCli(['build', '--root', root, `--threads=${bad}`]), `Invalid --threads "${bad}": give a whole number from 1 to 64.`);
    }
    expect(snapshot(join(root, 'build'))).toEqual(before);
    expect(runCli(['build', '--root', root, '--threads', '64']).status).toBe(0);
  });
});

describe('baseUrl', () => {
  it('refuses dot segments and other paths that are not a plain base path', () => {
    for (const [baseUrl, message] of [
      ['/../../', '"." or ".." segments'],
      ['/docs/./', '"." or ".." segments'],
      ['/%2e%2e/', '"." or ".." segments'],
      ['//evil.example/', 'must not contain "//"'],
      ['/a?b/', 'must not contain'],
    ]) {
      const root = makeSite(minimalContent, { config: { baseUrl } });
      const r = runCli(['build', '--root', root]);
      expectUserError(r, 'Invalid site configuration in', 'baseUrl', message!);
    }
  });
});

/** GET with the raw byte count: fetch would hide a body that disagrees with its content-length. */
function getBytes(origin: string, path: string): Promise<{ length: number; received: number } | { error: string }> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, agent: false }, (res) => {
      let received = 0;
      res.on('data', (d: Buffer) => (received += d.length));
      res.on('end', () => resolve({ length: Number(res.headers['content-length']), received }));
      res.on('error', (e) => resolve({ error: e.message }));
      res.on('aborted', () => resolve({ error: 'aborted' }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    req.end();
  });
}

describe('serve --no-watch', () => {
  it('sends exactly the bytes it read of a file rewritten while it is served', { timeout: 120_000 }, async () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const file = join(root, 'build', 'img', 'churn.txt');
    writeFileSync(file, 'x');
    // Another process rewrites the file between a short and a long version as fast as it can.
    const writer = spawn(process.execPath, ['-e', `const fs = require('fs'); const v = ['a'.repeat(10), 'b'.repeat(300000)]; for (let i = 0; ; i++) fs.writeFileSync(${JSON.stringify(file)}, v[i % 2]);`], { stdio: 'ignore' });
    const served = await startServe(['--root', root, '--port', '0', '--no-watch']);
    try {
      const bad: string[] = [];
      for (let i = 0; i < 300; i++) {
        const r = await getBytes(served.origin, '/aws-cheatsheet/img/churn.txt');
        if ('error' in r) bad.push(r.error);
        else if (r.received !== r.length) bad.push(`content-length ${r.length}, received ${r.received}`);
      }
      expect(bad).toEqual([]);
    } finally {
      writer.kill('SIGKILL');
      await served.stop();
    }
  });
});
