/**
 * How long the primary waits before replacing a crashed worker: doubling from 250 ms while a
 * worker keeps crashing soon after its start, capped at 10 s, and back to 250 ms once a worker
 * has run for a while.
 */
import { expect } from 'chai';
import { RestartBackoff } from '../../../../core/workers/restart-backoff.js';

describe('core/workers/restart-backoff', () => {
  it('doubles the wait for a worker that keeps crashing soon after its start, up to the cap', () => {
    const backoff = new RestartBackoff({ minMs: 250, maxMs: 10_000, stableMs: 30_000 });
    const waits = Array.from({ length: 8 }, () => backoff.next(1_000));
    expect(waits).to.deep.equal([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('starts again from the shortest wait once a worker ran longer than the stable time', () => {
    const backoff = new RestartBackoff({ minMs: 250, maxMs: 10_000, stableMs: 30_000 });
    backoff.next(100);
    backoff.next(100);
    expect(backoff.next(100)).to.equal(1_000);
    expect(backoff.next(60_000)).to.equal(250);
    expect(backoff.next(100)).to.equal(500);
  });
});
