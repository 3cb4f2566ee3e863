import { expect } from 'chai';
import { extractFeatures, FeatureCounts } from '../../../../plugins/toxicity/features.js';
import { toxicityModel } from '../../../../plugins/toxicity/model.js';

describe('toxicity features', () => {
  const entries = (f: FeatureCounts) => [...f.entries()];

  it('a reused table counts each text as a fresh one does, past the wrap of its rounds', () => {
    const text = 'you are such a stupid stupid idiot';
    const expected = entries(extractFeatures(text));
    const reused = new FeatureCounts(12);
    for (let i = 0; i < 5000; i++) {
      extractFeatures(i % 2 ? text : `other words ${i}`, reused);
      if (i % 2) expect(entries(reused)).to.deep.equal(expected);
    }
  });

  it('counts a repeated feature once with its number of occurrences', () => {
    const counts = new Map(entries(extractFeatures('spam spam spam')));
    expect(Math.max(...counts.values())).to.equal(3);
  });

  it('reads a word, its character 3- and 4-grams with the spaces around it, and nothing longer', () => {
    // ` abcdef `: the word, six 3-grams and five 4-grams (5-grams would add four more).
    const features = extractFeatures('abcdef');
    let occurrences = 0;
    for (const [, count] of features.entries()) occurrences += count;
    expect(occurrences).to.equal(1 + 6 + 5);
  });

  it('keeps the weights a window probes within 256 KB, so they stay in a core cache', () => {
    // Every feature of every window reads one random entry of this table (4 bytes with its count).
    expect(toxicityModel().dense.length * 4).to.be.at.most(256 * 1024);
  });
});
