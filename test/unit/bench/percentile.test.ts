/** The load drivers' percentiles: nearest rank over the sorted latencies. */
import { expect } from 'chai';
import { percentile, summarize } from '../../../bench/open-loop.js';

describe('bench: percentiles', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('takes the nearest rank: p50 of 1..100 is 50, p99 is 99, p100 the largest', () => {
    expect(percentile(hundred, 50)).to.equal(50);
    expect(percentile(hundred, 99)).to.equal(99);
    expect(percentile(hundred, 100)).to.equal(100);
    expect(percentile(hundred, 0)).to.equal(1);
  });

  it('answers NaN with no samples and the only sample with one', () => {
    expect(percentile([], 50)).to.be.NaN;
    expect(percentile([7], 99)).to.equal(7);
  });

  it('summarize sorts numerically, not as text, and counts what was answered', () => {
    const s = summarize([10, 9, 100, 2], 5, 1);
    expect(s).to.include({ sent: 5, ok: 4, errors: 1, p50: 9, max: 100 });
    expect(s.mean).to.equal(30.25);
  });
});
