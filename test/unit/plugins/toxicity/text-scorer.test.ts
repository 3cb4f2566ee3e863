import { expect } from 'chai';
import { normalizeText } from '../../../../plugins/toxicity/normalize.js';
import { TextScorer } from '../../../../plugins/toxicity/text-scorer.js';
import { parityTexts } from './parity-texts.js';

describe('toxicity text scorer', () => {
  // The text as written, tidied straight into the window scorer, against the text normalized as
  // a string first (normalizeText, then the same steps on that string): every score and tag
  // must be the same, to the last bit.
  const texts = [...parityTexts(3535, 600), '', ' ', 'a', '*', '**', 'f*ck', 'you f*cking moron', 'x'.repeat(5000), 'you '.repeat(400), 'I will kill you'];

  it('gives a text read in one walk the score of the same text normalized as a string first', () => {
    const scorer = new TextScorer({ allowWords: [] });
    const straight = new TextScorer({ allowWords: [] });
    let ascii = 0;
    for (const text of texts) {
      if (/^[\x00-\x7f]*$/.test(text)) ascii++;
      expect(scorer.score(text), JSON.stringify(text)).to.deep.equal(straight.scoreNormalized(normalizeText(text)));
    }
    // Both kinds of text were compared.
    expect(ascii).to.be.within(100, texts.length - 100);
  });

  it('gives the same scores with the text folded by the detector contract handed in', () => {
    const scorer = new TextScorer({ allowWords: [] });
    const straight = new TextScorer({ allowWords: [] });
    for (const text of texts) {
      const folded = () => text.toLowerCase();
      expect(scorer.score(text, folded), JSON.stringify(text)).to.deep.equal(straight.scoreNormalized(normalizeText(text, folded)));
    }
  });

  it('gives the same scores with allow words', () => {
    const scorer = new TextScorer({ allowWords: ['hell', 'damn', 'Kill'] });
    const straight = new TextScorer({ allowWords: ['hell', 'damn', 'Kill'] });
    for (const text of texts.slice(0, 200)) expect(scorer.score(text), JSON.stringify(text)).to.deep.equal(straight.scoreNormalized(normalizeText(text)));
  });

  it('scores a text the same again after other texts, and after a text in another script', () => {
    const scorer = new TextScorer({ allowWords: [] });
    const first = texts.slice(0, 50).map((t) => scorer.score(t));
    scorer.score('𝓯𝓾𝓬𝓴 '.repeat(100));
    scorer.score('x'.repeat(9000));
    expect(texts.slice(0, 50).map((t) => scorer.score(t))).to.deep.equal(first);
  });
});
