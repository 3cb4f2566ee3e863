import { expect } from 'chai';
import { holdsTwoColons } from '../../../../plugins/data-loss-prevention/recognizers/ipv6-matches.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

describe('data_loss_prevention IPv6 quick search', () => {
  it('finds two colons with at most four hex digits between them exactly where the pattern does, on generated texts', () => {
    const r = seededRandom(361);
    // Hex digits of both cases and runs of every length around the limit, colons single and
    // double, and what is no hex digit (g, G, a space, a dot, a letter beyond ASCII).
    const pieces = [':', '::', ':::', 'a', 'F', '0', '9', 'fe80', 'abcd', 'abcde', 'db8', 'g', 'G', ' ', '.', 'é', '12:30', 'x:', ':y'];
    let found = 0;
    for (let n = 0; n < 30000; n++) {
      let text = '';
      const length = 1 + Math.floor(r() * 12);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
      const expected = /:[0-9A-Fa-f]{0,4}:/.test(text);
      expect(holdsTwoColons(text), JSON.stringify(text)).to.equal(expected);
      if (expected) found++;
    }
    expect(found).to.be.greaterThan(3000);
  });
});
