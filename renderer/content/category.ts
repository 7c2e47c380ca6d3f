import * as z from 'zod';
import { ContentError } from '../errors.ts';

export const categorySchema = z.strictObject({
  label: z.string().min(1),
  position: z.number().optional(),
  description: z.string().optional(),
  collapsed: z.boolean().optional(),
});
export type CategoryMeta = z.infer<typeof categorySchema>;

export function parseCategory(source: string, file: string): CategoryMeta {
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? source.slice(0, Number(m[1])).split('\n').length : undefined;
    throw new ContentError(`Invalid JSON in _category_.json: ${(err as Error).message}`, { file, line });
  }
  const result = categorySchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ContentError(`Invalid _category_.json: ${lines.join('; ')}`, { file }, { hint: 'Expected {"label": "…", "position": 1, "description": "…"}.' });
  }
  return result.data;
}
