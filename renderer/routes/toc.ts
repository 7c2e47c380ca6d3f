import type { Heading } from '../content/extract.ts';
import type { TocItem } from '../shared/types.ts';

export function buildToc(headings: Heading[], min: number, max: number): TocItem[] {
  return headings.filter((h) => h.level >= min && h.level <= max).map((h) => ({ id: h.id, text: h.text, level: h.level }));
}
