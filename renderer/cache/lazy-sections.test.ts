// A doc from the build cache reads its HTML and its text sections only when something asks for them, and reads
// the same as the doc it was made from: a warm build with nothing changed deserialises no doc's sections, and
// one with a page edited reads no other doc's HTML.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { docWith } from '../content/doc-copy.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import { makeSite, minimalContent, page } from '../../test/helpers/fixture-site.ts';
import { CACHE_DIR } from './build-cache.ts';
import { docHasDocCardList, docHasMermaid } from '../content/html-facts.ts';
import { DOC_CARD_LIST_MARKER } from '../../templates/mdx/doc-card-marker.ts';
import { assembleStoredDoc, storedDoc, storedDocPieces, storedDocRest, withLazySections, withStoredPieces, type StoredDoc } from './lazy-sections.ts';

const unread = (doc: object, key: 'sections' | 'html' = 'sections') => Object.getOwnPropertyDescriptor(doc, key)?.get !== undefined;
/** A doc through the cache's entry and back: its pieces (copied, as a file would be) assembled. */
const throughEntry = (d: ProcessedDoc) => withLazySections(assembleStoredDoc(storedDocPieces(storedDoc(d), {}).map((p) => p.slice())) as StoredDoc);

const doc = {
  locale: 'en',
  relPath: 'a.md',
  html: '<p>A</p>',
  assets: [],
  sections: [{ heading: null, level: 1, text: ['Intro.'] }, { heading: 'B', id: 'b', level: 2, text: ['One.', 'Two.'] }],
  links: [],
} as unknown as ProcessedDoc;

describe('a stored doc\'s sections, read on demand', () => {
  it('read as they were, once, and then are an ordinary property; a copy made with docWith does not read them', () => {
    const lazy = withLazySections(structuredClone(storedDoc(doc)));
    expect(unread(lazy)).toBe(true);
    const copy = docWith(lazy, { html: '<p>B</p>' });
    expect(unread(copy)).toBe(true);
    expect(unread(lazy)).toBe(true);
    expect(copy).toEqual({ ...doc, html: '<p>B</p>' });
    expect(unread(copy)).toBe(false);
    expect(lazy.sections).toBe(lazy.sections);
    expect(structuredClone(lazy)).toEqual(doc);
    lazy.sections = [];
    expect(lazy.sections).toEqual([]);
  });

  it('the HTML reads as it was, once, from its entry; until then the doc answers from its stored facts', () => {
    const cards = { ...doc, html: `<p>A — ✓ 🙂</p><section ${DOC_CARD_LIST_MARKER}=""></section>` } as ProcessedDoc;
    const lazy = throughEntry(cards);
    expect(unread(lazy, 'html')).toBe(true);
    expect([docHasDocCardList(lazy), docHasMermaid(lazy)]).toEqual([true, false]);
    expect(unread(lazy, 'html')).toBe(true);
    const copy = docWith(lazy, { links: [] });
    expect(unread(copy, 'html')).toBe(true);
    expect(copy.html).toBe(cards.html);
    expect(unread(lazy, 'html')).toBe(true);
    expect(lazy.html).toBe(cards.html);
    expect(lazy.sections).toEqual(doc.sections);
    // Replaced, the HTML is asked again: the stored facts no longer speak for it.
    lazy.html = '<p>none</p>';
    expect(docHasDocCardList(lazy)).toBe(false);
    expect(docHasDocCardList(throughEntry({ ...doc, html: '<p>none</p>' } as ProcessedDoc))).toBe(false);
  });

  it('HTML that UTF-8 cannot hold (a lone surrogate) reads back as it was', () => {
    const odd = { ...doc, html: '<p>\ud800 and \udc00</p>' } as ProcessedDoc;
    expect(throughEntry(odd).html).toBe(odd.html);
  });

  it('an entry of another shape is not a doc', () => {
    const pieces = storedDocPieces(storedDoc(doc), {});
    expect(assembleStoredDoc(pieces.slice(0, 2))).toBeUndefined();
    expect(() => assembleStoredDoc([Uint8Array.of(1, 2, 3), ...pieces.slice(1)])).toThrow();
  });

  it('a doc read from its first piece reads the rest of its entry only when asked, and fails if it is gone', () => {
    const pieces = storedDocPieces(storedDoc(doc), {});
    let reads = 0;
    let entry: Uint8Array[] | undefined = pieces.map((p) => p.slice());
    const lazy = withStoredPieces(storedDocRest(pieces[0]!) as StoredDoc, () => (reads++, entry), 'docs/x');
    expect(reads).toBe(0);
    expect(lazy.html).toBe(doc.html);
    expect(lazy.sections).toEqual(doc.sections);
    expect(reads).toBe(2);
    entry = undefined;
    const gone = withStoredPieces(storedDocRest(pieces[0]!) as StoredDoc, () => entry, 'docs/x');
    expect(() => gone.html).toThrow(/docs\/x changed during the build/);
    expect(() => gone.sections).toThrow(/docs\/x/);
    expect(storedDocRest(Uint8Array.of(1, 2, 3))).toBeUndefined();
  });

  it('a warm build with a page edited reads the HTML of no other doc', async () => {
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', 'See [S3](./s3.md).'), 'content/en/compute/s3.md': page('Amazon S3') });
    const options = { root, outDir: join(root, 'build'), bundle: false, cacheDir: join(root, CACHE_DIR) };
    await build(options);
    appendFileSync(join(root, 'content/en/compute/s3.md'), '\nMore text.\n');
    const warm = await build(options);
    expect(warm.cache!.docs).toEqual({ processed: 1, cached: 4 });
    const docs = [...warm.content.values()].flatMap((l) => l.docs);
    expect(docs.filter((d) => !unread(d, 'html')).map((d) => d.file)).toEqual(['content/en/compute/s3.md']);
  });

  it('a warm build with nothing changed reads the sections of no doc that has a description', async () => {
    const described = (title: string) => page(title, `## Part\n\nText of ${title}.`, `description: About ${title}.\n`);
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': described('Amazon EC2'), 'content/en/start.md': described('Start') });
    const options = { root, write: false, bundle: false, cacheDir: join(root, CACHE_DIR) };
    await build(options);
    const warm = await build(options);
    expect(warm.cache!.docs.processed).toBe(0);
    const docs = [...warm.content.values()].flatMap((l) => l.docs).filter((d) => d.frontMatter.description);
    expect(docs.length).toBe(2);
    expect(docs.filter((d) => !unread(d)).map((d) => d.file)).toEqual([]);
  });
});
