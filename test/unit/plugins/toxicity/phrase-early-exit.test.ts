import { expect } from 'chai';
import { phraseTags, phrasesThatCanRaise } from '../../../../plugins/toxicity/lexicon.js';
import type { Category, Severity } from '../../../../plugins/toxicity/categories.js';

describe('toxicity phrases that can still raise a category', () => {
  const text = 'i will hurt myself and kys and i will kill you and go back to mexico and send nudes and you are a stupid idiot and suicidal';

  it('with nothing found yet, every phrase can', () => {
    expect(phraseTags(text, phrasesThatCanRaise(new Map()))).to.deep.equal(phraseTags(text));
  });

  it('a phrase whose category already holds its severity is not tested, and the strongest severities stay what testing it would give', () => {
    const found = new Map<Category, Severity>([['self_harm', 'high'], ['violence', 'high'], ['harassment', 'medium']]);
    const left = phraseTags(text, phrasesThatCanRaise(found));
    // self_harm (high and medium phrases) and violence are decided; harassment's high phrases still raise it.
    expect(left.map(([c]) => c)).to.not.include.members(['self_harm', 'violence']);
    const strongest = (tags: Array<[Category, Severity]>) => {
      const out = new Map(found);
      const rank = { low: 0, medium: 1, high: 2 } as const;
      for (const [c, s] of tags) if (!out.has(c) || rank[s] > rank[out.get(c)!]) out.set(c, s);
      return out;
    };
    expect(strongest(left)).to.deep.equal(strongest(phraseTags(text)));
  });
});
