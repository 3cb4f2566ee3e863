import { expect } from 'chai';
import { phraseCues, phrasesCued, phraseTags } from '../../../../plugins/toxicity/lexicon.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

const cuesOf = (text: string) => phrasesCued(text.split(' ').reduce((bits, word) => bits | phraseCues(word), 0));

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

  it('a word a phrase holds only beside another lets it be tested only when that other word is there too', () => {
    // `bullet` (a list's bullet points), `killed`, `back`, `human`, `power`, `women`, `live`,
    // `think`, `yourself` each sent a phrase pattern over the whole text on its own.
    for (const text of ['format it as a bullet list', 'the process was killed', 'i will be back soon', 'human resources', 'power supply', 'women in tech', 'live demo', 'i think so', 'do it yourself']) {
      expect(cuesOf(text), text).to.equal(0);
    }
    for (const text of ['put one bullet in', 'should be killed', 'go back to mexico', 'sub human', 'white power', 'the women are', 'no reason to live', 'im thinking about suicide', 'go hang yourself']) {
      expect(cuesOf(text), text).to.not.equal(0);
    }
  });

  it('finds the same phrases as testing every pattern, on varied texts around the phrases', () => {
    const phrases = [
      'i will hurt myself', 'im thinking about suicide', 'i feel suicidal', 'ending it all', 'i just want to die', 'dont want to be alive', 'no reason to live', 'overdosed',
      'suicidal thoughts', 'self harm', 'kil urself', 'kys', 'go hang yourself', 'drink bleach', 'im gonna find and kill you', 'deport all the immigrants',
      'beat yo ass', 'put one bullet in', 'should be hanged', 'you are such a stupid faget', 'shut tf up', 'nobody likes you', 'all womens should', 'go back to mexico',
      'sub human', 'heil hitler', 'suck his dick', 'finger banged', 'jerked off', 'doggy style', 'gonna bang her',
      'should be killed', 'the women are', 'go back to your country', 'white power', 'dont want to live', 'keep thinking of ending it', 'kil yourself',
    ];
    // Words of the phrases that count only beside another (and those others), alone or glued to a letter.
    const filler = ['recommend', 'the', 'friend', 'change', 'audience', 'deliver', 'quarterly', 'report', 'é', 'kill', 'self', 'my', 'you', 'are', 'end', 'it', 'all', 'x*', '2024', 'go', 'back',
      'bullet', 'put', 'killed', 'should', 'be', 'human', 'sub', 'power', 'white', 'women', 'womens', 'must', 'live', 'dont', 'reason', 'think', 'thinking', 'about', 'suicide', 'yourself', 'hang', 'mexico', 'to', 'of'];
    const random = rng(35);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    for (let n = 0; n < 6000; n++) {
      const words: string[] = [];
      const length = 1 + Math.floor(random() * 12);
      for (let k = 0; k < length; k++) words.push(random() < 0.3 ? pick(phrases) : pick(filler));
      // Sometimes glue two pieces, so a phrase word sits inside a longer word or beside a letter `\b` does not see.
      const text = words.join(random() < 0.1 ? '' : ' ');
      expect(phraseTags(text, cuesOf(text)), text).to.deep.equal(phraseTags(text));
    }
  });
});
