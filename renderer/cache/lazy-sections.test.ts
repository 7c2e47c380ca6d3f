// A doc from the build cache reads its text sections only when something asks for them, and reads the same
// as the doc it was made from: a warm build with nothing changed deserialises no doc's sections.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { docWith } from '../content/doc-copy.ts';
import type { ProcessedDoc } from '../content/process-doc.ts';
import { makeSite, minimalContent, page } from '../../test/helpers/fixture-site.ts';
import { CACHE_DIR } from './build-cache.ts';
import { storedDoc, withLazySections } from './lazy-sections.ts';

const unread = (doc: object) => Object.getOwnPropertyDescriptor(doc, 'sections')?.get !== undefined;

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
