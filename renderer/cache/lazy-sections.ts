// A doc from the build cache keeps its text sections serialised until something reads them. They are a third
// of a stored doc and most of its objects, and only the search records (of pages whose key the search stage
// does not know: search/build-search.ts) and a route's description without front matter read them: a warm
// build with nothing changed deserialised and then collected every doc's sections for nothing.
import { deserialize, serialize } from 'node:v8';
import type { ProcessedDoc } from '../content/process-doc.ts';
import type { Section } from '../content/extract.ts';

/** A doc as stored: its sections serialised apart from the rest. */
export interface StoredDoc {
  doc: Omit<ProcessedDoc, 'sections'>;
  sections: Uint8Array;
}

export function storedDoc(doc: ProcessedDoc): StoredDoc {
  const { sections, ...rest } = doc;
  return { doc: rest, sections: serialize(sections) };
}

export const isStoredDoc = (v: unknown): v is StoredDoc => {
  const doc = (v as StoredDoc | null)?.doc;
  return typeof doc === 'object' && doc !== null && typeof doc.html === 'string' && Array.isArray(doc.assets) && (v as StoredDoc).sections instanceof Uint8Array;
};

/**
 * The doc, its `sections` an enumerable property read on demand (then an ordinary one): whoever reads or
 * copies it (a spread, a structured clone) gets the same value as from a doc made in memory. The bytes were
 * read back whole with the entry: only an entry edited by hand (which could say anything) has sections that
 * do not read; they read as none rather than failing the build.
 */
export function withLazySections(stored: StoredDoc): ProcessedDoc {
  const { sections } = stored;
  const settle = (doc: object, value: Section[]) => Object.defineProperty(doc, 'sections', { value, writable: true, enumerable: true, configurable: true });
  return Object.defineProperty(stored.doc, 'sections', {
    enumerable: true,
    configurable: true,
    get(this: ProcessedDoc): Section[] {
      let value: Section[];
      try {
        const read: unknown = deserialize(sections);
        value = Array.isArray(read) ? (read as Section[]) : [];
      } catch {
        value = [];
      }
      settle(this, value);
      return value;
    },
    set(this: ProcessedDoc, value: Section[]) {
      settle(this, value);
    },
  }) as ProcessedDoc;
}
