/**
 * The evaluate scenario's rate search: the highest open-loop rate that still passes, found with a
 * bounded number of probes, never reporting a rate that failed.
 */
import { expect } from 'chai';
import { searchRate } from '../../../bench/rate-search.js';

/** A probe that passes up to `limit` req/s, recording each rate it was asked about. */
function probeUpTo(limit: number) {
  const asked: number[] = [];
  return { asked, passes: async (rate: number) => (asked.push(rate), rate <= limit) };
}

describe('bench: rate search', () => {
  for (const limit of [137, 850, 1_900]) {
    it(`finds the highest passing rate within the precision (limit ${limit} req/s)`, async () => {
      const probe = probeUpTo(limit);
      const result = await searchRate({ start: 100, max: 4_000, precision: 0.05, maxProbes: 20, passes: probe.passes });
      expect(result.rate).to.be.at.most(limit);
      expect(result.rate).to.be.at.least(limit / 1.05 - 1);
      expect(result.ceiling).to.be.greaterThan(limit);
      expect(result.capped).to.equal(false);
      expect(result.probes.map((p) => p.rate)).to.deep.equal(probe.asked);
    });
  }

  it('reports only a rate that was probed and passed', async () => {
    const probe = probeUpTo(611);
    const result = await searchRate({ start: 100, max: 4_000, precision: 0.05, maxProbes: 20, passes: probe.passes });
    expect(result.probes.find((p) => p.rate === result.rate)?.passed).to.equal(true);
  });

  it('stops at the maximum and says so when every rate passes', async () => {
    const result = await searchRate({ start: 100, max: 1_000, precision: 0.05, maxProbes: 20, passes: async () => true });
    expect(result).to.include({ rate: 1_000, capped: true });
    expect(result.ceiling).to.equal(undefined);
  });

  it('goes below the start when the start fails, and answers undefined when nothing passes', async () => {
    const low = await searchRate({ start: 100, max: 1_000, precision: 0.05, maxProbes: 20, passes: async (rate) => rate <= 30 });
    expect(low.rate).to.be.within(28, 30);
    const none = await searchRate({ start: 100, max: 1_000, precision: 0.05, maxProbes: 20, passes: async () => false });
    expect(none.rate).to.equal(undefined);
    expect(none.probes.length).to.be.at.most(20);
  });

  it('never asks for more probes than allowed', async () => {
    const probe = probeUpTo(777);
    const result = await searchRate({ start: 100, max: 4_000, precision: 0.001, maxProbes: 6, passes: probe.passes });
    expect(probe.asked.length).to.equal(6);
    expect(result.rate).to.be.at.most(777);
  });
});
