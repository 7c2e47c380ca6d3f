// A doc's source is read and hashed to key the doc only when its state (device, inode, size, times) is not
// the one recorded when it was last hashed; a file changed moments before it was hashed is not trusted to
// its state (timestamps are coarse), so it is hashed again next time.
import * as fs from 'node:fs';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocJob, ProcessedDoc } from '../content/process-doc.ts';

// Counts what the cache reads (the module is loaded after this mock).
const reads: string[] = [];
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    readFileSync: ((...args: Parameters<typeof real.readFileSync>) => {
      reads.push(String(args[0]));
      return real.readFileSync(...args);
    }) as typeof real.readFileSync,
  };
});
const { BuildCache } = await import('./build-cache.ts');

function site(): { root: string; file: string; job: DocJob; doc: ProcessedDoc } {
  const root = mkdtempSync(join(tmpdir(), 'cheatsheet-cache-unit-'));
  fs.mkdirSync(join(root, 'content/en'), { recursive: true });
  const file = join(root, 'content/en/page.md');
  writeFileSync(file, '# Page\n\nText.\n');
  const job = { locale: 'en', relPath: 'page.md', file: 'content/en/page.md', absPath: file } as DocJob;
  const doc = { locale: 'en', relPath: 'page.md', html: '<p>Text.</p>', assets: [] } as unknown as ProcessedDoc;
  return { root, file, job, doc };
}

const open = (root: string) => new BuildCache({ dir: join(root, '.cheatsheet-cache'), root, outDir: join(root, 'build') });

/** A build that processes the doc (the cache remembers it), as if `later` ms after the file was written. */
function firstBuild(root: string, job: DocJob, doc: ProcessedDoc, later: number): void {
  const now = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now + later);
  const cache = open(root);
  cache.remember(job, doc);
  cache.save();
  clock.mockRestore();
}

/** The next build's lookup of the doc: whether it was found, and whether its source was read. */
function lookup(root: string, job: DocJob): { found: boolean; read: boolean } {
  reads.length = 0;
  const cache = open(root);
  const found = cache.lookup(job) !== undefined;
  return { found, read: reads.includes(job.absPath) };
}

afterEach(() => vi.restoreAllMocks());

describe('build cache: doc sources by their state', () => {
  it('a source whose state is as recorded is not read again; a touched one is read, and found if its text is the same', () => {
    const { root, file, job, doc } = site();
    firstBuild(root, job, doc, 10_000);
    expect(lookup(root, job)).toEqual({ found: true, read: false });
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(lookup(root, job)).toEqual({ found: true, read: true });
  });

  it('a source changed with its size and modification time kept has a new state: read, and not found', () => {
    const { root, file, job, doc } = site();
    firstBuild(root, job, doc, 10_000);
    const { atime, mtime } = fs.statSync(file);
    writeFileSync(file, '# Page\n\nTest.\n');
    utimesSync(file, atime, mtime);
    expect(lookup(root, job)).toEqual({ found: false, read: true });
  });

  it('a source hashed right after it changed is hashed again next time, whatever its state says', () => {
    const { root, job, doc } = site();
    firstBuild(root, job, doc, 0);
    expect(lookup(root, job)).toEqual({ found: true, read: true });
  });
});

describe('build cache: the key that stands for a doc’s HTML (route chunks)', () => {
  it('is the doc’s key for the very object remembered or found, and none for a copy (whose HTML may differ)', () => {
    const { root, job, doc } = site();
    const first = open(root);
    first.remember(job, doc);
    const key = first.chunks.htmlKeyOf!(doc);
    expect(key).toEqual(expect.any(String));
    expect(first.chunks.htmlKeyOf!({ ...doc })).toBeUndefined();
    first.save();
    const next = open(root);
    const found = next.lookup(job)!;
    expect(found.html).toBe(doc.html);
    expect(next.chunks.htmlKeyOf!(found)).toBe(key);
    // Links pointed elsewhere (content/finish.ts) make a new doc: keyed by its HTML again.
    expect(next.chunks.htmlKeyOf!({ ...found, html: '<p>Other.</p>' })).toBeUndefined();
  });
});

describe('build cache: the HTML key of a doc with a copied file', () => {
  it('changes when the file does (the doc keeps its key, its HTML names the file by its hash)', () => {
    const { root, job, doc } = site();
    const image = join(root, 'content/en/page.png');
    writeFileSync(image, 'one');
    const withImage = { ...doc, assets: [{ abs: image }] } as unknown as ProcessedDoc;
    const first = open(root);
    first.remember(job, withImage);
    const before = first.chunks.htmlKeyOf!(withImage);
    writeFileSync(image, 'two');
    const next = open(root);
    const again = { ...withImage };
    next.remember(job, again);
    expect(next.chunks.htmlKeyOf!(again)).not.toBe(before);
  });
});
