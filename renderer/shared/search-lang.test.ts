import { describe, expect, it } from 'vitest';
import { fold, searchLanguageOf, termOf } from './search-lang.ts';

const term = (word: string, lang: 'pt' | 'es' | 'en' | '') => termOf(fold(word), lang);

describe('search terms by language', () => {
  it('folds case and diacritics', () => {
    expect(fold('Configuração Avançada')).toBe('configuracao avancada');
    expect(fold('Cómputo ÉLASTICO ñandú')).toBe('computo elastico nandu');
  });

  it('picks the language of a locale', () => {
    expect(['pt-BR', 'es', 'en', 'en-GB', 'fr'].map(searchLanguageOf)).toEqual(['pt', 'es', 'en', 'en', '']);
  });

  it('Portuguese: one stem for singular, plural, with or without accents', () => {
    const forms = ['configurações', 'configuração', 'configuracao', 'configuracoes'].map((w) => term(w, 'pt'));
    expect(new Set(forms).size).toBe(1);
    expect(term('mensagens', 'pt')).toBe(term('mensagem', 'pt'));
    expect(term('funções', 'pt')).toBe(term('função', 'pt'));
    expect(term('balanceador', 'pt')).toBe(term('balanceamento', 'pt'));
    expect(term('filas', 'pt')).toBe(term('fila', 'pt'));
    expect(term('migração', 'pt')).toBe(term('migrar', 'pt'));
  });

  it('Spanish: "imágenes" and "imagen", "configuración" with or without its accent', () => {
    expect(term('imágenes', 'es')).toBe(term('imagen', 'es'));
    expect(term('configuracion', 'es')).toBe(term('configuraciones', 'es'));
    expect(term('colas', 'es')).toBe(term('cola', 'es'));
    expect(term('migración', 'es')).toBe(term('migrar', 'es'));
  });

  it('English: plurals and verb forms', () => {
    expect(term('queues', 'en')).toBe(term('queue', 'en'));
    expect(term('databases', 'en')).toBe(term('database', 'en'));
    expect(term('running', 'en')).toBe('run');
  });

  it('drops stop words of the language only, keeps short words, names and numbers', () => {
    expect(term('de', 'pt')).toBeNull();
    expect(term('the', 'en')).toBeNull();
    expect(term('as', 'en')).toBeNull();
    expect(term('sem', 'pt')).toBe('sem');
    expect(term('the', 'pt')).toBe('the');
    expect(term('S3', 'en')).toBe('s3');
    expect(term('ec2', 'pt')).toBe('ec2');
    expect(term('Ação', '')).toBe('acao');
  });
});
