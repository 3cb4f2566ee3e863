import { expect } from 'chai';
import { ibanValid, luhnValid } from '../../../../plugins/data-loss-prevention/checksums.js';
import { shannonEntropy } from '../../../../plugins/data-loss-prevention/entropy.js';
import { ssnPlausible } from '../../../../plugins/data-loss-prevention/recognizers/us-ssn.js';

describe('data_loss_prevention checksums', () => {
  it('Luhn accepts published test card numbers and rejects a changed digit', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117']) expect(luhnValid(n), n).to.equal(true);
    expect(luhnValid('4111111111111112')).to.equal(false);
    expect(luhnValid('41111x1111111111')).to.equal(false);
  });

  it('IBAN mod-97 accepts the ISO 13616 examples and rejects a wrong check digit', () => {
    expect(ibanValid('GB82WEST12345698765432')).to.equal(true);
    expect(ibanValid('DE89370400440532013000')).to.equal(true);
    expect(ibanValid('GB82WEST12345698765433')).to.equal(false);
    expect(ibanValid('GB82')).to.equal(false);
  });

  it('SSN rules reject never-issued areas, groups and serials', () => {
    expect(ssnPlausible('536', '22', '8745')).to.equal(true);
    expect(ssnPlausible('000', '22', '8745')).to.equal(false);
    expect(ssnPlausible('666', '22', '8745')).to.equal(false);
    expect(ssnPlausible('912', '22', '8745')).to.equal(false);
    expect(ssnPlausible('536', '00', '8745')).to.equal(false);
    expect(ssnPlausible('536', '22', '0000')).to.equal(false);
    expect(ssnPlausible('078', '05', '1120')).to.equal(false);
  });

  it('Shannon entropy is 0 for one repeated character and log2(n) for n distinct ones', () => {
    expect(shannonEntropy('aaaa')).to.equal(0);
    expect(shannonEntropy('abcd')).to.be.closeTo(2, 1e-9);
    expect(shannonEntropy('')).to.equal(0);
  });
});
