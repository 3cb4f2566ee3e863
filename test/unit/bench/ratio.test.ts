/** How the bench prints a figure beside a peer's: a ratio, or a dash where a ratio means nothing. */
import { expect } from 'chai';
import { formatRatio, formatPercent } from '../../../bench/ratio.js';

describe('bench: ratio formatting', () => {
  it('prints value / reference with two decimals and a times sign', () => {
    expect(formatRatio(6124, 8124)).to.equal('0.75×');
    expect(formatRatio(0.79, 0.59)).to.equal('1.34×');
    expect(formatRatio(948, 948)).to.equal('1.00×');
  });

  it('prints a dash for a missing, non-finite or non-positive reference, and for a negative value', () => {
    expect(formatRatio(1, undefined)).to.equal('–');
    expect(formatRatio(undefined, 1)).to.equal('–');
    expect(formatRatio(1, 0)).to.equal('–');
    expect(formatRatio(1, -0.2)).to.equal('–');
    expect(formatRatio(Number.NaN, 1)).to.equal('–');
    expect(formatRatio(-0.1, 0.5)).to.equal('–');
  });

  it('keeps small ratios readable', () => {
    expect(formatRatio(1, 1000)).to.equal('0.001×');
    expect(formatRatio(5, 10_000)).to.equal('0.0005×');
  });

  it('prints a share as a percentage with one decimal', () => {
    expect(formatPercent(2980, 6124)).to.equal('48.7%');
    expect(formatPercent(1, 0)).to.equal('–');
  });
});
