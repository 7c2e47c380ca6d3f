// Plain-text views of a Markdown body for the content test: headings, sections, word counts, prose units
// and links. Line-based on purpose: the pages use a small, regular subset of Markdown (content brief), and a
// line view lets failure messages point at what the writer sees.

export interface BodyLine {
  text: string;
  /** Inside a fenced code block (the fence lines included). */
  code: boolean;
}

const FENCE = /^\s*(```|~~~)/;

export function bodyLines(body: string): BodyLine[] {
  const out: BodyLine[] = [];
  let fence: string | null = null;
  for (const text of body.split('\n')) {
    const m = FENCE.exec(text);
    if (fence === null && m) {
      fence = m[1]!;
      out.push({ text, code: true });
    } else if (fence !== null) {
      out.push({ text, code: true });
      if (text.trim().startsWith(fence)) fence = null;
    } else {
      out.push({ text, code: false });
    }
  }
  return out;
}

/** The h2 headings of the body, in order (fenced code ignored). */
export function h2Headings(body: string): string[] {
  return bodyLines(body)
    .filter((l) => !l.code && /^## /.test(l.text))
    .map((l) => l.text.slice(3).trim());
}

export function hasH1(body: string): boolean {
  return bodyLines(body).some((l) => !l.code && /^# /.test(l.text));
}

/** The lines under an h2 heading, up to the next h2 (fenced code included). */
export function sectionLines(body: string, heading: string): BodyLine[] {
  const lines = bodyLines(body);
  const start = lines.findIndex((l) => !l.code && l.text.trim() === `## ${heading}`);
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !l.code && /^## /.test(l.text));
  return end < 0 ? rest : rest.slice(0, end);
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/**
 * Word count rule (the 350-word floor): the body after the front matter, without fenced code blocks (fences
 * and contents) and without GFM table separator rows (`|---|:--:|`); the rest is split on whitespace and a
 * token counts as a word when it holds at least one letter or digit, so Markdown punctuation such as `|`,
 * `-` list markers or `:::` fences never counts, while table cells, list items and headings do.
 */
export function countWords(body: string): number {
  let n = 0;
  for (const line of bodyLines(body)) {
    if (line.code || TABLE_SEPARATOR.test(line.text)) continue;
    for (const token of line.text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  }
  return n;
}

/** The body with code removed and whitespace collapsed: two locales must never be equal on this. */
export function normalisedText(body: string): string {
  return bodyLines(body)
    .filter((l) => !l.code)
    .map((l) => l.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The prose units of a body: each paragraph (consecutive plain lines joined) and each list item, without code
 * blocks, tables, headings and admonition fences. Inline code and link targets are dropped and links keep
 * only their text, so that shared code, URLs and linked service names never make two units look alike.
 */
export function proseUnits(body: string): string[] {
  const units: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) units.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const line of bodyLines(body)) {
    const t = line.text.trim();
    if (line.code || t === '' || t.startsWith('|') || t.startsWith('#') || t.startsWith(':::')) {
      flush();
      continue;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(t);
    if (item) {
      flush();
      units.push(item[1]!);
    } else {
      paragraph.push(t.replace(/^>\s?/, ''));
    }
  }
  flush();
  return units.map(stripInline).filter((u) => u.length > 0);
}

function stripInline(text: string): string {
  return text
    .replace(/`[^`]*`/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[*_~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MdLink {
  text: string;
  href: string;
}

/** Inline links `[text](href)` of the given lines (fenced code ignored). */
export function links(lines: BodyLine[]): MdLink[] {
  const out: MdLink[] = [];
  for (const line of lines) {
    if (line.code) continue;
    const withoutCode = line.text.replace(/`[^`]*`/g, '');
    for (const m of withoutCode.matchAll(/(?<!!)\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ text: m[1]!, href: m[2]! });
  }
  return out;
}

/** The first non-blank line of the body (for the retired-service warning). */
export function firstLine(body: string): string {
  return body.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
}

// Word forms Spanish gives only to "tú" (possessives, present and subjunctive second person of verbs the
// pages use). The site addresses its reader as "usted"; forms shared with other persons ("activas",
// "controles", "despliegues") are left out so the check never flags correct text.
const TU_FORMS = new Set(
  (
    'tu tus contigo tuyo tuya tuyos tuyas puedes debes tienes quieres necesitas usas pagas defines ' +
    'eliges creas configuras haces sabes estás eres lanzas ejecutas guardas despliegas escribes ' +
    'recibes obtienes conectas decides prefieres eliminas borras habilitas migras definas elimines ' +
    'tengas hagas puedas sepas quieras necesites pagues elijas configures migres habilites revises ' +
    'consultes olvides lances ejecutes guardes escribas recibas obtengas conectes decidas prefieras ' +
    'borres asegúrate fíjate tú'
  ).split(' '),
);

/** Words of a Spanish body, outside code and link targets, that only "tú" takes (see TU_FORMS), per line. */
export function tuForms(body: string): { line: number; word: string }[] {
  const out: { line: number; word: string }[] = [];
  bodyLines(body).forEach((l, i) => {
    if (l.code) return;
    const text = l.text.replace(/`[^`]*`/g, ' ').replace(/\]\([^)]*\)/g, ']');
    for (const m of text.matchAll(/[\p{L}]+/gu)) {
      if (TU_FORMS.has(m[0].toLowerCase())) out.push({ line: i + 1, word: m[0] });
    }
  });
  return out;
}
