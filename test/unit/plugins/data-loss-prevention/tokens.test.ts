import { expect } from 'chai';
import { tokenize } from '../../../../plugins/data-loss-prevention/recognizers/tokens.js';

const words = (text: string) => tokenize(text).map((t) => ({ text: t.text, fold: t.fold, gap: t.gap, kinds: t.kinds }));

describe('data_loss_prevention word tokens', () => {
  it('gives each text its own words although the tokens are reused from text to text', () => {
    const long = tokenize('Anna McDowell met J. Weber in KØBENHAVN on 12 May.');
    expect(long.map((t) => t.text)).to.deep.equal(['Anna', 'McDowell', 'met', 'J.', 'Weber', 'in', 'KØBENHAVN', 'on', '12', 'May']);
    long[0].kinds = 7;
    // A shorter text after it: nothing of the first text's words (cut strings, list kinds) remains.
    expect(words('Bob  smith')).to.deep.equal([
      { text: 'Bob', fold: 'bob', gap: '', kinds: -1 },
      { text: 'smith', fold: 'smith', gap: '  ', kinds: -1 },
    ]);
    expect(tokenize('Ærø')[0].fold).to.equal('aero');
  });

  it('keeps the shapes of each word when the same tokens are refilled', () => {
    const shapes = (text: string) => tokenize(text).map((t) => [t.title, t.upper, t.initial]);
    const first = shapes('NASA J Ola');
    shapes('lower case words here');
    expect(shapes('NASA J Ola')).to.deep.equal(first);
    expect(first).to.deep.equal([
      [false, true, false],
      [false, false, true],
      [true, false, false],
    ]);
  });
});
