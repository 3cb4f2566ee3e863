import { expect } from 'chai';
import { literalPrefixes, PrefixSet } from '../../../../../plugins/shared/prompt-features/literal-prefixes.js';

const sorted = (list: string[] | null) => (list ? [...list].sort() : list);

describe('literal prefixes of a pattern', () => {
  it('spells out literal groups and optional parts, and stops at anything else', () => {
    expect(sorted(literalPrefixes('(?:the|your) (?:character|villain)'))).to.deep.equal(['the character', 'the villain', 'your character', 'your villain']);
    expect(sorted(literalPrefixes('instructions? (?:above)?'))).to.deep.equal(['instruction ', 'instruction above', 'instructions ', 'instructions above']);
    expect(sorted(literalPrefixes('ignore\\s+all|a(?=b)c|<\\/?rule>'))).to.deep.equal(['</rule>', '<rule>', 'a', 'ignore']);
    expect(literalPrefixes('step\\d+ x')).to.deep.equal(['step']);
  });

  it('reads `(`, `)` and `|` inside a class as the class, not as groups and alternatives', () => {
    expect(sorted(literalPrefixes('(?:ab|[)|]c)|de'))).to.deep.equal(['', 'ab', 'de']);
  });

  it('stops growing the prefixes where they would become too many, and gives up on too many alternatives', () => {
    expect(literalPrefixes('(?:a|b|c)(?:d|e|f)(?:g|h|i)', 20)).to.have.length(9).and.satisfy((list: string[]) => list.every((p) => p.length === 2));
    expect(literalPrefixes('(?:a|b|c)(?:d|e|f)(?:g|h|i)', 27)).to.have.length(27);
    expect(literalPrefixes('a|b|c', 2)).to.equal(null);
  });

  it('tells whether one of a set of literals begins at a position, up to its depth', () => {
    const set = new PrefixSet(['ignore', 'forget', '忽略', 'x'], 4);
    expect(set.beginsAt('please ignore it', 7)).to.equal(true);
    expect(set.beginsAt('please ignite it', 7)).to.equal(false);
    expect(set.beginsAt('forum', 0)).to.equal(false);
    expect(set.beginsAt('forgery', 0)).to.equal(true); // "forg": as deep as the set reads
    expect(set.beginsAt('请忽略以上', 1)).to.equal(true);
    expect(set.beginsAt('ax', 1)).to.equal(true);
    expect(set.beginsAt('ign', 0)).to.equal(false);
    expect(set.mayBeginWith('q'.charCodeAt(0))).to.equal(false);
  });

  it('answers as a comparison with each literal would, on texts made of pieces of the literals', () => {
    const literals = ['ignore', 'ignorer', 'ig', 'forget', 'for', '忽略', '忽视', 'игнор', 'x', 'a b', "don't"];
    const pieces = [...literals, 'i', 'g', 'n', 'o', ' ', '忽', 'и', 'fo', "'", 'b'];
    let state = 5;
    for (const depth of [2, 4, 6]) {
      const set = new PrefixSet(literals, depth);
      for (let t = 0; t < 200; t++) {
        let text = '';
        for (let k = 0; k < 12; k++) text += pieces[(state = (Math.imul(state, 1103515245) + 12345) >>> 0) % pieces.length];
        for (let i = 0; i < text.length; i++) {
          const expected = literals.some((literal) => text.startsWith(literal.slice(0, depth), i));
          expect(set.beginsAt(text, i), `${JSON.stringify(text)} at ${i}, depth ${depth}`).to.equal(expected);
        }
      }
    }
  });
});
