/**
 * The scorer reads each unit from a flat copy rather than from the slice of the tool text that
 * splitting and trimming make (a slice is read through its parent at every step): the copies must
 * be the units, and each must score exactly as the unit read on its own.
 */
import { expect } from 'chai';
import { unitTexts } from '../../../../plugins/indirect-prompt-injection/units.js';
import { IndirectScorer } from '../../../../plugins/indirect-prompt-injection/scorer.js';
import { indirectModel } from '../../../../plugins/indirect-prompt-injection/model-file.js';
import { foldText } from '../../../../plugins/shared/prompt-features/normalize.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';
import { toolText } from './generated-tool-text.js';

describe('indirect_prompt_injection unit copies', () => {
  it('scores each unit of the scorer as the same unit read on its own, on generated tool output', () => {
    const random = seededRandom(36);
    const scorer = new IndirectScorer(indirectModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 20000 });
    const alone = new IndirectScorer(indirectModel(), { decodeEncodings: false, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 20000 });
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const text = toolText(random, 50 + Math.floor(random() * (i % 10 === 0 ? 3000 : 900)));
      const { units, tabular } = scorer.units(text);
      const expected = unitTexts(foldText(text).text);
      expect(units.slice(0, expected.length), JSON.stringify(text)).to.deep.equal(expected);
      expected.forEach((unit, k) => {
        // The unit on its own: a slice of the text as splitting and trimming made it.
        expect(scorer.logitOf(units[k], tabular), `unit ${k} of ${JSON.stringify(text)}`).to.equal(alone.logitOf(unit, tabular));
        compared++;
      });
    }
    expect(compared).to.be.above(2000);
  });
});
