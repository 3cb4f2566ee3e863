/**
 * data_loss_prevention's `sensitivity` picks an operating point: `low` reports only what it is
 * surest of, `high` the most. The same texts are checked under each setting.
 */
import { expect } from 'chai';
import { dlp, masked } from './inspect.js';

describe('data_loss_prevention sensitivity', () => {
  const low = dlp({ sensitivity: 'low' });
  const balanced = dlp({ sensitivity: 'balanced' });
  const high = dlp({ sensitivity: 'high' });

  it('defaults to balanced', () => {
    const text = 'Call Maria Conti at 203.0.113.7 about the 3 Glyn St lease';
    expect(masked(text, dlp())).to.deep.equal(masked(text, balanced));
  });

  it('low drops the least certain contextual spans (a lone given name, names paired without a cue)', () => {
    const texts = ['I met Quentin yesterday.', 'Quentin will come.', 'Why is Kaylee so impulsive?', 'Ravil and Timotea were late'];
    for (const t of texts) {
      expect(masked(t, balanced).some((m) => m.startsWith('PERSON:')), t).to.equal(true);
      expect(masked(t, low).some((m) => m.startsWith('PERSON:')), t).to.equal(false);
    }
  });

  it('low still reports validated identifiers and cued names', () => {
    const text = 'My name is Maria Conti, card 4111 1111 1111 1111, SSN 536-22-8745';
    expect(masked(text, low)).to.deep.equal(masked(text, balanced));
  });

  it('low reports a bare dotted quad only with a network cue; balanced without one too', () => {
    for (const ip of ['1.20.56.68', '3.4.10.200', '5.6.7.8']) {
      expect(masked(`The value ${ip} appears twice`, balanced)).to.deep.equal([`IP:${ip}`]);
      expect(masked(`The value ${ip} appears twice`, low)).to.deep.equal([]);
      expect(masked(`blocked host ${ip} at the firewall`, low)).to.deep.equal([`IP:${ip}`]);
    }
  });

  it('high also keeps weak candidates: a bare number closing "he was 78."', () => {
    for (const [text, age] of [['Written when he was 78.', '78'], ['I am 34, and I live alone.', '34'], ['She was 61!', '61']]) {
      expect(masked(text, balanced), text).to.deep.equal([]);
      expect(masked(text, high), text).to.deep.equal([`AGE:${age}`]);
    }
  });

  it('high skips version numbers as balanced does', () => {
    for (const v of ['10.2.30.4', '4.25.89.109']) expect(masked(`The app shows ${v} in the About box`, high)).to.deep.equal([]);
  });
});
