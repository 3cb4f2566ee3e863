import { expect } from 'chai';
import { mayBeSpaced } from '../../../../plugins/toxicity/letter-scan.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

// normalize.ts's expression for spaced-out letters (`f u c k`).
const SPACED = /\b(?:\p{L} ){2,}\p{L}\b/gu;

describe('toxicity spaced-out letters', () => {
  it('a one-letter word inside prose does not send the spaced-letters expression over the text', () => {
    // The last letter of `what` is no single letter: `what a day` holds no spaced-out word.
    for (const text of ['what a day', 'is a b', 'do i o', 'send a file to a friend']) expect(mayBeSpaced(text), text).to.equal(false);
  });

  it('spaced-out letters are still found, at the start, after a space, a digit or a letter outside a-z', () => {
    for (const text of ['f u c k', 'you are a f u c k', 'x1 b i t c h', '2 s h i t', 'é s h i t', 'ñb i t']) expect(mayBeSpaced(text), text).to.equal(true);
  });

  it('says no only where the expression would change nothing', () => {
    const pieces = ['a', 'b', 'é', 'ab', 'what', '1', 'x2', ' ', ' ', 'f ', 'u ', 'é ', '*', 'ñ', 'I', '_'];
    const random = rng(35);
    let spaced = 0;
    for (let n = 0; n < 20000; n++) {
      let text = '';
      const length = 1 + Math.floor(random() * 14);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      if (text.replace(SPACED, (w) => w.replace(/ /g, '')) !== text) {
        spaced++;
        expect(mayBeSpaced(text), JSON.stringify(text)).to.equal(true);
      }
    }
    expect(spaced).to.be.greaterThan(100);
  });
});
