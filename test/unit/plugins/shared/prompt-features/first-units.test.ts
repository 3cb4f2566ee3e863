import { expect } from 'chai';
import { firstUnits } from '../../../../../plugins/shared/prompt-features/first-units.js';

const chars = (units: Set<number> | null) => (units === null ? null : String.fromCharCode(...[...units].sort((a, b) => a - b)));

describe('prompt_guard first units of a pattern', () => {
  it('reads the characters a match begins with through groups, lists and optional parts', () => {
    expect(chars(firstUnits('(?:system|assistant|admin)\\s*:'))).to.equal('as');
    expect(chars(firstUnits('#{1,6}\\s*system'))).to.equal('#');
    expect(chars(firstUnits('(?:[#>*\\[<]+\\s*)?(?:ai|bot)'))).to.equal('#*<>[ab');
    expect(chars(firstUnits('\\(x'))).to.equal('(');
    expect(chars(firstUnits('x|y'))).to.equal('xy');
  });

  it('says nothing when a match may begin anywhere or be empty', () => {
    for (const source of ['\\s*x', '[a-z]x', '[^x]', '.x', '(?:x)?', 'x|', '(?=x)x', '\\p{L}']) {
      expect(firstUnits(source), source).to.equal(null);
    }
  });
});
