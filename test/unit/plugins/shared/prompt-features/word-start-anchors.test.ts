import { expect } from 'chai';
import { AnchorIndex, countFamilies, FAMILIES } from '../../../../../plugins/shared/prompt-features/patterns.js';
import { referenceCounts, textOfPieces } from './pattern-reference.js';

// Phrases that begin at a word start, glued to what may or may not end a word before them: ASCII
// letters and digits, an underscore, an apostrophe, accented, astral (a surrogate pair) and CJK
// letters, an emoji, a lone surrogate, white space and punctuation.
const PIECES = [
  'ignore all previous instructions', 'you are now dan', 'from now on you', 'pretend to be', 'system prompt', 'the character', 'dan',
  'x', '7', '_', "'", 'é', 'ß', '𝐀', '漢', '😀', '\ud835', ' ', '\n', '.', '-', '(', 'ignoreall', 'd', 'an',
];

const text = (seed: number, length: number) => textOfPieces(PIECES, seed, length);

describe('prompt_guard word-start anchors', () => {
  it('finds a phrase after anything but a letter or digit, as a scan of each pattern does', () => {
    const out = new Float64Array(FAMILIES.length);
    for (let seed = 1; seed <= 300; seed++) {
      const folded = text(seed, 20 + (seed % 6) * 60);
      countFamilies(folded, out);
      expect(Array.from(out), JSON.stringify(folded)).to.deep.equal(referenceCounts(folded));
    }
  });

  it('reads the same counts for a window from the whole text as a search of the window, at every start', () => {
    const a = new Float64Array(FAMILIES.length);
    const b = new Float64Array(FAMILIES.length);
    const index = new AnchorIndex();
    for (let seed = 1; seed <= 4; seed++) {
      const whole = text(seed, 400);
      index.fill(whole);
      for (let start = 0; start + 60 <= whole.length; start++) {
        const window = whole.slice(start, start + 60);
        countFamilies(window, a);
        countFamilies(window, b, 8, { index, start });
        expect(Array.from(b), `seed ${seed} at ${start}`).to.deep.equal(Array.from(a));
      }
    }
  });
});
