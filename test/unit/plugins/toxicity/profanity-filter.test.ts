/**
 * The profanity matcher asks the obscenity matcher only about words that pass a cheap filter
 * (profanity-matcher.ts, listedWordFilter). The filter may let through words the matcher then
 * does not match, never the other way round: a word the matcher matches that the filter turned
 * away would be a slur or a swear word read as clean. (When the filter turns a word away, the
 * matcher finds nothing in it, so the word's tags are the same as without the filter.) Checked on
 * words made from every listed pattern (letters stretched, wrapped in other letters, optional
 * parts left out) and on ordinary and random words.
 */
import { expect } from 'chai';
import { RegExpMatcher, SyntaxKind, englishDataset, englishRecommendedTransformers, type ParsedPattern } from 'obscenity';
import { listedWordFilter } from '../../../../plugins/toxicity/profanity-matcher.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

const listed = englishDataset.build();
const matcher = new RegExpMatcher({ ...listed, ...englishRecommendedTransformers });
const mayHoldListed = listedWordFilter(listed.blacklistedTerms.map((term) => term.pattern));
const random = seededRandom(20261129);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const letter = () => LETTERS[Math.floor(random() * LETTERS.length)]!;
const letters = (n: number) => Array.from({ length: n }, letter).join('');

/** A word the pattern may match: wildcards filled, optional parts kept or left out, letters repeated now and then, other letters around it. */
function wordOf(pattern: ParsedPattern): string {
  let core = '';
  const add = (text: string) => {
    for (const ch of text) core += random() < 0.2 ? ch.repeat(2 + Math.floor(random() * 3)) : ch;
  };
  for (const node of pattern.nodes) {
    if (node.kind === SyntaxKind.Literal) add(String.fromCharCode(...node.chars));
    else if (node.kind === SyntaxKind.Wildcard) add(letter());
    else if (random() < 0.5) add(node.childNode.kind === SyntaxKind.Literal ? String.fromCharCode(...node.childNode.chars) : letter());
  }
  const around = random();
  return around < 0.4 ? core : around < 0.7 ? `${letters(1 + Math.floor(random() * 4))}${core}` : `${core}${letters(1 + Math.floor(random() * 4))}`;
}

const ORDINARY = (
  'quarterly report server restart garden python process chess king please thanks meeting ' +
  'assistant analysis classic passage bassoon scunthorpe cocktail shitake therapist grape ' +
  'document assess cumulative circumstance sextant essex dickens hancock peacock wankel ' +
  'butterfly basement successful pennsylvania rapeseed harassment associate'
).split(' ');

describe('toxicity: the filter in front of the profanity matcher', () => {
  const words = [
    ...listed.blacklistedTerms.flatMap((term) => Array.from({ length: 40 }, () => wordOf(term.pattern))),
    ...ORDINARY,
    ...Array.from({ length: 20_000 }, () => letters(3 + Math.floor(random() * 10))),
  ].filter((word) => word.length >= 3 && /^[a-z]+$/.test(word));

  it('lets through every word the matcher matches', () => {
    const missed = words.filter((word) => matcher.getAllMatches(word).length > 0 && !mayHoldListed(word));
    expect(missed).to.deep.equal([]);
    // The made-up words are matched often enough for this to mean something.
    expect(words.filter((word) => matcher.getAllMatches(word).length > 0).length).to.be.greaterThan(2000);
  });

  it('turns away nearly every other word', () => {
    const others = words.filter((word) => matcher.getAllMatches(word).length === 0);
    const through = others.filter((word) => mayHoldListed(word)).length;
    expect(through / others.length).to.be.lessThan(0.1);
  });
});
