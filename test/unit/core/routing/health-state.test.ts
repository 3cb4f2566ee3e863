/** A registry's health from its checks: thresholds both ways. */
import { expect } from 'chai';
import { HealthState } from '../../../../core/proxy/health/health-state.js';

describe('routing: health state', () => {
  it('turns unhealthy after `unhealthy_threshold` consecutive failures and healthy after `healthy_threshold` passes', () => {
    const state = new HealthState(3, 2);
    expect(state.record(false)).to.equal(false);
    expect(state.record(false)).to.equal(false);
    expect(state.record(true)).to.equal(false);
    expect(state.healthy).to.equal(true);
    state.record(false);
    state.record(false);
    expect(state.record(false)).to.equal(true);
    expect(state.healthy).to.equal(false);
    expect(state.record(true)).to.equal(false);
    expect(state.record(false)).to.equal(false);
    expect(state.record(true)).to.equal(false);
    expect(state.record(true)).to.equal(true);
    expect(state.healthy).to.equal(true);
  });

  it('keeps its state when the thresholds change', () => {
    const state = new HealthState(1, 5);
    state.record(false);
    state.setThresholds(1, 1);
    expect(state.healthy).to.equal(false);
    expect(state.record(true)).to.equal(true);
  });
});
