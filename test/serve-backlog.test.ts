// A change saved while `serve` is still busy with the previous one's background work (re-rendering the
// locale's other pages, the link check, the search index) is applied first: that work gives way and is
// picked up afterwards. It used to run in the same queue as the next change, so on a loaded machine a save
// waited seconds for it (CI: serve.test's "picks up added and deleted pages" saw no reload in 20 s). Both
// batches are handed over in one turn, before any is applied, so the order does not depend on timing.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevSite } from '../renderer/serve/dev-site.ts';
import { emptyBatch, type Batch } from '../renderer/serve/watch.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

const batchOf = (path: string): Batch => {
  const batch = emptyBatch();
  batch.content.add(path);
  batch.paths.push(path);
  return batch;
};

describe('serve: background work gives way to the next change', () => {
  let root: string;
  let site: DevSite;
  const seen: string[] = [];

  beforeAll(async () => {
    root = makeSite(minimalContent);
    site = new DevSite({ root, watch: false });
    await site.start();
    await site.idle();
    site.on('update', (u) => seen.push(`update ${u.changed.join(',')}`));
    site.on('problems', (list) => seen.push(`problems ${list.map((p) => p.file ?? p.kind).join(',')}`));
  });

  afterAll(async () => {
    await site?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('applies a second change before the first one’s links are checked, then finishes both', async () => {
    const ec2 = join(root, 'content/en/compute/ec2.md');
    const start = join(root, 'content/en/start.md');
    // A new title re-renders every page of the locale (the sidebar shows it); the broken link is reported
    // by the link check, which comes after those renders.
    writeFileSync(ec2, page('Amazon EC2 Renamed', '## What it is\n\nSee [nothing](./zz-missing.md).'));
    writeFileSync(start, page('Start', '## First section\n\nmarker-second-change', 'sidebar_position: 1\n'));
    site.enqueue(batchOf(ec2));
    site.enqueue(batchOf(start));
    await site.idle();

    expect(seen).toEqual(['update content/en/compute/ec2.md', 'update content/en/start.md', 'problems content/en/compute/ec2.md']);
    // Nothing of the first change's work was dropped: every page is current, the link reported, the index rebuilt.
    const state = site.state!;
    expect(state.dirty.size).toBe(0);
    const startPage = state.output.read('docs/start.html') ?? '';
    expect(startPage).toContain('marker-second-change');
    expect(startPage).toContain('Amazon EC2 Renamed');
    expect(site.problems.map((p) => [p.file, p.message])).toEqual([['content/en/compute/ec2.md', expect.stringContaining('zz-missing')]]);
    const index = [...state.output.files].filter(([file]) => file.includes('search')).map(([, body]) => String(body)).join('\n');
    expect(index).toContain('marker-second-change');
  });

  it('stops serving a page removed by the change that preempts the work of the one that added it', async () => {
    const added = join(root, 'content/en/compute/zz-added.md');
    writeFileSync(added, page('Added', '## What it is\n\nAn added page.'));
    // Removed as soon as its page is served: the add's background work has not run yet.
    const removedOnUpdate = new Promise<void>((resolve) =>
      site.once('update', () => {
        rmSync(added);
        site.enqueue(batchOf(added));
        resolve();
      }),
    );
    site.enqueue(batchOf(added));
    await removedOnUpdate;
    await site.idle();
    const state = site.state!;
    expect(state.table.routes.some((r) => r.outFile.includes('zz-added'))).toBe(false);
    expect([...state.output.files.keys()].filter((f) => f.includes('zz-added'))).toEqual([]);
  });
});
