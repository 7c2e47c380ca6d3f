import { describe, expect, it } from 'vitest';
import { fold, highlight, parseHighlighted, plainText, processTerm, snippet, tokenize } from './search-text.ts';

describe('folding and tokens', () => {
  it('folds case and diacritics', () => {
    expect(fold('Configuração Avançada')).toBe('configuracao avancada');
    expect(fold('Cómputo ÉLASTICO ñandú')).toBe('computo elastico nandu');
    expect(processTerm('Ação')).toBe('acao');
    expect(processTerm('')).toBeNull();
  });

  it('splits on spaces and punctuation, keeping letters with digits', () => {
    expect(tokenize('EC2, S3 e Lambda@Edge (x86_64).')).toEqual(['EC2', 'S3', 'e', 'Lambda', 'Edge', 'x86', '64']);
  });
});

describe('highlight', () => {
  it('marks whole tokens whose folded form matched, keeping the original text', () => {
    expect(highlight('A Configuração do Lambda', new Set(['configuracao', 'lambda']))).toEqual([
      { text: 'A ' },
      { text: 'Configuração', mark: true },
      { text: ' do ' },
      { text: 'Lambda', mark: true },
    ]);
  });

  it('marks nothing without matched terms, and never a part of a word', () => {
    expect(highlight('DynamoDB tables', new Set())).toEqual([{ text: 'DynamoDB tables' }]);
    expect(highlight('DynamoDB tables', new Set(['dynamo']))).toEqual([{ text: 'DynamoDB tables' }]);
  });

  it('keeps markup-looking text as text', () => {
    const segments = highlight('<img src=x onerror=alert(1)> lambda', new Set(['lambda']));
    expect(plainText(segments)).toBe('<img src=x onerror=alert(1)> lambda');
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['lambda']);
  });
});

describe('snippet', () => {
  const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';

  it('a window of N words around the first match, with ellipses where cut', () => {
    const s = snippet(text, new Set(['nine']), 5);
    expect(plainText(s)).toBe('…eight nine ten eleven twelve…');
    expect(s.find((x) => x.mark)?.text).toBe('nine');
  });

  it('the start of the text when nothing matched; the whole text when it is short', () => {
    expect(plainText(snippet(text, new Set(), 10))).toBe('one two three four five six seven eight nine ten…');
    expect(plainText(snippet('short text here', new Set(['text']), 10))).toBe('short text here');
    expect(plainText(snippet(text, new Set(['fifteen']), 5))).toBe('…eleven twelve thirteen fourteen fifteen');
  });
});

describe('engine highlight strings', () => {
  it('only the exact highlight tags become marks; anything else stays text', () => {
    expect(parseHighlighted('<em>x</em> <mark>Lambda</mark> & <b>', '<mark>', '</mark>')).toEqual([
      { text: '<em>x</em> ' },
      { text: 'Lambda', mark: true },
      { text: ' & <b>' },
    ]);
    expect(parseHighlighted('no tags', '<mark>', '</mark>')).toEqual([{ text: 'no tags' }]);
    expect(parseHighlighted('<mark>unclosed', '<mark>', '</mark>')).toEqual([{ text: 'unclosed', mark: true }]);
  });
});
