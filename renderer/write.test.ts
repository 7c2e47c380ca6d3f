import fs, { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FolderOutput, MemoryOutput, type FileRecord } from './write.ts';

describe('output writers', () => {
  it('swaps a complete new folder in on commit, and leaves the output as it was on abort', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    mkdirSync(out);
    writeFileSync(join(out, 'old.html'), 'old');

    const failed = new FolderOutput(out);
    failed.write('docs/a.html', 'new');
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('old');
    await failed.abort();
    expect(readdirSync(out)).toEqual(['old.html']);

    const ok = new FolderOutput(out);
    ok.write('docs/a.html', 'new');
    await ok.flush();
    expect(ok.read('docs/a.html')).toBe('new');
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('old');
    await ok.commit();
    expect(readFileSync(join(out, 'docs', 'a.html'), 'utf8')).toBe('new');
    expect(existsSync(join(out, 'old.html'))).toBe(false);
    // The replaced output is kept beside it, for the next build to rewrite.
    expect(readdirSync(parent).sort()).toEqual(['.build.previous', 'build']);
  });

  it('rewrites the files of the output before last instead of creating new ones, and drops the stale ones', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const build = async (files: Record<string, string>, statics?: string) => {
      const w = new FolderOutput(out);
      for (const [rel, text] of Object.entries(files)) w.write(rel, text);
      if (statics) w.copyStatic([statics]);
      await w.commit();
    };
    const statics = mkdtempSync(join(tmpdir(), 'cheatsheet-static-'));
    mkdirSync(join(statics, 'img'));
    writeFileSync(join(statics, 'img', 'logo.svg'), '<svg/>');

    await build({ 'index.html': 'one', 'docs/a.html': 'a1', 'assets/main.111.js': 'js1', 'gone/x.html': 'x' }, statics);
    const inode = statSync(join(out, 'docs', 'a.html')).ino;
    await build({ 'index.html': 'two', 'docs/a.html': 'a2', 'assets/main.222.js': 'js2' }, statics);
    // A third build writes into the first one's folder: same file, same inode, new content.
    await build({ 'index.html': 'three', 'docs/a.html': 'a3', 'assets/main.333.js': 'js3', 'docs/b.html': 'b' }, statics);

    expect(statSync(join(out, 'docs', 'a.html')).ino).toBe(inode);
    expect(readFileSync(join(out, 'docs', 'a.html'), 'utf8')).toBe('a3');
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(out.length + 1)).sort();
    expect(files).toEqual(['.cheatsheet-build', 'assets/main.333.js', 'docs/a.html', 'docs/b.html', 'img/logo.svg', 'index.html']);
    expect(readdirSync(parent).sort()).toEqual(['.build.previous', 'build']);
  });

  it('copes with a file where a folder is now needed, and the other way round', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const build = async (files: Record<string, string>) => {
      const w = new FolderOutput(out);
      for (const [rel, text] of Object.entries(files)) w.write(rel, text);
      await w.commit();
    };
    await build({ docs: 'a file named docs', 'page/index.html': 'a folder named page' });
    await build({ 'other.html': 'x' });
    await build({ 'docs/a.html': 'a', page: 'now a file' });
    expect(readFileSync(join(out, 'docs', 'a.html'), 'utf8')).toBe('a');
    expect(readFileSync(join(out, 'page'), 'utf8')).toBe('now a file');
  });

  it('fails the commit when a file cannot be written, naming it, and keeps the previous output', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    mkdirSync(out);
    writeFileSync(join(out, 'old.html'), 'old');
    const w = new FolderOutput(out);
    w.write('ok.html', 'fine');
    w.write(`${'x'.repeat(300)}.html`, 'a name longer than the file system takes');
    await expect(w.commit()).rejects.toThrow(/Could not write .*xxxxxxxx\.html: .*(ENAMETOOLONG|name too long)/);
    await w.abort();
    expect(readdirSync(out)).toEqual(['old.html']);
  });

  it('writes more than the writer may hold in flight (the main thread waits for it, nothing is lost)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const w = new FolderOutput(out);
    const page = 'x'.repeat(512 * 1024);
    for (let i = 0; i < 40; i++) w.write(`pages/${i}.html`, `${i}:${page}`);
    await w.commit();
    expect(readdirSync(join(out, 'pages'))).toHaveLength(40);
    for (const i of [0, 17, 39]) expect(readFileSync(join(out, 'pages', `${i}.html`), 'utf8')).toBe(`${i}:${page}`);
    expect(w.bytes).toBe(40 * (page.length + 3) - 10);
  });

  it('counts the UTF-8 bytes of pages where they are encoded (this thread, then its writer), not measured first', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const w = new FolderOutput(out);
    // Two-byte HTML (an em dash), a character beyond the BMP, a Latin-1 one; bytes besides: 40 files, so the
    // first are written on this thread and the rest by the writer thread.
    // A lone surrogate too, which UTF-8 replaces (3 bytes): the writer's one-pass encoding must agree.
    const pages = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `<p>${i} — é</p>` : i % 3 === 1 ? `<p>${i} 𝄞 \ud800</p>` : `<p>${i} ç</p>`));
    const byteLength = vi.spyOn(Buffer, 'byteLength');
    try {
      pages.forEach((page, i) => w.write(`pages/${i}.html`, page));
      w.write('data.bin', new Uint8Array([1, 2, 3]));
      expect(byteLength).not.toHaveBeenCalled();
    } finally {
      byteLength.mockRestore();
    }
    await w.commit();
    expect(w.writerStarted).toBe(true);
    for (const i of [0, 1, 2, 39]) expect(readFileSync(join(out, 'pages', `${i}.html`)).equals(Buffer.from(pages[i]!))).toBe(true);
    expect(w.bytes).toBe(pages.reduce((sum, page) => sum + Buffer.byteLength(page), 3));
    expect(w.count).toBe(41);
  });

  it('writes a handful of files on this thread, and starts its writer thread only for more, in order', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    mkdirSync(join(parent, 'cache'));
    const w = new FolderOutput(out);
    // A one-page warm build: the page, its chunk, the manifest, a search file, a cache entry.
    for (const rel of ['docs/a/index.html', 'assets/chunk.js', 'assets/routes/en.json', 'assets/search/index.en.json']) w.write(rel, `first ${rel}`);
    w.writeAside(join(parent, 'cache', 'page'), new Uint8Array([1, 2]));
    await w.flush();
    expect(w.writerStarted, 'no thread for five files').toBe(false);
    expect(w.read('docs/a/index.html')).toBe('first docs/a/index.html');
    expect([...readFileSync(join(parent, 'cache', 'page'))]).toEqual([1, 2]);

    for (let i = 0; i < 40; i++) w.write(`pages/${i}.html`, `page ${i}`);
    // Written here first, then again by the thread: the later bytes win.
    w.write('docs/a/index.html', 'second');
    expect(w.writerStarted, 'a thread once many files are to be written').toBe(true);
    await w.commit();
    expect(readdirSync(join(out, 'pages'))).toHaveLength(40);
    expect(readFileSync(join(out, 'pages', '39.html'), 'utf8')).toBe('page 39');
    expect(readFileSync(join(out, 'docs', 'a', 'index.html'), 'utf8')).toBe('second');
    expect(readFileSync(join(out, 'assets', 'search', 'index.en.json'), 'utf8')).toBe('first assets/search/index.en.json');
  });

  it('in a folder made new for the build, writes each file without looking for it or its folder first', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const looks = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([file]) => String(file).includes('.build.')).length;
    const build = async () => {
      const stat = vi.spyOn(fs, 'statSync');
      const exists = vi.spyOn(fs, 'existsSync');
      const w = new FolderOutput(out);
      for (const rel of ['docs/a/index.html', 'docs/b/index.html', 'docs/a/more.html', 'index.html']) w.write(rel, `page ${rel}`);
      await w.commit();
      const counts = { stat: looks(stat), exists: looks(exists) };
      stat.mockRestore();
      exists.mockRestore();
      return counts;
    };
    expect(await build(), 'cold: a new folder').toEqual({ stat: 0, exists: 0 });
    await build();
    // The third build rewrites the first one's folder: each file is compared with what is there.
    expect((await build()).stat).toBeGreaterThanOrEqual(4);
    expect(readFileSync(join(out, 'docs', 'a', 'more.html'), 'utf8')).toBe('page docs/a/more.html');
    expect(readdirSync(join(out, 'docs')).sort()).toEqual(['a', 'b']);
  });

  it('reports the first file it could not write, whether this thread or the writer thread tried', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const tooLong = (name: string) => `${name}${'x'.repeat(300)}.html`;
    const onThread = new FolderOutput(join(parent, 'a'));
    for (let i = 0; i < 40; i++) onThread.write(`pages/${i}.html`, 'fine');
    onThread.write(tooLong('late'), 'too long a name');
    expect(onThread.writerStarted).toBe(true);
    await expect(onThread.commit()).rejects.toThrow(/Could not write .*latexxxx.*\.html: .*(ENAMETOOLONG|name too long)/);
    await onThread.abort();

    const here = new FolderOutput(join(parent, 'b'));
    here.write(tooLong('early'), 'too long a name');
    for (let i = 0; i < 40; i++) here.write(`pages/${i}.html`, 'fine');
    here.write(tooLong('late'), 'too long a name');
    await expect(here.commit()).rejects.toThrow(/Could not write .*earlyxxxx.*\.html/);
    await here.abort();
  });

  it('writes files aside (the build cache) on its thread by the time of flush, and a failed one is no failure of the build', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const aside = join(parent, 'cache');
    mkdirSync(aside);
    const w = new FolderOutput(join(parent, 'build'));
    w.write('index.html', 'page');
    w.writeAside(join(aside, 'entry'), new Uint8Array([1, 2, 3]));
    // Its folder is not made for it: this one is lost, quietly.
    w.writeAside(join(parent, 'missing', 'entry'), new Uint8Array([4]));
    await w.flush();
    expect([...readFileSync(join(aside, 'entry'))]).toEqual([1, 2, 3]);
    expect(existsSync(join(parent, 'missing'))).toBe(false);
    await w.commit();
    // Not part of the output, and after the commit written at once.
    expect(readdirSync(join(parent, 'build')).filter((f) => !f.startsWith('.'))).toEqual(['index.html']);
    w.writeAside(join(aside, 'late'), new Uint8Array([5]));
    expect([...readFileSync(join(aside, 'late'))]).toEqual([5]);
  });

  it('reuses a folder left by an interrupted build and removes the others', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    mkdirSync(join(parent, '.build.tmp-123-456'));
    writeFileSync(join(parent, '.build.tmp-123-456', 'half.html'), 'half');
    mkdirSync(join(parent, '.build.tmp-789-000'));
    const writer = new FolderOutput(join(parent, 'build'));
    writer.write('index.html', 'home');
    await writer.commit();
    expect(readdirSync(parent)).toEqual(['build']);
    expect(readdirSync(join(parent, 'build')).sort()).toEqual(['.cheatsheet-build', 'index.html']);
  });

  it('keeps a file the last build made from the same key (no byte written), and writes one that changed without touching the output being served', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const statics = mkdtempSync(join(tmpdir(), 'cheatsheet-static-'));
    writeFileSync(join(statics, 'robots.txt'), 'static');
    const ino = (rel: string) => statSync(join(out, rel)).ino;
    const text = (rel: string) => readFileSync(join(out, rel), 'utf8');
    let records: Map<string, FileRecord> | undefined;
    /** One build: `keep` first (as the render stage does), else write; `during` runs before the commit. */
    const build = async (files: Record<string, [string, string]>, during?: (w: FolderOutput) => Promise<void>) => {
      const w = new FolderOutput(out, records);
      const kept: string[] = [];
      for (const [rel, [content, key]] of Object.entries(files)) {
        if (w.keep(rel, key)) kept.push(rel);
        else w.write(rel, content, key);
      }
      w.copyStatic([statics]);
      await during?.(w);
      await w.commit();
      records = w.committed();
      return { kept, bytes: w.bytes, count: w.count };
    };

    expect((await build({ 'a.html': ['A', 'ka'], 'docs/b.html': ['B', 'kb'] })).kept).toEqual([]);
    // A build without records swaps a new folder in: the first output is then the folder the next one reuses
    // (with no folder to reuse, a build keeps files in place: the next test).
    records = undefined;
    expect((await build({ 'a.html': ['A', 'ka'], 'docs/b.html': ['B', 'kb'] })).kept).toEqual([]);
    const a = ino('a.html');
    // The reused folder holds the first build's files, not the output's: those are linked into it (same file).
    const second = await build({ 'a.html': ['A', 'ka'], 'docs/b.html': ['B2', 'kb2'] }, async (w) => {
      await w.flush();
      // Written into the new folder only: the output being served is as it was until the swap.
      expect([text('a.html'), text('docs/b.html'), text('robots.txt')]).toEqual(['A', 'B', 'static']);
    });
    expect(second).toMatchObject({ kept: ['a.html'], count: 2 });
    expect([ino('a.html'), text('a.html'), text('docs/b.html')]).toEqual([a, 'A', 'B2']);
    // The reused folder (the first build's) holds a.html already, and b.html of the first build, which the
    // output's replaces. Then a.html changes: the file the output shares is replaced, never written in place.
    expect((await build({ 'a.html': ['A', 'ka'], 'docs/b.html': ['B2', 'kb2'] })).kept).toEqual(['a.html', 'docs/b.html']);
    expect(ino('a.html')).toBe(a);
    await build({ 'a.html': ['A4', 'ka4'], 'docs/b.html': ['B2', 'kb2'] }, async (w) => {
      await w.flush();
      expect([text('a.html'), text('robots.txt')]).toEqual(['A', 'static']);
    });
    expect([text('a.html'), text('docs/b.html'), text('robots.txt')]).toEqual(['A4', 'B2', 'static']);
    expect(readFileSync(join(parent, '.build.previous', 'a.html'), 'utf8')).toBe('A');

    // Changed by hand since, in the output or in the folder the next build reuses: written again.
    appendFileSync(join(out, 'docs', 'b.html'), ' edited');
    expect((await build({ 'a.html': ['A4', 'ka4'], 'docs/b.html': ['B2', 'kb2'] })).kept).toEqual(['a.html']);
    expect(text('docs/b.html')).toBe('B2');
    appendFileSync(join(parent, '.build.previous', 'a.html'), ' edited');
    const last = await build({ 'a.html': ['A4', 'ka4'], 'docs/b.html': ['B2', 'kb2'] });
    expect(last).toMatchObject({ kept: ['docs/b.html'], count: 2 });
    expect([text('a.html'), text('docs/b.html')]).toEqual(['A4', 'B2']);
    expect(last.bytes).toBe(4);
  });

  it('with no folder to reuse, leaves the files it keeps in the output and moves the few it wrote in; when it wrote more than it kept, links the kept ones into a new folder and swaps it in', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    const ino = (rel: string) => statSync(join(out, rel)).ino;
    const text = (rel: string) => readFileSync(join(out, rel), 'utf8');
    let records: Map<string, FileRecord> | undefined;
    const build = async (files: Record<string, [string, string]>, during?: (w: FolderOutput) => Promise<void>, fail = false) => {
      const w = new FolderOutput(out, records);
      const kept: string[] = [];
      for (const [rel, [content, key]] of Object.entries(files)) {
        if (w.keep(rel, key)) kept.push(rel);
        else w.write(rel, content, key);
      }
      await during?.(w);
      if (fail) {
        await w.abort();
        return [];
      }
      await w.commit();
      records = w.committed();
      return kept;
    };
    const site = { 'index.html': ['home', 'k0'], 'docs/a/index.html': ['A', 'ka'], 'docs/b/index.html': ['B', 'kb'], 'docs/c/index.html': ['C', 'kc'], 'old/x.html': ['X', 'kx'] } as Record<string, [string, string]>;
    await build(site);
    rmSync(join(parent, '.build.previous'), { recursive: true, force: true });
    const inodes = Object.fromEntries(Object.keys(site).map((rel) => [rel, ino(rel)]));

    // One page changed, one gone, one new: the output is changed file by file, no folder of links is made.
    const { 'old/x.html': _gone, ...rest } = site;
    const next = { ...rest, 'docs/c/index.html': ['C2', 'kc2'], 'new/y/index.html': ['Y', 'ky'] } as Record<string, [string, string]>;
    const kept = await build(next, async (w) => {
      await w.flush();
      // Nothing of the output being served moves before the commit; a kept file reads back from it.
      expect([text('docs/c/index.html'), text('old/x.html'), existsSync(join(out, 'new'))]).toEqual(['C', 'X', false]);
      expect(w.read('docs/a/index.html')).toBe('A');
    });
    expect(kept).toEqual(['index.html', 'docs/a/index.html', 'docs/b/index.html']);
    for (const rel of kept) expect(ino(rel), rel).toBe(inodes[rel]);
    expect([text('docs/c/index.html'), text('new/y/index.html'), existsSync(join(out, 'old'))]).toEqual(['C2', 'Y', false]);
    expect(readdirSync(parent).sort()).toEqual(['build']);
    expect(existsSync(join(out, '.cheatsheet-build'))).toBe(true);
    // What it recorded is the output as it is: the next build keeps every file.
    expect(await build(next)).toEqual(Object.keys(next));

    // A failed build leaves the output as it was.
    await build({ ...next, 'docs/a/index.html': ['A3', 'ka3'] }, undefined, true);
    rmSync(join(parent, '.build.previous'), { recursive: true, force: true });
    expect(text('docs/a/index.html')).toBe('A');

    // Most files changed: a new folder, with the kept file linked into it (the same file), swapped in whole.
    const home = ino('index.html');
    const most = Object.fromEntries(Object.entries(next).map(([rel, [content, key]]) => [rel, rel === 'index.html' ? [content, key] : [`${content}!`, `${key}!`]])) as Record<string, [string, string]>;
    expect(await build(most)).toEqual(['index.html']);
    expect([ino('index.html'), text('index.html'), text('docs/a/index.html')]).toEqual([home, 'home', 'A!']);
    expect(readFileSync(join(parent, '.build.previous', 'docs', 'a', 'index.html'), 'utf8')).toBe('A');
    // Its record of the linked file is the file's state after the link: kept by the next build.
    expect(await build(most)).toEqual(Object.keys(most));
  });

  it('tells what each folder of the output holds after any commit, as listing them would (stale files and folders gone)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cheatsheet-write-'));
    const out = join(parent, 'build');
    // Every folder below the output (itself as ''), each with its entries' names and whether each is a folder.
    const listed = (dir: string, rel = '', into = new Map<string, string[]>()) => {
      const entries = readdirSync(join(dir, rel), { withFileTypes: true });
      into.set(rel, entries.map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`).sort());
      for (const e of entries) if (e.isDirectory()) listed(dir, rel ? `${rel}/${e.name}` : e.name, into);
      return into;
    };
    const told = (w: FolderOutput) => new Map([...w.committedFolders()].map(([rel, entries]) => [rel, entries.map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`).sort()]));
    let records: Map<string, FileRecord> | undefined;
    const build = async (files: Record<string, [string, string]>) => {
      const w = new FolderOutput(out, records);
      for (const [rel, [content, key]] of Object.entries(files)) if (!w.keep(rel, key)) w.write(rel, content, key);
      await w.commit();
      records = w.committed();
      expect(told(w)).toEqual(listed(out));
      return existsSync(join(parent, '.build.previous'));
    };
    const pages = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((p) => [`docs/${p}/index.html`, [p, `k${p}`]]));
    const site = { 'index.html': ['home', 'k0'], ...pages, 'old/deep/x.html': ['X', 'kx'] } as Record<string, [string, string]>;
    await build(site);
    // Swapped in, the folder before last rewritten: a page and a whole folder gone, one page new.
    const { 'old/deep/x.html': _gone, ...rest } = site;
    await build({ ...rest, 'docs/f/index.html': ['F', 'kf'] });
    // In place (no folder to reuse), with a file left in the output by hand and removed as stale.
    rmSync(join(parent, '.build.previous'), { recursive: true, force: true });
    writeFileSync(join(out, 'docs', 'stray.txt'), 'stray');
    // (No folder left beside the output: the commit was in place.)
    expect(await build({ ...rest, 'docs/b/index.html': ['B2', 'kb2'], 'new/y.html': ['Y', 'ky'] })).toBe(false);
    expect(existsSync(join(out, 'docs', 'stray.txt'))).toBe(false);
    // Most files changed, no folder to reuse: the kept ones linked into a new folder swapped in.
    rmSync(join(parent, '.build.previous'), { recursive: true, force: true });
    expect(await build({ 'index.html': ['home', 'k0'], 'docs/a/index.html': ['A2', 'ka2'], 'docs/b/index.html': ['B3', 'kb3'], 'docs/g/index.html': ['G', 'kg'] })).toBe(true);
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
