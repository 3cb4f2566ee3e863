import { expect } from 'chai';
import { hitsOf, toxicity } from './inspect.js';

describe('toxicity word memo', () => {
  it('reads every word right after the memo of words seen before was emptied for being full', function () {
    this.timeout(60_000);
    const detector = toxicity();
    // Words the memo has not seen, 1,000 to a text: past 50,000 of them the memo starts over.
    let next = 0;
    const fresh = () => Array.from({ length: 1000 }, () => `zq${(next++).toString(36)}`).join(' ');
    const probes = ['you are a worthless idiot and a bitch', 'I will kill you tomorrow', 'what a lovely garden', 'fuck this broken shit'];
    const expected = probes.map((p) => JSON.stringify(hitsOf(p, toxicity())));
    for (let round = 0; round < 60; round++) {
      // A probe mixed with new words, so its words are filed between them.
      const probe = probes[round % probes.length];
      hitsOf(`${fresh()} ${probe}`, detector);
      // Each probe alone, as a fresh detector reads it.
      probes.forEach((p, i) => expect(JSON.stringify(hitsOf(p, detector)), `${p} after ${next} words`).to.equal(expected[i]));
    }
    expect(next).to.be.greaterThan(50_000);
  });
});
