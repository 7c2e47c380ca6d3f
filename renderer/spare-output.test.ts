import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prelinkSpare, spareFolder } from './spare-output.ts';
import { FolderOutput, type FileRecord } from './write.ts';

const FILES: Record<string, string> = { 'index.html': 'home', 'docs/a/index.html': 'a', 'docs/b/index.html': 'b', 'es/docs/a/index.html': 'a-es', 'assets/main.js': 'js' };

/** An output committed once, with each file's record, and no spare folder (as after a cold build). */
async function committedOutput(): Promise<{ out: string; records: Map<string, FileRecord> }> {
  const out = join(mkdtempSync(join(tmpdir(), 'cheatsheet-spare-')), 'build');
  const first = new FolderOutput(out);
  for (const [rel, text] of Object.entries(FILES)) first.write(rel, text, `key:${rel}`);
  await first.commit();
  expect(existsSync(spareFolder(out))).toBe(false);
  return { out, records: first.committed() };
}

describe('the spare folder made ahead of a warm build', () => {
  it('links every recorded file, and the next output keeps them all without linking or writing one', async () => {
    const { out, records } = await committedOutput();
    const inodes = Object.keys(FILES).map((rel) => statSync(join(out, rel)).ino);
    const linked = await prelinkSpare(out, records, 2);
    expect([...linked!.keys()].sort()).toEqual(Object.keys(FILES).sort());
    for (const rel of Object.keys(FILES)) expect(readFileSync(join(spareFolder(out), rel), 'utf8')).toBe(FILES[rel]);

    const next = new FolderOutput(out, records, linked);
    for (const rel of Object.keys(FILES)) expect(next.keep(rel, `key:${rel}`)).toBe(true);
    await next.commit();
    // The same files (no copy), and what the next build records is their state now.
    expect(Object.keys(FILES).map((rel) => statSync(join(out, rel)).ino)).toEqual(inodes);
    for (const [rel, record] of next.committed()) expect(record.stat).toBe(linked!.get(rel));
  });

  it('is needed: the links changed the files, so without what the thread saw they are made again', async () => {
    const { out, records } = await committedOutput();
    await prelinkSpare(out, records, 2);
    const next = new FolderOutput(out, records);
    expect(next.keep('docs/a/index.html', 'key:docs/a/index.html')).toBe(false);
    await next.abort();
  });

  it('leaves out a file changed since it was recorded, and a file it then sees changed is not kept', async () => {
    const { out, records } = await committedOutput();
    writeFileSync(join(out, 'docs/b/index.html'), 'edited by hand');
    const linked = await prelinkSpare(out, records, 2);
    expect(linked!.has('docs/b/index.html')).toBe(false);
    expect(linked!.has('docs/a/index.html')).toBe(true);
    // Changed after it was linked (one file, two names): its state is no longer the one linked.
    writeFileSync(join(out, 'docs/a/index.html'), 'edited later');
    const next = new FolderOutput(out, records, linked);
    expect(next.keep('docs/b/index.html', 'key:docs/b/index.html')).toBe(false);
    expect(next.keep('docs/a/index.html', 'key:docs/a/index.html')).toBe(false);
    expect(next.keep('index.html', 'key:index.html')).toBe(true);
    await next.abort();
  });

  it('does nothing with a spare folder already there, on one core, or without records', async () => {
    const { out, records } = await committedOutput();
    expect(prelinkSpare(out, records, 1)).toBeUndefined();
    expect(prelinkSpare(out, new Map(), 2)).toBeUndefined();
    expect(prelinkSpare(join(out, 'missing'), records, 2)).toBeUndefined();
    mkdirSync(spareFolder(out));
    expect(prelinkSpare(out, records, 2)).toBeUndefined();
  });
});
