// "Did you mean …?" for keys nobody knows, in front matter and category files. Many unknown keys in one
// file make one short line, not a list as long as the file.

const MAX_LISTED = 5;
const MAX_KEY_CHARS = 40;

const normalise = (key: string) => key.toLowerCase().replace(/[\s-]+/g, '_');

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** The known key closest to `key`, when it is close enough to be a likely typo. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  if (key.length > 60) return undefined;
  const k = normalise(key);
  let best: { key: string; d: number } | undefined;
  for (const candidate of known) {
    const d = distance(k, candidate);
    if (!best || d < best.d) best = { key: candidate, d };
  }
  return best && best.d <= Math.max(2, Math.floor(best.key.length / 3)) ? best.key : undefined;
}

const show = (key: string) => JSON.stringify(key.length > MAX_KEY_CHARS ? `${key.slice(0, MAX_KEY_CHARS)}…` : key);

export function unknownKeysWarning(keys: string[], ctx: { file: string; what?: string; lineOfKey: (key: string) => number; nearest: (key: string) => string | undefined }): { file: string; line: number; message: string } {
  const line = ctx.lineOfKey(keys[0]!);
  const what = ctx.what ?? 'front-matter key';
  if (keys.length === 1) {
    const near = ctx.nearest(keys[0]!);
    return { file: ctx.file, line, message: `unknown ${what} ${show(keys[0]!)}, ignored${near ? ` (did you mean ${near}?)` : ''}` };
  }
  const listed = keys.slice(0, MAX_LISTED).map((k) => {
    const near = ctx.nearest(k);
    return near ? `${show(k)} (did you mean ${near}?)` : show(k);
  });
  const more = keys.length > MAX_LISTED ? ` and ${keys.length - MAX_LISTED} more` : '';
  return { file: ctx.file, line, message: `${keys.length} unknown ${what}s, ignored: ${listed.join(', ')}${more}` };
}
