import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format.ts';

describe('dateFormat', () => {
  it('keeps one formatter per language and option set, formatting as a new one would', () => {
    const long = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    const a = dateFormat('pt-BR', long);
    expect(dateFormat('pt-BR', { ...long })).toBe(a);
    expect(dateFormat('es', long)).not.toBe(a);
    expect(dateFormat('pt-BR', { ...long, month: 'short' })).not.toBe(a);
    const day = new Date('2026-11-28T12:00:00Z');
    expect(a.format(day)).toBe(new Intl.DateTimeFormat('pt-BR', long).format(day));
    expect(a.format(day)).toBe('28 de novembro de 2026');
  });
});
