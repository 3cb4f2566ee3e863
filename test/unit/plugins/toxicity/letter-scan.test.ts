import { expect } from 'chai';
import { joinSymbols, LEET_LETTERS, mayBeSpaced, tidy, unleet } from '../../../../plugins/toxicity/letter-scan.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

// The expressions the scans stand for (normalize.ts keeps them for text with surrogates).
const REPEATED = /(\p{L})\1{2,}/gu;
const JUNK = /[^\p{L}0-9*\s]+/gu;
const tidyByExpressions = (s: string) => s.replace(REPEATED, '$1$1').replace(JUNK, ' ').replace(/\s+/g, ' ').trim();
const LEET_TOKEN = /(?<![\p{L}0-9@$!|€£])\p{L}*[0-9@$!|€£][\p{L}0-9@$!|€£]*/gu;
const unleetByExpression = (s: string) =>
  s.replace(LEET_TOKEN, (w) => {
    const word = w.replace(/!+$/, '');
    return /\p{L}/u.test(word) && /[0-9@$!|€£]/.test(word) ? word.replace(/[0-9@$!|€£]/g, (c) => LEET_LETTERS[c] ?? c) : w;
  });
const IN_WORD_SYMBOLS = /\p{L}(?:[.\-_~^'"`+]+\p{L})+/gu;
const joinSymbolsByExpression = (s: string) =>
  s.replace(IN_WORD_SYMBOLS, (w) => {
    const letters = w.replace(/\P{L}/gu, '');
    return letters.length <= 12 ? letters : w;
  });
const isWordUnit = (c: string | undefined) => c !== undefined && /\w/.test(c);
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
/** mayBeSpaced read position by position: a space at i and i + 2, letters at i - 1, i + 1, i + 3, and `\b` before i - 1. */
const mayBeSpacedByPositions = (s: string) => {
  for (let i = 1; i + 3 < s.length; i++) {
    if (s[i] === ' ' && s[i + 2] === ' ' && isLetter(s[i - 1]) && isLetter(s[i + 1]) && isLetter(s[i + 3]) && isWordUnit(s[i - 2]) !== isWordUnit(s[i - 1])) return true;
  }
  return false;
};
const SPACED = /\b(?:\p{L} ){2,}\p{L}\b/u;

describe('toxicity letter scans', () => {
  // Pieces that give the scans work: runs of one letter or digit, separators of every kind at
  // either end and between words, leetspeak, symbols inside words, accents, a wildcard.
  const pieces = ['a', 'b', 'aa', 'aaa', 'aaaa', 'é', 'ééé', 'ß', '1', '111', '*', '**', ' ', '  ', '\n', '\t', '\u00a0', '.', '!!', '-', ',', 'f.u.c.k', 'sh1t', '@ss', 'word', 'x2', '€', '_', 'fuuuuck', 'zz'];
  const texts = (seed: number, count: number) => {
    const random = rng(seed);
    return Array.from({ length: count }, () => {
      let text = '';
      const length = Math.floor(random() * 16);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      return text;
    });
  };

  it('tidy gives what its expressions give: runs of three or more letters cut to two, separators to one space, none at either end', () => {
    for (const text of texts(3535, 20000)) expect(tidy(text), JSON.stringify(text)).to.equal(tidyByExpressions(text));
  });

  it('tidy leaves a run of digits or wildcards whole, and a text with nothing to change as it is', () => {
    expect(tidy('room 1111 f***')).to.equal('room 1111 f***');
    expect(tidy('baaad  idea!!!')).to.equal('baad idea');
    expect(tidy('\n\n  hello   there  ')).to.equal('hello there');
  });

  it('the scans in a row give the same text, whatever ran before them in the same buffer', () => {
    for (const text of texts(77, 3000)) {
      const once = tidy(joinSymbols(unleet(text)));
      expect(tidy(joinSymbols(unleet(text))), JSON.stringify(text)).to.equal(once);
    }
  });

  // Pieces for the scans that jump from one leet character, symbol or single letter to the next:
  // runs of letters and leet characters with and without closing `!`, symbols between letters
  // (more than 12 of them too), spaced single letters after a word or a digit.
  const jumpPieces = ['a', 'b', 'é', 'word', 'sh1t', 'b!tch!!', 'wow!', '2014', '@ss', '$', '|', '!', '.', "'", '-', '--', '_', '+', '"', '`', '^', '~', 'f.u.c.k', 'a.b.c.d.e.f.g.h.i.j.k.l.m.n', ' ', ' ', ' ', 'x ', ' y', 'f u c k', '1 ', '\n', '*', '€', 'e.g.'];
  const jumpTexts = (seed: number, count: number) => {
    const random = rng(seed);
    return Array.from({ length: count }, () => {
      let text = '';
      const length = Math.floor(random() * 24);
      for (let k = 0; k < length; k++) text += jumpPieces[Math.floor(random() * jumpPieces.length)];
      return text;
    });
  };

  it('unleet spells leetspeak out as its expression does (closing `!`s apart, which tidy removes either way)', () => {
    for (const text of jumpTexts(35, 20000)) expect(tidy(unleet(text)), JSON.stringify(text)).to.equal(tidy(unleetByExpression(text)));
  });

  it('joinSymbols joins the letters around symbols as its expression does', () => {
    for (const text of jumpTexts(36, 20000)) expect(joinSymbols(text), JSON.stringify(text)).to.equal(joinSymbolsByExpression(text));
  });

  it('mayBeSpaced finds three spaced single letters after a word boundary exactly where a position-by-position reading does, and whenever the spaced-letters expression matches', () => {
    for (const text of jumpTexts(37, 20000)) {
      const found = mayBeSpaced(text);
      expect(found, JSON.stringify(text)).to.equal(mayBeSpacedByPositions(text));
      if (SPACED.test(text)) expect(found, JSON.stringify(text)).to.equal(true);
    }
  });
});
