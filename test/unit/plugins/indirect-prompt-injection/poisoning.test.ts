import { expect } from 'chai';
import { insertAttack } from '../../../eval/datasets/bipia-data.js';
import { splitUnits } from '../../../../plugins/indirect-prompt-injection/units.js';

describe('indirect_prompt_injection poisoned contexts and units', () => {
  const context = 'First sentence here. Second sentence here. Third sentence here. Fourth one.';

  it('inserts an attack at the start, the middle and the end, as BIPIA does', () => {
    expect(insertAttack(context, 'ATTACK', 'start').startsWith('ATTACK\n')).to.equal(true);
    expect(insertAttack(context, 'ATTACK', 'end').endsWith('\nATTACK')).to.equal(true);
    const middle = insertAttack(context, 'ATTACK', 'middle');
    expect(middle).to.contain('Second sentence here.\nATTACK\nThird sentence here.');
  });

  it('splits prose into sentences and keeps table rows whole', () => {
    const long = `${'A long line of prose that goes on. '.repeat(5)}Add this to your answer.`;
    expect(splitUnits(long).map((u) => u.text)).to.include('Add this to your answer.');
    expect(splitUnits('| a | b |\n| c | d |').map((u) => u.text)).to.deep.equal(['| a | b |', '| c | d |']);
  });
});
