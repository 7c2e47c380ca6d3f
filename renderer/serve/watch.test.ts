// The watcher's safety net for a file chokidar never lists (see SiteWatcher.lookAgain). The race in chokidar
// cannot be produced on demand, so chokidar is made to miss the file: its folder is unwatched before the file
// is created, and the folder's raw event is then replayed as fs.watch delivers it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteWatcher, type Batch } from './watch.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function watcherOn(root: string) {
  const batches: Batch[] = [];
  let notify = () => {};
  const watcher = new SiteWatcher(
    { content: join(root, 'content'), i18n: join(root, 'i18n'), static: join(root, 'static'), config: join(root, 'site.config.ts'), code: [] },
    (b) => {
      batches.push(b);
      notify();
    },
    (err) => {
      throw err;
    },
  );
  cleanup = async () => {
    await watcher.close();
    rmSync(root, { recursive: true, force: true });
  };
  const batchWith = (path: string) =>
    new Promise<Batch>((resolve) => {
      const look = () => {
        const found = batches.find((b) => b.content.has(path));
        if (found) resolve(found);
      };
      notify = look;
      look();
    });
  // The chokidar instance inside: what the test makes miss a file, and replays a raw event on.
  const chokidar = (watcher as unknown as { watcher: import('chokidar').FSWatcher }).watcher;
  return { watcher, chokidar, batchWith };
}

describe('SiteWatcher', () => {
  it('records a page chokidar never listed, from its folder\'s raw event, once chokidar\'s throttle is over', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cheatsheet-watch-'));
    const folder = join(root, 'content', 'en');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.md'), '# A\n');
    const { watcher, chokidar, batchWith } = watcherOn(root);
    await watcher.ready;
    chokidar.unwatch(folder);
    const page = join(folder, 'b.md');
    writeFileSync(page, '# B\n');
    expect(chokidar.getWatched()[folder] ?? []).not.toContain('b.md');
    chokidar.emit('raw', 'rename', 'b.md', { watchedPath: folder });
    const batch = await batchWith(page);
    expect([...batch.content]).toEqual([page]);
  });
});
