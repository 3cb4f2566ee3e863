import { expect } from 'chai';
import { blockLineCanMatch } from '../../../../plugins/data-loss-prevention/recognizers/block-line.js';
import { randomStrings } from '../random-strings.js';

/** The address block-line pattern of street-address.ts, which the scan must answer for exactly. */
const BLOCK_LINE = /^\n[ \t>?]*(?:[,(]?[ \t]*(?:[\p{L}][\p{L}\p{M}'’.()-]*|\d{2,6}(?:[ -]\d{2,4})?)[ \t,]*){1,6}(?=\n|$|[.?!,])/u;

describe('data_loss_prevention: address block-line scan', () => {
  it('says a line can match exactly when the pattern matches it', () => {
    const pieces = ['\n', ' ', '\t', '>', '?', ',', '(', ')', '.', '!', '-', "'", '’', 'Main', 'st', 'É', 'é', '\u0301', '𝒜', '😀', '1', '12', '123', '2024', '1234567', '#', ':'];
    const lines = randomStrings(pieces, 6000, 24, 11).map((s, i) => (i % 4 === 0 ? s : `\n${s}`));
    for (const line of lines) expect(blockLineCanMatch(line), JSON.stringify(line)).to.equal(BLOCK_LINE.test(line));
  });
});
