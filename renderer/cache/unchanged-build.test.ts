// The record of a build's inputs and output: taken when all is as recorded, and its walk's edge cases (links
// that loop, files the build read just after they changed, files copied from outside the site).
import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIPELINE_MEMO } from './cache-dir.ts';
import { keyHash } from './key-hash.ts';
import { rememberedPipelineKey } from './keys.ts';
import { InputSnapshot, unchangedBuild, type BuildSetting, type BuildSummary } from './unchanged-build.ts';

const summary: BuildSummary = { pagesPerLocale: { en: 1 }, fileCount: 1, outputBytes: 5, warnings: ['a warning'], counts: { pages: 1, docs: 1, search: 1, chunks: 1 } };

function site(): BuildSetting {
  const root = mkdtempSync(join(tmpdir(), 'cheatsheet-unchanged-'));
  mkdirSync(join(root, 'content', 'en'), { recursive: true });
  writeFileSync(join(root, 'content', 'en', 'a.md'), '# A\n');
  writeFileSync(join(root, 'site.config.ts'), 'export default {};\n');
  // A link back up (outside content/, where the build refuses it): a walk that followed it for ever would never end.
  mkdirSync(join(root, 'notes'));
  symlinkSync(join(root, 'notes'), join(root, 'notes', 'loop'));
  mkdirSync(join(root, 'build'));
  writeFileSync(join(root, 'build', 'index.html'), 'hello');
  return { root, outDir: join(root, 'build'), configFile: 'site.config.ts', minify: true, strict: false, cacheDir: join(root, '.cheatsheet-cache') };
}

/** A file's state as the build cache and the output's records write it (build-cache.ts, write.ts). */
function statText(file: string): string {
  const s = statSync(file, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

/** What the build cache knows of a file it read: its state and hash (the files here are all new, so unsettled). */
function hashedAll(root: string, files: string[]): Map<string, { stat: string; hash: string }> {
  return new Map(
    files.map((rel) => {
      const s = statSync(join(root, rel), { bigint: true });
      return [join(root, rel), { stat: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, hash: keyHash().update(readFileSync(join(root, rel))).digest('hex') }];
    }),
  );
}

const record = (setting: BuildSetting, snapshot: InputSnapshot, hashed: Map<string, { stat: string; hash: string }>, assets: string[] = []) =>
  snapshot.record({ pipeline: rememberedPipelineKey(join(setting.cacheDir, PIPELINE_MEMO)).value, exportKey: '{}', answerable: true, hashed, assets, summary });

describe('unchanged build', () => {
  it('answers with the last summary while nothing changed (links that loop walked once), not once a file is added or the config exports another value', async () => {
    const setting = site();
    const files = ['content/en/a.md', 'site.config.ts'];
    const snapshot = new InputSnapshot(setting);
    record(setting, snapshot, hashedAll(setting.root, files));
    expect(await unchangedBuild(setting, async () => '{}')).toEqual(summary);
    expect(await unchangedBuild(setting, async () => '{"title":"x"}'), 'the config changed').toBeUndefined();
    writeFileSync(join(setting.root, 'content', 'en', 'b.md'), '# B\n');
    expect(await unchangedBuild(setting, async () => '{}'), 'a file added').toBeUndefined();
  });

  it('leaves no record when a file changed just before the build is one the build cache did not hash, or a page copies a file from outside the site', async () => {
    const setting = site();
    record(setting, new InputSnapshot(setting), hashedAll(setting.root, ['content/en/a.md']));
    expect(await unchangedBuild(setting, async () => '{}'), 'site.config.ts was not hashed').toBeUndefined();
    const outside = join(mkdtempSync(join(tmpdir(), 'cheatsheet-outside-')), 'image.png');
    writeFileSync(outside, 'png');
    record(setting, new InputSnapshot(setting), hashedAll(setting.root, ['content/en/a.md', 'site.config.ts']), [outside]);
    expect(await unchangedBuild(setting, async () => '{}'), 'a file from outside').toBeUndefined();
    // The same build without it is answered for.
    record(setting, new InputSnapshot(setting), hashedAll(setting.root, ['content/en/a.md', 'site.config.ts']), [join(setting.root, 'content', 'en', 'a.md')]);
    expect(await unchangedBuild(setting, async () => '{}')).toEqual(summary);
  });

  it("records the output's states as the build saw them, without a stat of its own: one changed after it was seen is a difference", async () => {
    const setting = site();
    const hashed = hashedAll(setting.root, ['content/en/a.md', 'site.config.ts']);
    const page = join(setting.outDir, 'index.html');
    const recordSeeing = (output: Map<string, { stat: string }>) =>
      new InputSnapshot(setting).record({ pipeline: rememberedPipelineKey(join(setting.cacheDir, PIPELINE_MEMO)).value, exportKey: '{}', answerable: true, hashed, assets: [], summary, output });
    recordSeeing(new Map([['index.html', { stat: statText(page) }]]));
    expect(await unchangedBuild(setting, async () => '{}'), 'the state seen is the file\'s').toEqual(summary);
    // Seen, then changed before the build ended (a walk at the end would have recorded the new state).
    const seen = new Map([['index.html', { stat: statText(page) }]]);
    writeFileSync(page, 'hello again');
    recordSeeing(seen);
    expect(await unchangedBuild(setting, async () => '{}'), 'changed after it was seen').toBeUndefined();
    // A file the build did not report is statted as before.
    recordSeeing(new Map());
    expect(await unchangedBuild(setting, async () => '{}')).toEqual(summary);
  });

  it("gives the build cache a site file's state as the snapshot saw it, and nothing for folders or other paths", () => {
    const setting = site();
    const doc = join(setting.root, 'content', 'en', 'a.md');
    const snapshot = new InputSnapshot(setting);
    expect(snapshot.siteFileState(doc)).toBe(statText(doc));
    writeFileSync(doc, '# A, edited\n');
    expect(snapshot.siteFileState(doc), 'the state before the build read anything').not.toBe(statText(doc));
    expect(snapshot.siteFileState(join(setting.root, 'content', 'en'))).toBeUndefined();
    expect(snapshot.siteFileState(join(setting.outDir, 'index.html')), 'the output is not the site').toBeUndefined();
  });
});
