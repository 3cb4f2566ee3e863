/**
 * The scorer against what it made of the same texts when they were recorded
 * (tools/bench/indirect-record-parity.ts, run on the code before a speed change): the raw logit
 * and the verdict of every text, to the last bit. A change meant to move scores (a retrained
 * model, a new cue) records them again.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { IndirectScorer } from '../../../../plugins/indirect-prompt-injection/scorer.js';
import { indirectModel } from '../../../../plugins/indirect-prompt-injection/model-file.js';
import { INDIRECT_PARITY_COUNT, INDIRECT_PARITY_FILE, INDIRECT_PARITY_OPTIONS, INDIRECT_PARITY_SEED, indirectParityTexts } from './parity-texts.js';

describe('indirect_prompt_injection scorer parity', () => {
  const recording = JSON.parse(readFileSync(INDIRECT_PARITY_FILE, 'utf8')) as { seed: number; count: number; recorded: Array<{ raw: number; verdict: unknown }> };
  const texts = indirectParityTexts(INDIRECT_PARITY_SEED, INDIRECT_PARITY_COUNT);

  it('covers the texts it was recorded from, ASCII and not, flagged and not', () => {
    expect([recording.seed, recording.count, recording.recorded.length]).to.deep.equal([INDIRECT_PARITY_SEED, INDIRECT_PARITY_COUNT, texts.length]);
    expect(texts.filter((t) => /[^\x00-\x7f]/.test(t)).length).to.be.within(50, texts.length - 50);
    const high = recording.recorded.filter((r) => r.raw > 0).length;
    expect(high).to.be.within(50, texts.length - 50);
  });

  it('gives every text the raw logit and verdict recorded', () => {
    const scorer = new IndirectScorer(indirectModel(), INDIRECT_PARITY_OPTIONS);
    texts.forEach((text, i) => {
      expect(scorer.rawLogit(text), `raw logit of text ${i}: ${JSON.stringify(text.slice(0, 120))}`).to.equal(recording.recorded[i].raw);
      expect(scorer.score(text), `verdict of text ${i}: ${JSON.stringify(text.slice(0, 120))}`).to.deep.equal(recording.recorded[i].verdict);
    });
  });
});
