import { expect } from 'chai';
import { phraseCues, phrasesCued, phraseTags } from '../../../../plugins/toxicity/lexicon.js';

describe('toxicity lexicon phrases', () => {
  // One text per alternative of each phrase pattern: its words' cues must let the pattern be tested.
  const texts = [
    'i will hurt myself', 'im thinking about suicide', 'keep thinking of killing myself', 'been think of ending it', 'i feel suicidal', 'im suicidal', 'kms', 'ending it all', 'i just want to die', 'dont want to be alive', 'no reason to live', 'overdosed',
    'suicidal thoughts', 'selfharming',
    'kil urself', 'kys', 'go die', 'go hang yourself', 'drink bleach',
    'im gonna find and kill you', 'lets bomb them', 'deport all the immigrants', 'gas those jews', 'beat yo ass', 'put one bullet in', 'they deserve to die', 'should be gassed', 'should be shot', 'should be killed', 'should be hanged', 'should be lynched',
    'you are such a stupid faget', 'ur a piece of shit', 'shut the fuck up', 'nobody cares about you',
    'all nigers are', 'the fags must', 'all the women should', 'go back to the jungle', 'go back to your country', 'sub human', 'subhuman', 'white power', 'heil hitler', 'gas the kikes',
    'suck my cock', 'send nudes', 'double penetration', 'fingerbanging', 'jerking off', 'doggystyle', 'wanna smash her',
  ];
  for (const text of texts) {
    it(`${JSON.stringify(text)}: the cues of its words keep every phrase that matches`, () => {
      const cues = phrasesCued(text.split(' ').reduce((bits, word) => bits | phraseCues(word), 0));
      const all = phraseTags(text);
      expect(all).to.not.be.empty;
      expect(phraseTags(text, cues)).to.deep.equal(all);
    });
  }

  it('a text without cues tests no phrase', () => {
    expect(phraseTags('quarterly revenue grew in every region', 0)).to.deep.equal([]);
  });
});
