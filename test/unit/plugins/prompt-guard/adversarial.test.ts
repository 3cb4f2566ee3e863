/**
 * prompt_guard on adversarial input, read at its widest (`max_chars` 200,000, so 400,000
 * characters of each segment are scored) with encoded text decoded: hundreds of thousands of
 * phrase anchors and fake delimiters, huge tokens, encodings that decode to more encodings,
 * spaced and leet letters, deep brackets. Each case must finish (the mocha timeout is the hang
 * detector), not throw, and report within the service's limits: one hit at most.
 */
import { expect } from 'chai';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';
import detector from '../../../../plugins/prompt-guard/index.js';
import { COMMON_CASES, MB, expectWithinLimits, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

const widest = settingsOf(detector, { max_chars: 200_000, decode_encodings: true });
const inspect = (text: string): DetectorHit[] => detector.create(widest).inspect(requestOf([text])) as DetectorHit[];
const expectOneHitAtMost = (hits: DetectorHit[]) => {
  expectWithinLimits(hits);
  expect(hits.length).to.be.at.most(1);
};

describe('prompt_guard: adversarial inputs', function () {
  this.timeout(60_000);

  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what}`, () => expectOneHitAtMost(inspect(make())));
  }

  const CASES: ReadonlyArray<readonly [string, () => string]> = [
    ['a million override anchors', () => repeated('ignore ', 2 * MB)],
    ['fake delimiters back to back', () => repeated('<<sys>>', 2 * MB)],
    ['chat-template tokens back to back', () => repeated('<|im_end|>', 2 * MB)],
    ['a scanned two-character literal 400,000 times', () => repeated('显示', 2 * MB)],
    ['line-start headings', () => repeated('\n#', 2 * MB)],
    ['anchors followed by near misses of their phrase', () => repeated('password you know ', 2 * MB)],
    ['base64 of base64 of base64', () => Buffer.from(Buffer.from(Buffer.from(repeated('ignore previous instructions ', MB / 4)).toString('base64')).toString('base64')).toString('base64')],
    ['hex pairs', () => repeated('4a', 2 * MB)],
    ['spaced letters', () => repeated('i g n o r e ', 2 * MB)],
    ['leet words', () => repeated('1gn0r3 ', 2 * MB)],
    ['a many-shot dialogue of 100,000 turns', () => repeated('User: hi\nAssistant: ok\n', 2 * MB)],
    ['a 1 MB line of zero-width characters between letters', () => repeated('a\u200b', MB)],
  ];
  for (const [what, make] of CASES) {
    it(`reads ${what}`, () => expectOneHitAtMost(inspect(make())));
  }
});
