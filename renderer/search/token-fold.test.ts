// foldToken must give fold's string for every token, whatever its characters: the index's words are looked
// up by the browser's fold of what the visitor types.
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/search-lang.ts';
import { foldToken } from './token-fold.ts';

describe('foldToken', () => {
  it("is fold for every pair of Latin code units (the table's) and beside one past them", () => {
    const units = Array.from({ length: 0x260 }, (_, u) => String.fromCharCode(u));
    for (const a of units) {
      for (const b of units) {
        const token = a + b;
        if (foldToken(token) !== fold(token)) expect.fail(`${JSON.stringify(token)}: ${JSON.stringify(foldToken(token))} vs ${JSON.stringify(fold(token))}`);
      }
    }
  });

  it('is fold for words with marks, ligatures, Greek and text beyond the BMP', () => {
    for (const token of ['Configuração', 'IMÁGENES', 'ǅemal', 'İstanbul', 'ǖǘ', 'Æsir', 'straße', 'ΟΔΟΣ', 'ﬁle', 'e\u0301te\u0301', 'x😀y', 'Ŀl', 'ŉ']) {
      expect(foldToken(token)).toBe(fold(token));
    }
  });
});
