import { describe, expect, it } from 'vitest';
import { fold } from './search-lang.ts';
import { highlight, parseHighlighted, plainText, snippet, tokenize } from './search-text.ts';

/** Matches tokens whose folded form is one of `words`. */
const inSet = (...words: string[]) => (token: string) => words.includes(fold(token));

describe('tokens', () => {
  it('splits on spaces and punctuation, keeping letters with digits', () => {
    expect(tokenize('EC2, S3 e Lambda@Edge (x86_64).')).toEqual(['EC2', 'S3', 'e', 'Lambda', 'Edge', 'x86', '64']);
  });
});

describe('highlight', () => {
  it('marks whole tokens whose folded form matched, keeping the original text', () => {
    expect(highlight('A Configuração do Lambda', inSet('configuracao', 'lambda'))).toEqual([
      { text: 'A ' },
      { text: 'Configuração', mark: true },
      { text: ' do ' },
      { text: 'Lambda', mark: true },
    ]);
  });

  it('marks nothing without matched terms, and never a part of a word', () => {
    expect(highlight('DynamoDB tables', inSet())).toEqual([{ text: 'DynamoDB tables' }]);
    expect(highlight('DynamoDB tables', inSet('dynamo'))).toEqual([{ text: 'DynamoDB tables' }]);
  });

  it('keeps markup-looking text as text', () => {
    const segments = highlight('<img src=x onerror=alert(1)> lambda', inSet('lambda'));
    expect(plainText(segments)).toBe('<img src=x onerror=alert(1)> lambda');
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['lambda']);
  });
});

describe('snippet', () => {
  const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';

  it('a window of N words around the first match, with ellipses where cut', () => {
    const s = snippet(text, inSet('nine'), 5);
    expect(plainText(s)).toBe('…eight nine ten eleven twelve…');
    expect(s.find((x) => x.mark)?.text).toBe('nine');
  });

  it('the start of the text when nothing matched; the whole text when it is short', () => {
    expect(plainText(snippet(text, inSet(), 10))).toBe('one two three four five six seven eight nine ten…');
    expect(plainText(snippet('short text here', inSet('text'), 10))).toBe('short text here');
    expect(plainText(snippet(text, inSet('fifteen'), 5))).toBe('…eleven twelve thirteen fourteen fifteen');
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
