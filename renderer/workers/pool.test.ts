// The pool's search index jobs: it takes the jobs over (so their JSON can be let go once a thread has it) and
// answers each locale on its own, with the index makeIndex gives from the same records. From TypeScript
// sources the pool has no workers: the main thread takes every job, through the same queue.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { utf8Pieces } from '../cache/pieces.ts';
import { packageRoot } from '../paths.ts';
import type { DocJob, DocResult } from '../content/process-doc.ts';
import type { Templates } from '../render/templates.ts';
import { makeIndex, RecordPieces, type IndexInput } from '../search/build-search.ts';
import { indexAsText } from '../search/local-index.ts';
import type { SearchRecord } from '../search/records.ts';
import { emptyHierarchy } from '../shared/search-hit.ts';
import type { SentMadeIndex } from './messages.ts';
import { collectsAfter, COLLECT_AFTER_INDEX_BYTES, WorkerPool } from './pool.ts';

const SITE = 'https://example.org';
const BASE = '/docs-site/';

function record(locale: string, page: string, content: string, position: number): SearchRecord {
  const url = `${SITE}${BASE}${locale}/docs/${page}`;
  return {
    objectID: `${locale}-${page}-${position}`,
    url: position === 0 ? url : `${url}#s${position}`,
    url_without_anchor: url,
    anchor: position === 0 ? null : `s${position}`,
    type: position === 0 ? 'lvl1' : 'content',
    content: position === 0 ? null : content,
    hierarchy: { ...emptyHierarchy(), lvl0: 'Compute', lvl1: page },
    language: locale,
    docusaurus_tag: 'docs-default-current',
    weight: { pageRank: 0, level: position === 0 ? 100 : 0, position },
  };
}

const recordsOf = (locale: string, words: string[]) => words.flatMap((w, i) => [record(locale, `page-${i}`, '', 0), record(locale, `page-${i}`, `${w} instances scale`, 1)]);
const inputOf = (records: SearchRecord[]) => {
  const pieces = new RecordPieces();
  for (const record of records) pieces.add(JSON.stringify(record));
  return pieces.end();
};

describe('WorkerPool.buildIndexes', () => {
  it('takes the jobs over and answers each locale with the index of its records', async () => {
    const pool = new WorkerPool(1);
    try {
      const en = recordsOf('en', ['lambda', 'queue', 'bucket']);
      const es = recordsOf('es', ['función', 'cola']);
      const jobs: IndexInput[] = [
        { locale: 'en', siteUrl: SITE, baseUrl: BASE, input: inputOf(en) },
        { locale: 'es', siteUrl: SITE, baseUrl: BASE, input: inputOf(es) },
      ];
      const made = pool.buildIndexes(jobs);
      // Nothing of the jobs is left with the caller: the pool lets each go once a thread has it.
      expect(jobs).toHaveLength(0);
      expect(made).toHaveLength(2);
      const [first, second] = await Promise.all(made);
      expect(indexAsText(first!.index)).toEqual(makeIndex({ locale: 'en', records: en, siteUrl: SITE, baseUrl: BASE }).index);
      expect(indexAsText(second!.index)).toEqual(makeIndex({ locale: 'es', records: es, siteUrl: SITE, baseUrl: BASE }).index);
    } finally {
      await pool.dispose();
    }
  });

  it('hands a worker\'s index parts over as their files\' UTF-8 bytes, not decoded on this thread', async () => {
    // The compiled worker (a pool started from these sources has none: its one thread is this one).
    const pool = new WorkerPool(2, { script: join(packageRoot(), 'dist', 'build-worker.js') });
    try {
      const records = recordsOf('es', ['función', 'cola', '数据库']);
      // (Made on this thread, an index's parts are its strings: this one is the worker's.)
      const [made] = await Promise.all(pool.buildIndexes([{ locale: 'es', siteUrl: SITE, baseUrl: BASE, input: inputOf(records) }], { mainThread: false }));
      const text = makeIndex({ locale: 'es', records, siteUrl: SITE, baseUrl: BASE }).index.parts;
      expect(text.size).toBeGreaterThan(0);
      expect([...made!.index.parts.keys()]).toEqual([...text.keys()]);
      for (const [file, json] of text) {
        const part = made!.index.parts.get(file)!;
        expect(part).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(part as Uint8Array).equals(Buffer.from(json))).toBe(true);
      }
    } finally {
      await pool.dispose();
    }
  });

  it('settles every locale not made with the first failure, in queue order', async () => {
    const pool = new WorkerPool(1);
    try {
      const made = pool.buildIndexes([
        { locale: 'en', siteUrl: SITE, baseUrl: BASE, input: inputOf(recordsOf('en', ['lambda'])) },
        { locale: 'es', siteUrl: SITE, baseUrl: BASE, input: utf8Pieces('not JSON') },
        { locale: 'pt-BR', siteUrl: SITE, baseUrl: BASE, input: inputOf(recordsOf('pt-BR', ['fila'])) },
      ]);
      const settled = await Promise.allSettled(made);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
      expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(SyntaxError);
      expect((settled[2] as PromiseRejectedResult).reason).toBe((settled[1] as PromiseRejectedResult).reason);
    } finally {
      await pool.dispose();
    }
  });

  it('leaves the indexes to the workers until the main thread has no page left to render, then takes those not started', async () => {
    // The stand-in worker keeps the first job and never answers it: the other two are the main thread's to make.
    const script = fileURLToPath(new URL('../../test/fixtures/workers/busy-index-worker.mjs', import.meta.url));
    const pool = new WorkerPool(2, { script });
    try {
      const locales = { en: ['lambda', 'queue'], es: ['función', 'cola'], 'pt-BR': ['fila', 'balde'] };
      const records = Object.entries(locales).map(([locale, words]) => recordsOf(locale, words));
      const made = pool.buildIndexes(
        records.map((r, i) => ({ locale: Object.keys(locales)[i]!, siteUrl: SITE, baseUrl: BASE, input: inputOf(r), hash: `${i}`.repeat(10) })),
        { mainThread: 'after-render' },
      );
      const settled = [false, false, false];
      made.forEach((m, i) => void m.then(() => (settled[i] = true)));
      // Turns of the event loop in which the main thread could have taken a job, had it not been rendering.
      for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
      expect(settled).toEqual([false, false, false]);

      await pool.renderPages({ routes: [], siteData: new Map(), templates: {} as Templates, assets: { css: [], entry: '', preload: [] }, pageChunks: {} }, { file: '', root: '' }, () => undefined);
      const [es, pt] = await Promise.all([made[1]!, made[2]!]);
      expect(indexAsText(es!.index)).toEqual(makeIndex({ locale: 'es', records: records[1]!, siteUrl: SITE, baseUrl: BASE }).index);
      expect(indexAsText(pt!.index)).toEqual(makeIndex({ locale: 'pt-BR', records: records[2]!, siteUrl: SITE, baseUrl: BASE }).index);
      // The worker's job is still its own: nobody makes an index twice.
      expect(settled).toEqual([false, true, true]);
    } finally {
      await pool.dispose();
    }
  });
});

describe('WorkerPool.processDocs', () => {
  const jobIn = (root: string, name: string): DocJob => ({
    locale: 'en',
    relPath: `${name}.md`,
    file: `content/en/${name}.md`,
    absPath: join(root, `${name}.md`),
    localeBase: '/en/',
    docsBase: '/en/docs',
    codeThemes: { light: 'github-light', dark: 'github-dark' },
    strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' },
  });

  it('passes each doc on once its code is highlighted, before the stage ends, and each once', async () => {
    // A worker that only highlights: this thread processes every doc, as below the pages' sharing.
    const script = fileURLToPath(new URL('../../test/fixtures/workers/highlight-worker.mjs', import.meta.url));
    const pool = new WorkerPool(2, { script, shareMarkdownFrom: 1000 });
    const root = mkdtempSync(join(tmpdir(), 'pool-docs-'));
    try {
      mkdirSync(root, { recursive: true });
      const names = ['one', 'two', 'three', 'four'];
      for (const name of names) writeFileSync(join(root, `${name}.md`), `# ${name}\n\n\`\`\`bash\necho ${name}\n\`\`\`\n`);
      const jobs = names.map((n) => jobIn(root, n));
      const passed = new Map<number, { html: string; final: boolean }>();
      let stageOver = false;
      const onDoc = (i: number, result: DocResult) => {
        expect(passed.has(i)).toBe(false);
        passed.set(i, { html: result.ok ? result.doc.html : '', final: !stageOver });
      };
      const results = await pool.processDocs(jobs, undefined, onDoc);
      stageOver = true;
      expect([...passed.keys()].sort()).toEqual([0, 1, 2, 3]);
      names.forEach((name, i) => {
        const doc = passed.get(i)!;
        // Passed on while the stage ran, its HTML as the stage returns it: highlighted, no placeholder left.
        expect(doc.final).toBe(true);
        expect(doc.html).toContain(`<pre data-stand-in>echo ${name}`);
        expect(doc.html).not.toContain('cheatsheet-code:');
        expect(results[i]!.ok && results[i]!.doc.html).toBe(doc.html);
      });
    } finally {
      await pool.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('collectsAfter (a worker\'s index files, handed to the build thread as bytes)', () => {
  const sent = (...partBytes: number[]): SentMadeIndex => ({
    index: { entry: { file: 'entry.json', url: '/entry.json', json: [new Uint8Array(10)] }, parts: partBytes.map((n, i) => [`part-${i}.json`, new Uint8Array(n)]) },
    terms: { pages: 0, head: 0, buckets: [], pieces: [] },
    analysed: 0,
    updated: false,
  });

  it('collects once the files of a reply add up to the threshold, across its locales', () => {
    const half = COLLECT_AFTER_INDEX_BYTES / 2;
    expect(collectsAfter([sent(half, half)])).toBe(true);
    expect(collectsAfter([sent(half), sent(half)])).toBe(true);
    expect(collectsAfter([sent(half, half - 1)])).toBe(false);
  });

  it('leaves a small site\'s indexes (150 × 3: ~1.6 MB a locale) to V8', () => {
    expect(collectsAfter([sent(1_600_000)])).toBe(false);
    expect(collectsAfter([])).toBe(false);
    expect(collectsAfter([sent(10, 10)], 20)).toBe(true);
  });
});
