// A processed doc with some of its fields replaced. Not a spread: a doc from the build cache reads its HTML
// and text sections on demand (cache/lazy-sections.ts), and a spread would read them for every doc it copies.
import type { ProcessedDoc } from './process-doc.ts';

export function docWith(doc: ProcessedDoc, fields: Partial<ProcessedDoc>): ProcessedDoc {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(doc)) as ProcessedDoc, fields);
}
