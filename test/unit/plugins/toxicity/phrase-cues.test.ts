import { expect } from 'chai';
import { phraseCues, phraseTags } from '../../../../plugins/toxicity/lexicon.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

const cuesOf = (text: string) => text.split(' ').reduce((bits, word) => bits | phraseCues(word), 0);

describe('toxicity phrase cues', () => {
  it('an everyday word that only holds a phrase word inside it lets no phrase be tested', () => {
    // `recommend` holds `end`, `change` `hang`, `audience` `die`, `deliver` `live`: each used to
    // send a phrase pattern over the whole text.
    const everyday = ['recommend', 'friend', 'weekend', 'change', 'exchange', 'audience', 'deliver', 'screenshot', 'grapes', 'shoes', 'closer', 'feedback', 'humanity', 'shutdown', 'powerful', 'vegas', 'beaten', 'stabilize', 'thinkpad', 'endless', 'diet'];
    for (const word of everyday) expect(phraseCues(word), word).to.equal(0);
    expect(cuesOf('please recommend a friend for the weekend exchange and deliver the feedback')).to.equal(0);
  });

  it('the words a phrase is made of still let it be tested, in every form its pattern allows', () => {
    for (const word of ['end', 'ending', 'self', 'myself', 'yourself', 'die', 'live', 'alive', 'overdosed', 'suicidal', 'selfharming', 'hang', 'hanged', 'shot', 'gassed', 'bang', 'fingerbanging', 'jerked', 'doggystyle', 'subhuman', 'nigerss', 'womens', 'faget']) {
      expect(phraseCues(word), word).to.not.equal(0);
    }
  });

  it('a word holding anything but a-z and digits keeps the cues of every phrase word inside it', () => {
    // `\b` sees a boundary before or after such a character, inside what a space-split calls one word.
    expect(phraseCues('éend')).to.equal(phraseCues('end'));
    expect(phraseCues('kill*')).to.not.equal(0);
  });

  it('finds the same phrases as testing every pattern, on varied texts around the phrases', () => {
    const phrases = [
      'i will hurt myself', 'im thinking about suicide', 'i feel suicidal', 'ending it all', 'i just want to die', 'dont want to be alive', 'no reason to live', 'overdosed',
      'suicidal thoughts', 'self harm', 'kil urself', 'kys', 'go hang yourself', 'drink bleach', 'im gonna find and kill you', 'deport all the immigrants',
      'beat yo ass', 'put one bullet in', 'should be hanged', 'you are such a stupid faget', 'shut tf up', 'nobody likes you', 'all womens should', 'go back to mexico',
      'sub human', 'heil hitler', 'suck his dick', 'finger banged', 'jerked off', 'doggy style', 'gonna bang her',
    ];
    const filler = ['recommend', 'the', 'friend', 'change', 'audience', 'deliver', 'quarterly', 'report', 'é', 'kill', 'self', 'my', 'you', 'are', 'end', 'it', 'all', 'x*', '2024', 'go', 'back'];
    const random = rng(35);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    for (let n = 0; n < 3000; n++) {
      const words: string[] = [];
      const length = 1 + Math.floor(random() * 12);
      for (let k = 0; k < length; k++) words.push(random() < 0.3 ? pick(phrases) : pick(filler));
      // Sometimes glue two pieces, so a phrase word sits inside a longer word or beside a letter `\b` does not see.
      const text = words.join(random() < 0.1 ? '' : ' ');
      expect(phraseTags(text, cuesOf(text)), text).to.deep.equal(phraseTags(text));
    }
  });
});
