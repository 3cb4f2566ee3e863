import { expect } from 'chai';
import { firing } from './inspect.js';

describe('toxicity on abuse aimed at someone', () => {
  it('catches insults aimed at a group or a named role, not only at "you are"', () => {
    const addressees = ['you guys are', 'you people are', 'you two are', 'that moderator is', 'this editor is', 'that reviewer is'];
    const insults = ['a pathetic loser', 'such a useless moron', 'a worthless idiot', 'an idiot', 'a stupid clown'];
    for (const who of addressees) for (const insult of insults) expect(firing(`${who} ${insult}`), `${who} ${insult}`).to.include('harassment');
  });

  it('catches threats to find, hunt down or have someone hurt a person', () => {
    const threats = ['I will find you and hurt you', 'im gonna hunt you down and kill you', 'I am going to track you down and beat you', 'someone should shoot you', 'somebody needs to stab him', 'they ought to kill her'];
    for (const text of threats) expect(firing(text), text).to.include('violence');
  });

  it('leaves talk about people, roles and finding things alone', () => {
    const benign = ['you guys are a great team', 'that moderator is a volunteer', 'I will find you a better hotel', 'someone should shoot the wedding video', 'this editor is an open-source tool', 'they ought to kill the process before the backup'];
    for (const text of benign) expect(firing(text), text).to.deep.equal([]);
  });
});
