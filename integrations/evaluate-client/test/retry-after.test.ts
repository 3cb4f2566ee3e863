/** `Retry-After` as RFC 9110 gives it: delay-seconds or an HTTP-date. */
import { expect } from 'chai';
import { retryAfterMs } from '../src/index.js';

describe('evaluate client: Retry-After', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(retryAfterMs('2', now)).to.equal(2000);
    expect(retryAfterMs(' 0 ', now)).to.equal(0);
  });

  it('reads an HTTP-date as the time left until it (none when it has passed)', () => {
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:03 GMT', now)).to.equal(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:59:00 GMT', now)).to.equal(0);
  });

  it('ignores an absent or unreadable header (the backoff applies)', () => {
    expect(retryAfterMs(null, now)).to.equal(undefined);
    expect(retryAfterMs('soon', now)).to.equal(undefined);
    expect(retryAfterMs('-1', now)).to.equal(undefined);
  });
});
