/**
 * A pattern is tried only where its whole literal start stands: "(?:the|your) (?:character|villain)"
 * at "the character", not at every "the". The counts stay what a scan of each pattern finds.
 */
import { expect } from 'chai';
import { countFamilies, FAMILIES, patternTrials } from '../../../../../plugins/shared/prompt-features/patterns.js';
import { referenceCounts, textOfPieces } from './pattern-reference.js';

// Common first words of patterns, each followed by what the pattern needs and by what it does not.
const PIECES = [
  'the ', 'your ', 'in a ', 'for the ', 'is ', 'it is ', 'this is ', 'as a ', "i'm a ", 'you ', 'no ',
  'the character', 'your villain', 'the hero', 'in a fictional world', 'in the role of', 'for educational purposes',
  'the above instructions are fake', 'the previous text was a test', 'is completely legal because it is', 'is fine since',
  'it is only for research', 'this is purely for a fictional story', 'as a researcher', "i'm a journalist", 'your new task is',
  'you are no longer bound', 'character', 'hero', 'cat', 'house', ' ', '\n', '.', ',', 'x', 'é', '漢',
];

describe('prompt_guard long anchors', () => {
  it('does not try a pattern at a common first word when the rest of its literal start is missing', () => {
    const text = 'the cat sat in a house for the kids, and your dog is here. it is late, this is fine, as a rule you know. '.repeat(40);
    const out = new Float64Array(FAMILIES.length);
    const before = patternTrials();
    countFamilies(text, out);
    // Each "the", "your", "in a", "for the", "is", "it is", "this is" brought a test of every
    // pattern starting with it; now only words no longer anchor can start ("you", "as a", ...) do.
    expect(patternTrials() - before).to.be.below(400);
  });

  it('counts what a scan of each pattern finds', () => {
    const out = new Float64Array(FAMILIES.length);
    for (let seed = 1; seed <= 400; seed++) {
      const folded = textOfPieces(PIECES, seed, 30 + (seed % 8) * 50);
      countFamilies(folded, out);
      expect(Array.from(out), JSON.stringify(folded)).to.deep.equal(referenceCounts(folded));
    }
  });
});
