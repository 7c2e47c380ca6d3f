// Checks the locale files against the source locale: same keys, non-empty strings, same placeholders.
import * as z from 'zod';

const stringsSchema = z.record(z.string(), z.string().min(1));

export function checkStrings(locale: string, raw: unknown, source: Record<string, string>): string[] {
  const parsed = stringsSchema.safeParse(raw);
  if (!parsed.success) return parsed.error.issues.map((i) => `i18n/${locale}.json: ${i.path.join('.')}: ${i.message}`);
  const problems: string[] = [];
  const strings = parsed.data;
  for (const key of Object.keys(source)) {
    if (!(key in strings)) problems.push(`i18n/${locale}.json: missing key "${key}"`);
    else {
      const want = placeholders(source[key]!);
      const got = placeholders(strings[key]!);
      if (want !== got) problems.push(`i18n/${locale}.json: "${key}" must use the placeholders ${want || '(none)'}, not ${got || '(none)'}`);
    }
  }
  for (const key of Object.keys(strings)) if (!(key in source)) problems.push(`i18n/${locale}.json: unknown key "${key}" (not in the source locale)`);
  return problems;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
}
