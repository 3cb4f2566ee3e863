/** Backoff arithmetic and Retry-After parsing. */
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { backoffMs, parseRetryAfter, retryDelayMs } from '../../../../core/proxy/routing/backoff.js';
import type { RetrySettings } from '../../../../core/proxy/routing/routing-settings.js';

const settings: RetrySettings = {
  max_retries: 3, on: ['429'], initial_delay_ms: 100, max_delay_ms: 1_000, multiplier: 2, jitter: 0, respect_retry_after: true, max_retry_after_ms: 5_000,
};
const rateLimited = (retryAfter?: string) =>
  new GatewayError('upstream_error', { status: 429, source: 'upstream', headers: retryAfter ? { 'retry-after': retryAfter } : {} });

describe('routing: backoff and Retry-After', () => {
  it('grows exponentially up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs(settings, n))).to.deep.equal([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('jitter draws a share of the backoff: never more than the backoff, never less than (1 - jitter) of it', () => {
    const jittery = { ...settings, jitter: 0.5 };
    expect(backoffMs(jittery, 2, () => 0)).to.equal(400);
    expect(backoffMs(jittery, 2, () => 0.999999)).to.equal(200);
    for (let i = 0; i < 100; i++) expect(backoffMs(jittery, 2)).to.be.within(200, 400);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).to.equal(2_000);
    expect(parseRetryAfter('0.5')).to.equal(500);
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:03 GMT', now)).to.equal(3_000);
    expect(parseRetryAfter('soon')).to.equal(undefined);
    expect(parseRetryAfter(undefined)).to.equal(undefined);
  });

  it('waits at least the Retry-After, refuses one beyond max_retry_after_ms, and can ignore it', () => {
    expect(retryDelayMs(settings, 0, rateLimited('1'))).to.equal(1_000);
    expect(retryDelayMs(settings, 3, rateLimited('0'))).to.equal(800);
    expect(retryDelayMs(settings, 0, rateLimited('6'))).to.equal(undefined);
    expect(retryDelayMs({ ...settings, respect_retry_after: false }, 0, rateLimited('6'))).to.equal(100);
    expect(retryDelayMs(settings, 1, rateLimited())).to.equal(200);
  });
});
