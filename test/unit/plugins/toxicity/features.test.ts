import { expect } from 'chai';
import { extractFeatures, FeatureCounts } from '../../../../plugins/toxicity/features.js';

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
});
