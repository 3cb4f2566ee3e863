import { expect } from 'chai';
import { joinSymbols, tidy, unleet } from '../../../../plugins/toxicity/letter-scan.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

// The expressions the scans stand for (normalize.ts keeps them for text with surrogates).
const REPEATED = /(\p{L})\1{2,}/gu;
const JUNK = /[^\p{L}0-9*\s]+/gu;
const tidyByExpressions = (s: string) => s.replace(REPEATED, '$1$1').replace(JUNK, ' ').replace(/\s+/g, ' ').trim();

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
});
