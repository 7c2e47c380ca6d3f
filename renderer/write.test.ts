import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderOutput, MemoryOutput } from './write.ts';

describe('output writers', () => {
  it('swaps a complete new folder in on commit, and leaves the old one on abort', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    mkdirSync(out);
    writeFileSync(join(out, 'old.html'), 'old');

    const failed = new FolderOutput(out);
    failed.write('docs/a.html', 'new');
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('old');
    await failed.abort();
    expect(readdirSync(parent)).toEqual(['build']);
    expect(readdirSync(out)).toEqual(['old.html']);

    const ok = new FolderOutput(out);
    ok.write('docs/a.html', 'new');
    await ok.flush();
    expect(ok.read('docs/a.html')).toBe('new');
    await ok.commit();
    expect(readFileSync(join(out, 'docs', 'a.html'), 'utf8')).toBe('new');
    expect(existsSync(join(out, 'old.html'))).toBe(false);
    expect(readdirSync(parent)).toEqual(['build']);
  });

  it('cleans up folders left by an interrupted build', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    mkdirSync(join(parent, '.build.tmp-123-456'));
    const writer = new FolderOutput(join(parent, 'build'));
    await writer.commit();
    expect(readdirSync(parent)).toEqual(['build']);
  });

  it('keeps a build in memory with its size', () => {
    const mem = new MemoryOutput();
    mem.write('a.html', 'héllo');
    mem.write('a.html', 'hello');
    expect(mem.count).toBe(1);
    expect(mem.bytes).toBe(5);
    expect(mem.read('a.html')).toBe('hello');
  });
});
