// A doc's strings live for the whole build: ownString's copy must be its own and as small as its characters
// allow. V8's serialiser writes a string as it is held (one byte a character or two), so its first tag says
// how the copy is held.
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ownString } from './own-string.ts';

const ONE_BYTE = 0x22;
const TWO_BYTE = 0x63;
/** How V8 holds `s`: its serialised form's tag, after the header and any padding (zeros: two-byte data is aligned). */
const heldAs = (s: string) => serialize(s).subarray(2).find((b) => b !== 0);

// A Markdown source with one character that one byte cannot hold (the corpus's titles: "X — guia rápido").
const SOURCE = `# Cyra Gateway — guia rápido\n\n${'Configuração escala tópico acesso automática em instância. '.repeat(40)}\n`;

describe('ownString', () => {
  it('gives the same characters, short and long, wide or not', () => {
    for (const text of ['', 'abc', 'twelve chars', 'thirteen char', SOURCE, SOURCE.slice(30, 300), 'Cyra Gateway — guia rápido']) {
      expect(ownString(text)).toBe(text);
    }
  });

  it('holds a cut of a two-byte source one byte a character when every character fits one', () => {
    const cut = SOURCE.slice(31, 400).trim();
    expect(heldAs(cut)).toBe(TWO_BYTE);
    expect(heldAs(ownString(cut))).toBe(ONE_BYTE);
    expect(ownString(cut)).toBe(cut);
  });

  it('keeps two bytes a character for a text that has a wider one', () => {
    const heading = SOURCE.slice(2, 28);
    expect(heldAs(ownString(heading))).toBe(TWO_BYTE);
    expect(ownString(heading)).toBe('Cyra Gateway — guia rápido');
  });
});
