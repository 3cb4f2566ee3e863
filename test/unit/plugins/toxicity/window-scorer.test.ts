import { expect } from 'chai';
import { extractFeatures, HASH_SEED, predict, step } from '../../../../plugins/toxicity/features.js';
import { toxicityModel } from '../../../../plugins/toxicity/model.js';
import { normalizeText } from '../../../../plugins/toxicity/normalize.js';
import { MAX_WINDOW, WindowScorer } from '../../../../plugins/toxicity/window-scorer.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

describe('toxicity window scorer', () => {
  const model = toxicityModel();
  const words = ['you', 'are', 'a', 'stupid', 'idiot', 'the', 'quarterly', 'report', 'fuck', 'this', 'spam', 'spam', 'grüße', 'naïve', '2024', 'f*ck', 'go', 'die', 'héllo', 'ok'];
  const random = rng(3535);
  const text = (length: number) => {
    const out: string[] = [];
    while (out.join(' ').length < length) out.push(words[Math.floor(random() * words.length)]);
    return normalizeText(out.join(' '));
  };

  it('gives every window of a text the probability of the same window cut out and scored by training', () => {
    const scorer = new WindowScorer(model);
    for (let n = 0; n < 400; n++) {
      const normalized = n % 7 === 0 ? 'x'.repeat(200 + n) : text(20 + Math.floor(random() * 560));
      const seen: number[] = [];
      scorer.load(normalized, () => undefined);
      for (let k = 0; k < 6; k++) {
        // Any range: at spaces, inside words (a cut), empty, the whole text.
        const from = k === 0 ? 0 : Math.floor(random() * normalized.length);
        const to = k === 0 ? Math.min(normalized.length, MAX_WINDOW) : Math.min(normalized.length, from + Math.floor(random() * 330));
        const expected = predict(model, extractFeatures(normalized.slice(from, to)));
        const p = scorer.probability(from, to);
        expect(p, `${JSON.stringify(normalized)} [${from}, ${to})`).to.equal(expected);
        seen.push(p);
      }
      // Scoring leaves no count behind: the first window scores the same again.
      expect(scorer.probability(0, Math.min(normalized.length, MAX_WINDOW))).to.equal(seen[0]);
    }
  });

  it('counts a feature repeated hundreds of times in one window as training does', () => {
    const scorer = new WindowScorer(model);
    // The most repeats a window can hold: one-letter words, a two-letter pattern, one letter.
    for (const normalized of ['a '.repeat(300).trim(), 'ab'.repeat(300), 'x'.repeat(MAX_WINDOW), 'ha ha '.repeat(100).trim()]) {
      scorer.load(normalized, () => undefined);
      const to = Math.min(normalized.length, MAX_WINDOW);
      expect(scorer.probability(0, to), normalized.slice(0, 20)).to.equal(predict(model, extractFeatures(normalized.slice(0, to))));
    }
  });

  it('gives two scorers of one model, used in turn, the probabilities of their own texts', () => {
    // They share the model's table of weights and counts: each window must leave it as it found it.
    const first = new WindowScorer(model);
    const second = new WindowScorer(model);
    for (let n = 0; n < 50; n++) {
      const a = text(50 + Math.floor(random() * 250));
      const b = text(50 + Math.floor(random() * 250));
      first.load(a, () => undefined);
      second.load(b, () => undefined);
      expect(first.probability(0, a.length)).to.equal(predict(model, extractFeatures(a)));
      expect(second.probability(0, b.length)).to.equal(predict(model, extractFeatures(b)));
      expect(first.probability(0, a.length)).to.equal(predict(model, extractFeatures(a)));
    }
  });

  it('walks the words as a split at single spaces cuts them, with their FNV-1a hashes', () => {
    const scorer = new WindowScorer(model);
    for (const normalized of ['', 'one', 'you are a stupid idiot', text(500)]) {
      const pieces: string[] = [];
      scorer.load(normalized, (start, end, hash) => {
        const piece = normalized.slice(start, end);
        let expected = HASH_SEED;
        for (let i = 0; i < piece.length; i++) expected = step(expected, piece.charCodeAt(i));
        expect(hash).to.equal(expected);
        pieces.push(piece);
      });
      expect(pieces).to.deep.equal(normalized.split(' '));
    }
  });

  it('refuses a window outside the text', () => {
    const scorer = new WindowScorer(model);
    scorer.load('short text', () => undefined);
    expect(() => scorer.probability(3, 40)).to.throw(RangeError);
    scorer.load('word '.repeat(200), () => undefined);
    expect(() => scorer.probability(0, MAX_WINDOW + 1)).to.throw(RangeError);
  });
});
