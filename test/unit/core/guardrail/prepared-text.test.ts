import { expect } from 'chai';
import { preparedText } from '../../../../core/guardrail/prepared-text.js';

describe('preparedText', () => {
  it('folds case, accents, compatibility forms and invisible characters', () => {
    const cases: Array<[string, string]> = [
      ['Médical ADVICE', 'medical advice'],
      ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
      ['pro\u200Bject', 'project'],
      ['Ångström naïve café', 'angstrom naive cafe'],
      ['plain ascii TEXT', 'plain ascii text'],
    ];
    for (const [text, folded] of cases) expect(preparedText({ text }).folded, text).to.equal(folded);
  });

  it('prepares a segment once for every detector of the evaluation', () => {
    const segment = { text: 'Ünïcödé text' };
    expect(preparedText(segment)).to.equal(preparedText(segment));
  });

  it('prepares a segment again when its text changed', () => {
    const segment = { text: 'First' };
    expect(preparedText(segment).folded).to.equal('first');
    segment.text = 'Second';
    expect(preparedText(segment).folded).to.equal('second');
  });
});
