/** The attempt loop's decisions: retry with backoff, move to the next target, or fail. */
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { AttemptPolicy } from '../../../../core/proxy/chat/attempt-decision.js';
import type { CanonicalResponse } from '../../../../core/canonical/index.js';

/** An exchange whose consumer carries the given record fields (a fresh view each time). */
const exchange = (record: Record<string, unknown>) => ({ consumer: Object.freeze({ record }) }) as unknown as Exchange;
const upstream = (status: number, headers: Record<string, string> = {}) => new GatewayError('upstream_error', { status, source: 'upstream', headers });
const refused = () => new GatewayError('upstream_unreachable', { source: 'upstream' });

describe('routing: attempt decisions', () => {
  it('with no settings: no retries, fallback on 429, 5xx, timeout and connection', () => {
    const policy = new AttemptPolicy(exchange({}), undefined);
    expect(policy.decide(upstream(429), true, 0, undefined)).to.deep.equal({ action: 'next', trigger: '429' });
    expect(policy.decide(upstream(500), true, 0, undefined)).to.deep.equal({ action: 'next', trigger: '5xx' });
    expect(policy.decide(refused(), true, 0, undefined)).to.deep.equal({ action: 'next', trigger: 'connection' });
    expect(policy.decide(upstream(400), true, 0, undefined)).to.deep.equal({ action: 'fail' });
    expect(policy.decide(upstream(500), false, 0, undefined)).to.deep.equal({ action: 'fail' });
  });

  it('retries matching failures while retries are left, then moves on', () => {
    const policy = new AttemptPolicy(exchange({ retry: { max_retries: 2, initial_delay_ms: 50, jitter: 0 } }), undefined);
    expect(policy.decide(upstream(502), true, 0, undefined)).to.deep.equal({ action: 'retry', delayMs: 50, trigger: '502' });
    expect(policy.decide(upstream(502), true, 1, undefined)).to.deep.equal({ action: 'retry', delayMs: 100, trigger: '502' });
    expect(policy.decide(upstream(502), true, 2, undefined)).to.deep.equal({ action: 'next', trigger: '5xx' });
    // 500 is not in the default retry list.
    expect(policy.decide(upstream(500), true, 0, undefined).action).to.equal('next');
  });

  it('never retries a target whose breaker opened', () => {
    const policy = new AttemptPolicy(exchange({ retry: { max_retries: 2 } }), undefined);
    expect(policy.decide(upstream(502), true, 0, undefined, false).action).to.equal('next');
  });

  it("an onAttemptError tap's decision wins, and its retries are capped", () => {
    const policy = new AttemptPolicy(exchange({}), undefined, () => 0);
    expect(policy.decide(upstream(400), true, 0, 'next').action).to.equal('next');
    expect(policy.decide(upstream(500), true, 0, 'fail').action).to.equal('fail');
    expect(policy.decide(upstream(400), true, 0, 'retry').action).to.equal('retry');
    expect(policy.decide(upstream(400), true, 10, 'retry').action).to.equal('fail');
  });

  it("the gateway's own errors are never retried or moved on", () => {
    const policy = new AttemptPolicy(exchange({ retry: { max_retries: 2 } }), undefined);
    expect(policy.decide(new GatewayError('unsupported_feature'), true, 0, 'retry').action).to.equal('fail');
  });

  it('per-attempt timeout from the consumer, else the plane default; the total deadline cuts it and then refuses', async () => {
    const defaults = { firstByteMs: 5_000, idleMs: 700 };
    const plain = new AttemptPolicy(exchange({}), defaults);
    expect([plain.attemptTimeoutMs(), plain.bodyTimeoutMs()]).to.deep.equal([5_000, 700]);
    const own = new AttemptPolicy(exchange({ timeouts: { attempt_ms: 300 } }), defaults);
    expect([own.attemptTimeoutMs(), own.bodyTimeoutMs()]).to.deep.equal([300, 300]);
    // The plane default is cut by the total deadline as the consumer's own would be.
    expect(new AttemptPolicy(exchange({ timeouts: { total_ms: 50 } }), defaults).attemptTimeoutMs()).to.be.within(1, 50);
    const short = new AttemptPolicy(exchange({ timeouts: { attempt_ms: 10_000, total_ms: 50 } }), undefined);
    expect(short.attemptTimeoutMs()).to.be.within(1, 50);
    await new Promise((r) => setTimeout(r, 60));
    expect(() => short.attemptTimeoutMs()).to.throw(GatewayError, /total timeout/);
    // No retry whose wait overruns the deadline.
    const tight = new AttemptPolicy(exchange({ retry: { max_retries: 1 }, timeouts: { total_ms: 500 } }), undefined);
    expect(tight.decide(upstream(429, { 'retry-after': '1' }), true, 0, undefined).action).to.equal('next');
  });

  it('moves past a content-filtered answer only when content_filter is a trigger and a next target exists', () => {
    const filtered = { finish_reason: 'content_filter' } as CanonicalResponse;
    expect(new AttemptPolicy(exchange({ fallback: { targets: ['x'], on: ['content_filter'] } }), undefined).skipsFilteredAnswer(filtered, true)).to.equal(true);
    expect(new AttemptPolicy(exchange({ fallback: { targets: ['x'], on: ['content_filter'] } }), undefined).skipsFilteredAnswer(filtered, false)).to.equal(false);
    expect(new AttemptPolicy(exchange({ fallback: { targets: ['x'] } }), undefined).skipsFilteredAnswer(filtered, true)).to.equal(false);
  });

  it('invalid settings are refused with the field named', () => {
    expect(() => new AttemptPolicy(exchange({ retry: { max_retries: 99 } }), undefined)).to.throw(GatewayError, /\/retry\/max_retries/);
  });
});
