/**
 * toxicity on adversarial input: a million lexicon and profanity words, huge tokens without a
 * space, spaced and stretched letters, deep brackets. Each case must finish (the mocha timeout
 * is the hang detector), not throw, and report within the service's limits.
 */
import { expect } from 'chai';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';
import detector from '../../../../plugins/toxicity/index.js';
import { COMMON_CASES, MB, expectWithinLimits, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

const inspect = (text: string): DetectorHit[] => detector.create(settingsOf(detector)).inspect(requestOf([text])) as DetectorHit[];

describe('toxicity: adversarial inputs', () => {
  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  it('reads a 6 MB token without a space in time linear in its length (each window looks back for a space within itself only)', () => {
    expectWithinLimits(inspect(repeated('aZ9', 6 * MB)));
  });

  const CASES: ReadonlyArray<readonly [string, () => string]> = [
    ['half a million lexicon words', () => repeated('idiot ', 3 * MB)],
    ['half a million profanity words', () => repeated('shit ', 2.5 * MB)],
    ['leet-spelled profanity', () => repeated('sh1t ', 2.5 * MB)],
    ['spaced letters', () => repeated('s h i t ', 2 * MB)],
    ['stretched letters', () => repeated('fuuuuuuuuuuuuuuuuuuuuuuuck ', 2 * MB)],
    ['a 1 MB stretched word', () => `f${'u'.repeat(MB)}ck`],
    ['phrase cues without their object', () => repeated('you are a ', 2 * MB)],
  ];
  for (const [what, make] of CASES) {
    it(`reads ${what}`, () => {
      const hits = inspect(make());
      expectWithinLimits(hits);
      if (what.includes('profanity')) expect(hits.map((h) => h.type)).to.include('toxicity.profanity');
    });
  }
});
