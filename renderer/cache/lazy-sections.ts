// A doc from the build cache keeps its HTML and its text sections as stored bytes until something reads them.
// Together they are ~90 % of a stored doc's bytes: on a warm build the route table, the route chunks' names
// and the link check need every doc's other fields, but only the docs that are rendered again (and, for the
// sections, the search records of pages whose key the search stage does not know: search/build-search.ts,
// and a route's description without front matter) need these. A one-page build of the 150 × 3 corpus
// deserialised 8 MB of HTML strings (two-byte for most pages) and collected them for nothing.
// What the route table and the render ask of every HTML is stored beside it (content/html-facts.ts).
import { deserialize, serialize } from 'node:v8';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { Section } from '../content/extract.ts';
import { forgetHtmlFacts, htmlFactsOf, knowHtmlFacts, type HtmlFacts } from '../content/html-facts.ts';

/** A doc as stored: its HTML and its sections apart from the rest, as bytes. */
export interface StoredDoc {
  doc: Omit<ProcessedDoc, 'sections' | 'html'>;
  facts: HtmlFacts;
  /** The HTML in UTF-8, or (`htmlV8`) serialised by node:v8: a string UTF-8 cannot hold (a lone surrogate). */
  html: Uint8Array;
  htmlV8?: boolean;
  sections: Uint8Array;
}

export function storedDoc(doc: ProcessedDoc): StoredDoc {
  const { sections, html, ...rest } = doc;
  // (ES2024's isWellFormed, in every Node this runs on (20+); the project's lib is ES2023.)
  const utf8 = (html as string & { isWellFormed(): boolean }).isWellFormed();
  return { doc: rest, facts: htmlFactsOf(html), html: utf8 ? Buffer.from(html, 'utf8') : serialize(html), ...(utf8 ? {} : { htmlV8: true }), sections: serialize(sections) };
}

export const isStoredDoc = (v: unknown): v is StoredDoc => isStoredRest(v) && v.html instanceof Uint8Array && v.sections instanceof Uint8Array;

/** A stored doc but for its HTML and sections (the first piece of its entry: storedDocRest). */
export const isStoredRest = (v: unknown): v is Omit<StoredDoc, 'html' | 'sections'> & Partial<StoredDoc> => {
  const s = v as StoredDoc | null;
  const doc = s?.doc;
  return typeof doc === 'object' && doc !== null && Array.isArray(doc.assets) && typeof s!.facts?.docCards === 'boolean' && typeof s!.facts.mermaid === 'boolean';
};

/**
 * The doc, its `html` and `sections` enumerable properties read on demand (then ordinary ones): whoever reads
 * or copies it (a spread, a structured clone) gets the same values as from a doc made in memory. The bytes
 * were read back whole with the entry: only an entry edited by hand (which could say anything) has sections
 * that do not read; they read as none rather than failing the build (its HTML always decodes to a string).
 * Until its HTML is read or replaced, the doc answers html-facts.ts's questions from the stored facts.
 */
export function withLazySections(stored: StoredDoc): ProcessedDoc {
  // Each getter below keeps only its own piece's bytes alive, not the whole entry's.
  const { html, sections, ...rest } = stored;
  return withLazyPieces(rest, () => html, () => sections);
}

/**
 * withLazySections for a doc whose entry was read only as far as its first piece (`rest`: Pack.head, which
 * checked that the pieces' lengths fill the file): its HTML and sections are read from the entry when first
 * asked for — a one-page build reads ~1.9 KB of each other doc's ~20 KB entry. `read` gives the entry's
 * pieces again; an entry that no longer reads back then (removed or cut short during the build, which no
 * build of this code does to an entry it uses) is an error: a page without its HTML would be a wrong page.
 */
export function withStoredPieces(rest: Omit<StoredDoc, 'html' | 'sections'>, read: () => Uint8Array[] | undefined, entry: string): ProcessedDoc {
  const piece = (i: 1 | 2) => () => {
    const pieces = read();
    if (pieces?.length !== 3) throw new Error(`The build cache's entry ${entry} changed during the build: build again.`);
    return pieces[i]!;
  };
  return withLazyPieces(rest, piece(1), piece(2));
}

function withLazyPieces(stored: Omit<StoredDoc, 'html' | 'sections'>, html: () => Uint8Array, sections: () => Uint8Array): ProcessedDoc {
  const { doc, htmlV8 = false } = stored as StoredDoc & { doc: ProcessedDoc };
  lazy(doc, 'sections', () => {
    const bytes = sections();
    try {
      const read: unknown = deserialize(bytes);
      return Array.isArray(read) ? (read as Section[]) : [];
    } catch {
      return [];
    }
  });
  lazy(doc, 'html', () => htmlOf(html(), htmlV8));
  knowHtmlFacts(doc, stored.facts);
  return doc;
}

function htmlOf(html: Uint8Array, v8: boolean): string {
  if (!v8) return Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
  try {
    const read: unknown = deserialize(html);
    return typeof read === 'string' ? read : '';
  } catch {
    return '';
  }
}

/** Defines `key` on `doc` as read by `read` when first asked for, or set (then an ordinary property). */
function lazy<K extends 'html' | 'sections'>(doc: ProcessedDoc, key: K, read: () => ProcessedDoc[K]): void {
  const settle = (target: object, value: ProcessedDoc[K]) => {
    // The stored facts speak for the stored HTML only, and a data property's later changes go unseen.
    if (key === 'html') forgetHtmlFacts(target);
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(doc, key, {
    enumerable: true,
    configurable: true,
    get(this: ProcessedDoc): ProcessedDoc[K] {
      const value = read();
      settle(this, value);
      return value;
    },
    set(this: ProcessedDoc, value: ProcessedDoc[K]) {
      settle(this, value);
    },
  });
}

/**
 * A stored doc (with `more` fields: the cache's own) as the pieces of one cache entry: the rest serialised,
 * then the HTML's and the sections' bytes as they are, so that reading it back copies neither.
 */
export function storedDocPieces<T extends object>(stored: StoredDoc, more: T): Uint8Array[] {
  const { html, sections, ...rest } = stored;
  return [serialize({ ...rest, ...more }), html, sections];
}

/**
 * The rest of a stored doc from its entry's first piece (undefined: not an object or not readable, as a piece
 * of garbage is; the caller checks the shape).
 */
export function storedDocRest(first: Uint8Array): unknown {
  try {
    const rest: unknown = deserialize(first);
    return typeof rest === 'object' && rest !== null ? rest : undefined;
  } catch {
    return undefined;
  }
}

/** The value of storedDocPieces's pieces (undefined: not three; the caller checks the shape). */
export function assembleStoredDoc(pieces: Uint8Array[]): unknown {
  if (pieces.length !== 3) return undefined;
  const rest: unknown = deserialize(pieces[0]!);
  return typeof rest === 'object' && rest !== null ? { ...rest, html: pieces[1], sections: pieces[2] } : undefined;
}
