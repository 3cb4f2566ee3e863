/** The peak EWMA on its own: a slow sample is taken at once, fast samples pull the average down slowly. */
import { expect } from 'chai';
import { PEAK_EWMA_DECAY_MS, PeakEwma } from '../../../../core/proxy/routing/peak-ewma.js';

describe('routing: peak EWMA latency', () => {
  it('starts at 0, jumps to a slower sample at once and decays towards faster ones with time', () => {
    let now = 0;
    const ewma = new PeakEwma(() => now);
    expect(ewma.latency('r')).to.equal(0);
    ewma.observe('r', 20);
    ewma.observe('r', 300);
    expect(ewma.latency('r')).to.equal(300);
    // A fast answer right after barely moves the average...
    now += 10;
    ewma.observe('r', 20);
    expect(ewma.latency('r')).to.be.within(299, 300);
    // ...and after one decay period the old value weighs 1/e.
    now += PEAK_EWMA_DECAY_MS;
    ewma.observe('r', 20);
    expect(ewma.latency('r')).to.be.closeTo(20 + 280 * Math.exp(-10 / PEAK_EWMA_DECAY_MS) * Math.exp(-1), 0.5);
    expect(ewma.latency('other')).to.equal(0);
  });
});
