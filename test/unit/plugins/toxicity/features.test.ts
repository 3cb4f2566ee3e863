import { expect } from 'chai';
import { extractFeatures, FeatureCounts, gramByte } from '../../../../plugins/toxicity/features.js';
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

  it('packs ASCII code units as themselves and every other one above them, so no n-gram of another script takes the key of an English one', () => {
    for (let c = 0; c < 0x80; c++) expect(gramByte(c)).to.equal(c);
    for (let c = 0x80; c < 0x10000; c++) {
      const b = gramByte(c);
      if (b < 0x80 || b > 0xff) expect.fail(`code unit ${c} packed as ${b}`);
    }
  });
});
