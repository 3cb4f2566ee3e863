import { expect } from 'chai';
import { stringOf } from '../../../../plugins/toxicity/code-units.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

describe('toxicity stringOf', () => {
  it('gives back the code units of any range, short and long, every code unit value (lone surrogates too)', () => {
    const random = rng(77);
    const units = new Uint16Array(20_000);
    for (let i = 0; i < units.length; i++) units[i] = i % 3 === 0 ? Math.floor(random() * 0x10000) : 32 + Math.floor(random() * 95);
    for (let n = 0; n < 300; n++) {
      const from = Math.floor(random() * units.length);
      const to = Math.min(units.length, from + Math.floor(random() * (n % 2 ? 40 : 12_000)));
      const text = stringOf(units, from, to);
      expect(text.length).to.equal(to - from);
      for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== units[from + k]) expect.fail(`code unit ${k} of [${from}, ${to})`);
    }
  });
});
