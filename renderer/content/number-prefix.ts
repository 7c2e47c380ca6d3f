// Number prefixes as Docusaurus reads them: `01-intro.md` and `02-guides/` are ordered by their number,
// and the number leaves their ids, labels and URLs. Dates and versions (`2024-01-05-notes`, `1.2-x`) are
// names, not positions.

const PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;
const DATE_OR_VERSION = /^\d+[-_.]\d+/;

export interface PrefixedName {
  name: string;
  position?: number;
}

export function parseNumberPrefix(name: string): PrefixedName {
  if (DATE_OR_VERSION.test(name)) return { name };
  const m = PREFIX.exec(name);
  return m ? { name: m[2]!, position: Number(m[1]) } : { name };
}

/** `02-guides/01-setup` → `guides/setup`. */
export function stripPathNumberPrefixes(path: string): string {
  return path
    .split('/')
    .map((segment) => parseNumberPrefix(segment).name)
    .join('/');
}
