/**
 * Numeric start settings are refused past what a deployment uses, with a message naming the
 * setting, instead of overflowing a timer (a Node.js timer past 2^31-1 ms fires at once, so a
 * heartbeat of 1e20 ms would spin) or a limit.
 */
import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';

describe('core/config/settings: numeric bounds', () => {
  const refusal = (flags: Record<string, string>) => {
    try {
      resolveSettings(flags, {});
    } catch (err) {
      expect(err).to.be.instanceOf(SettingsInputError);
      return (err as Error).message;
    }
    return undefined;
  };

  it('refuses intervals and timeouts past one day, and record counts past a hundred million', () => {
    expect(refusal({ 'sync-heartbeat-ms': '1e20' })).to.contain('sync heartbeat');
    expect(refusal({ 'sync-timeout-ms': String(2 ** 31) })).to.contain('sync timeout');
    expect(refusal({ 'telemetry-interval-ms': '86400001' })).to.contain('telemetry interval');
    expect(refusal({ 'activity-max-records': '1e20' })).to.contain('activity max records');
  });

  it('accepts the largest values allowed', () => {
    const settings = resolveSettings({ 'sync-heartbeat-ms': '86400000', 'activity-max-records': '100000000' }, {});
    expect(settings.syncHeartbeatMs).to.equal(86_400_000);
    expect(settings.activityMaxRecords).to.equal(100_000_000);
  });

  it('refuses a metrics or cluster token shorter than 16 characters, without echoing it', () => {
    expect(refusal({ 'metrics-token': 'short-token' })).to.contain('metrics token must be at least 16 characters').and.not.contain('short-token');
    expect(refusal({ 'cluster-token': 'abc' })).to.contain('cluster token must be at least 16 characters');
    expect(resolveSettings({ 'metrics-token': '0123456789abcdef' }, {}).metricsToken).to.equal('0123456789abcdef');
  });
});
