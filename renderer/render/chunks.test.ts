// Route chunks named from the build cache: the memo's key stands for everything a chunk is made of.
import { describe, expect, it } from 'vitest';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { routeChunks, type ChunkMemo } from './chunks.ts';

const route = (html: string): RouteEntry => {
  const doc = { html } as ProcessedDoc;
  return { data: { kind: 'doc', path: '/docs/a', locale: 'en', doc: { id: 'a', title: 'A' } } as unknown as RouteEntry['data'], outFile: 'docs/a.html', key: 'docs/a', doc };
};

/** The keys a build asks the memo for, with `htmlKeyOf` answering for the docs it knows. */
function keysAsked(routes: RouteEntry[], htmlKeyOf?: ChunkMemo['htmlKeyOf']): string[] {
  const asked: string[] = [];
  const memo: ChunkMemo = { get: (key) => (asked.push(key), undefined), set: () => undefined, ...(htmlKeyOf ? { htmlKeyOf } : {}) };
  routeChunks(routes, '/', (r) => r.doc?.html, memo);
  return asked;
}

describe('route chunk keys', () => {
  it('differ when only the HTML differs and the cache knows no key for it', () => {
    const [a, b] = [route('<p>one</p>'), route('<p>two</p>')];
    expect(keysAsked([a])[0]).not.toBe(keysAsked([b])[0]);
    // A doc the cache does not know (changed since it was stored) is keyed by its HTML.
    expect(keysAsked([a], () => undefined)[0]).not.toBe(keysAsked([b], () => undefined)[0]);
  });

  it("use the build cache's key of a doc it returned instead of hashing the doc's HTML", () => {
    const [a, b] = [route('<p>one</p>'), route('<p>two</p>')];
    const seen: object[] = [];
    const byCache = (doc: object) => (seen.push(doc), 'doc-key-1');
    // Same cache key, same chunk key: the HTML was not part of it (the cache vouches that it is the stored one).
    expect(keysAsked([a], byCache)[0]).toBe(keysAsked([b], byCache)[0]);
    expect(seen).toEqual([a.doc, b.doc]);
    expect(keysAsked([a], () => 'doc-key-2')[0]).not.toBe(keysAsked([a], byCache)[0]);
    // Never the same key as the HTML's, whatever the cache's key looks like.
    expect(keysAsked([a], () => '<p>one</p>')[0]).not.toBe(keysAsked([a])[0]);
  });

  it('name the chunk after its code whichever key found it', () => {
    const chunksOf = (htmlKeyOf?: ChunkMemo['htmlKeyOf']) => routeChunks([route('<p>one</p>')], '/', (r) => r.doc?.html, { get: () => undefined, set: () => undefined, ...(htmlKeyOf ? { htmlKeyOf } : {}) }).chunkOf;
    expect(chunksOf(() => 'doc-key-1')).toEqual(chunksOf());
  });
});
