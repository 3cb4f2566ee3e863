import { expect } from 'chai';
import { firing } from './inspect.js';

describe('toxicity on numbers', () => {
  // Numbers whose digits read as leetspeak for a swear word (4 -> a, 5 -> s, 7 -> t, 1 -> i).
  const numbers = ['455', '717', '4455', '4550', '4557', '7117', '7175', '7717', '44555', '45509'];
  const contexts = [(n: string) => `Order ${n} shipped yesterday`, (n: string) => `Please call extension ${n} for billing`, (n: string) => `The invoice total is ${n} EUR`, (n: string) => `Ticket #${n}: printer on floor 3 is jammed`, (n: string) => `Room ${n}, building B`];

  it('reads a number as a number, not as leetspeak for a swear word', () => {
    for (const n of numbers) for (const context of contexts) expect(firing(context(n)), context(n)).to.deep.equal([]);
  });

  it('still reads leetspeak inside a word that holds letters', () => {
    for (const text of ['sh17 happens', 'what an 4ss', 'you @ss', 'b1tch please']) expect(firing(text), text).to.not.deep.equal([]);
  });
});
