import { expect } from 'chai';
import { collapseDoubles, normalizeText } from '../../../../plugins/toxicity/normalize.js';

describe('toxicity text normalization', () => {
  const cases: Array<[string, string]> = [
    ['F.U.C.K this', 'fuck this'],
    ['sh1t and b!tch and @ss', 'shit and bitch and ass'],
    ['f u c k', 'fuck'],
    ['fuuuuuuck', 'fuuck'],
    ['Ünïcödé', 'unicode'],
    ['RT @someone: look http://t.co/x &amp; more', 'look more'],
    ['Special characters everywhere!!', 'special characters everywhere'],
    ['in 2014 we scored 3 goals', 'in 2014 we scored 3 goals'],
    ['Won 2nd place!!', 'won 2nd place'],
    ['a.b.c.d.e.f.g.h.i.j.k.l.m', 'a b c d e f g h i j k l m'],
    ["don't well-known", 'dont wellknown'],
    ['cooool  ,,  stuff ...', 'cool stuff'],
    // Astral characters take the regular-expression steps, with the same result.
    ['f.u.c.k 😀 sh1t', 'fuck shit'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
      expect(normalizeText(input)).to.equal(expected);
    });
  }

  it('collapses doubled letters for look-ups', () => {
    expect(collapseDoubles('fuuck niggaa')).to.equal('fuck niga');
  });
});
