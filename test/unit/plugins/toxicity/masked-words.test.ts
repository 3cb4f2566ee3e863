import { expect } from 'chai';
import { replaceMaskedWords } from '../../../../plugins/toxicity/masked-words.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

// The straightforward reading: every word (a run between single spaces) holding a `*`, matched from a word start.
const MASKED_WORD = /(?<![^ ])[^ *]*\*[^ ]*/g;

describe('toxicity masked words', () => {
  it('replaces every word holding a `*` as one expression over the whole text does, and nothing else', () => {
    const pieces = ['f*ck', '**bold**', '*', 'word', 'sh*t', 'a', 'n***a', 'x*', '*y', 'plain', 'ok'];
    const random = rng(353);
    for (let n = 0; n < 5000; n++) {
      const words = Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]);
      const text = words.join(' ');
      const seen: string[] = [];
      const replace = (word: string) => {
        seen.push(word);
        return `<${word.length}>`;
      };
      const expectedSeen: string[] = [];
      const expected = text.replace(MASKED_WORD, (word) => {
        expectedSeen.push(word);
        return `<${word.length}>`;
      });
      expect(replaceMaskedWords(text, replace), text).to.equal(expected);
      expect(seen, text).to.deep.equal(expectedSeen);
    }
  });

  it('gives a text without `*` back as it is', () => {
    const text = 'nothing masked here';
    expect(replaceMaskedWords(text, () => 'x')).to.equal(text);
  });
});
