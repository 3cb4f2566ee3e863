import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';
import { DEFAULT_UPSTREAM_TIMEOUTS } from '../../../../core/proxy/upstream/upstream-timeouts.js';

describe('settings: default upstream timeouts', () => {
  const timeouts = (flags: Record<string, string>, env: NodeJS.ProcessEnv = {}) => {
    const s = resolveSettings(flags, env);
    return { connectMs: s.upstreamConnectTimeoutMs, firstByteMs: s.upstreamFirstByteTimeoutMs, idleMs: s.upstreamIdleTimeoutMs };
  };

  it('are on by default', () => {
    expect(timeouts({})).to.deep.equal(DEFAULT_UPSTREAM_TIMEOUTS);
    for (const ms of Object.values(DEFAULT_UPSTREAM_TIMEOUTS)) expect(ms).to.be.a('number').above(0);
  });

  it('come from the environment, and a flag wins over it', () => {
    const env = { PORTCULLIS_UPSTREAM_CONNECT_TIMEOUT_MS: '1000', PORTCULLIS_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '2000', PORTCULLIS_UPSTREAM_IDLE_TIMEOUT_MS: '3000' };
    expect(timeouts({}, env)).to.deep.equal({ connectMs: 1000, firstByteMs: 2000, idleMs: 3000 });
    expect(timeouts({ 'upstream-idle-timeout-ms': '4000' }, env).idleMs).to.equal(4000);
  });

  it('refuse zero, fractions, words and more than an hour (a timer that long would fire at once)', () => {
    for (const value of ['0', '-1', '1.5', 'soon', '3600001', '1e20']) {
      expect(() => timeouts({ 'upstream-first-byte-timeout-ms': value }), value).to.throw(SettingsInputError, /upstream first-byte timeout/);
    }
    expect(timeouts({ 'upstream-connect-timeout-ms': '3600000' }).connectMs).to.equal(3_600_000);
  });
});
