import { expect } from 'chai';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import { Rejection } from '../../../../core/pipeline/rejection.js';
import { logger } from '../../../../core/logging/logger.js';
import { CounterUnavailableError, LocalCounterStore, type CounterStore } from '../../../../core/plugin/counters.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import type { PluginKit } from '../../../../core/plugin/types.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { fixedWindow } from '../../../../plugins/shared/rate-windows/fixed-window.js';
import { admitRate } from '../../../../plugins/rate-limiter/handler.js';
import plugin from '../../../../plugins/rate-limiter/index.js';
import { partitionKey } from '../../../../plugins/rate-limiter/partition-key.js';
import { mergeRateLimitHeaders } from '../../../../plugins/rate-limiter/rate-headers.js';
import type { RateLimiterSettings } from '../../../../plugins/rate-limiter/settings.js';
import { secondsUntilAllowed, slidingWindow } from '../../../../plugins/shared/rate-windows/sliding-window.js';

const settingsOf = (raw: Record<string, unknown>): RateLimiterSettings => {
  const copy = structuredClone(raw);
  expect(validatorFor(plugin.schemaId)(copy)).to.equal(true);
  return copy as unknown as RateLimiterSettings;
};

const exchange = (fields: { model?: string; headers?: Record<string, string>; subject?: string } = {}) =>
  ({
    traceId: 'trace',
    incoming: { headers: fields.headers ?? {} },
    consumer: { id: 'consumer-1', gatewayId: 'gw' },
    principal: { gatewayId: 'gw', authId: 'auth-1', kind: fields.subject ? 'oidc' : 'api_key', subject: fields.subject },
    request: { model: fields.model ?? 'gpt-4o-mini', messages: [], sampling: {}, stream: false },
    responseHeaders: {},
    findings: [],
  }) as unknown as Exchange;

/** A kit on a fake clock whose counters can be swapped. */
function kitAt(raw: Record<string, unknown>, clock: { t: number }, counters?: CounterStore): PluginKit<RateLimiterSettings> {
  const kit = fakeKit(settingsOf(raw), { now: () => clock.t });
  return counters ? { ...kit, counters } : kit;
}

describe('rate_limiter: sliding window', () => {
  const W = 60_000;

  it('admits the Nth request of a window and refuses the N+1th', async () => {
    const t = 10 * W;
    const counters = new LocalCounterStore(() => t);
    for (let i = 0; i < 3; i++) expect((await slidingWindow(counters, 'k', 3, W, t)).allowed).to.equal(true);
    const refused = await slidingWindow(counters, 'k', 3, W, t);
    expect(refused).to.include({ allowed: false, remaining: 0 });
  });

  it('weighs the previous window by how much of it the sliding window still covers', async () => {
    let t = 10 * W;
    const counters = new LocalCounterStore(() => t);
    for (let i = 0; i < 4; i++) await slidingWindow(counters, 'k', 4, W, t);
    // A quarter into the next window, 3 of the previous 4 still count: one request fits.
    t = 11 * W + W / 4;
    const first = await slidingWindow(counters, 'k', 4, W, t);
    expect(first).to.include({ allowed: true, remaining: 0 });
    expect((await slidingWindow(counters, 'k', 4, W, t)).allowed).to.equal(false);
    // Three quarters in, 1 of the previous 4 counts, plus the 1 taken: two more fit.
    t = 11 * W + (3 * W) / 4;
    expect((await slidingWindow(counters, 'k', 4, W, t)).allowed).to.equal(true);
    expect((await slidingWindow(counters, 'k', 4, W, t)).allowed).to.equal(true);
    expect((await slidingWindow(counters, 'k', 4, W, t)).allowed).to.equal(false);
  });

  it('computes Retry-After: later in this window as the previous decays, or into the next one', () => {
    // limit 4, previous 4, current 0, 15 s into 60 s: the weight is already 3/4, so at once (1 s minimum).
    expect(secondsUntilAllowed(4, 4, 0, 15_000, 60_000)).to.equal(1);
    // previous 4, current 1 at 15 s: need weight <= 2/4 -> 30 s into the window -> 15 s.
    expect(secondsUntilAllowed(4, 4, 1, 15_000, 60_000)).to.equal(15);
    // current already 4 (full): the rest of this window (45 s) + into the next until 4 x (1 - t/60) <= 3 -> 15 s.
    expect(secondsUntilAllowed(4, 0, 4, 15_000, 60_000)).to.equal(45 + 15);
    // current 2 of limit 2 with nothing before: 45 s left + 30 s into the next window.
    expect(secondsUntilAllowed(2, 0, 2, 15_000, 60_000)).to.equal(75);
  });
});

describe('rate_limiter: fixed window', () => {
  it('opens at the first request, refuses past the limit, and restarts after its length', async () => {
    let t = 1_000;
    const counters = new LocalCounterStore(() => t);
    expect(await fixedWindow(counters, 'k', 2, 10_000, t)).to.include({ allowed: true, remaining: 1, resetSeconds: 10 });
    t = 5_000;
    expect(await fixedWindow(counters, 'k', 2, 10_000, t)).to.include({ allowed: true, remaining: 0, resetSeconds: 6 });
    expect(await fixedWindow(counters, 'k', 2, 10_000, t)).to.include({ allowed: false, retryAfterSeconds: 6 });
    t = 11_001;
    expect(await fixedWindow(counters, 'k', 2, 10_000, t)).to.include({ allowed: true, remaining: 1 });
  });
});

describe('rate_limiter: partition keys', () => {
  it('scopes by policy and consumer, and by model without a registry pin', () => {
    expect(partitionKey('p1', exchange(), [])).to.equal('rate:p1:consumer-1');
    expect(partitionKey('p1', exchange({ model: '@openai-main/gpt-4o' }), ['model'])).to.equal(partitionKey('p1', exchange({ model: 'gpt-4o' }), ['model']));
  });

  it('partitions by auth identity (credential and token subject)', () => {
    const a = partitionKey('p1', exchange({ subject: 'alice' }), ['auth']);
    const b = partitionKey('p1', exchange({ subject: 'bob' }), ['auth']);
    expect(a).to.not.equal(b);
    expect(a).to.contain('auth-1');
  });

  it('partitions by a header value, digested (any value is key-safe), missing values sharing one key', () => {
    const value = 'user:with spaces/and:colons';
    const key = partitionKey('p1', exchange({ headers: { 'x-user-id': value } }), ['header'], 'X-User-Id');
    expect(key).to.not.contain('spaces');
    expect(key).to.not.equal(partitionKey('p1', exchange({ headers: { 'x-user-id': 'other' } }), ['header'], 'X-User-Id'));
    expect(partitionKey('p1', exchange(), ['header'], 'x-user-id')).to.equal('rate:p1:consumer-1:header=');
  });
});

describe('rate_limiter: admit', () => {
  it('sets X-RateLimit-* on an admitted request and Retry-After on a refusal', async () => {
    const clock = { t: 120_000 };
    const kit = kitAt({ limits: [{ requests: 1, window: 'minute' }] }, clock);
    const ctx = exchange();
    expect(await admitRate(kit, ctx)).to.equal(undefined);
    expect(ctx.responseHeaders).to.deep.equal({ 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    const refused = await admitRate(kit, exchange());
    expect(refused).to.be.instanceOf(Rejection);
    expect(refused!.error.status).to.equal(429);
    // With a limit of 1 the admitted request must slide out entirely: the rest of this window and all of the next.
    expect(refused!.error.headers['retry-after']).to.equal('120');
    expect(refused!.error.headers['x-ratelimit-remaining']).to.equal('0');
  });

  it('undoes the counts of the limits that admitted a request another limit refused', async () => {
    const clock = { t: 3_600_000 };
    const counters = new LocalCounterStore(() => clock.t);
    const kit = kitAt({ limits: [{ requests: 5, window: 'minute' }, { requests: 2, window: 'hour' }], algorithm: 'fixed_window' }, clock, counters);
    for (let i = 0; i < 5; i++) await admitRate(kit, exchange());
    const base = partitionKey(kit.policy.id, exchange(), []);
    expect(await counters.get(`${base}:60000:fixed`)).to.equal(2);
    expect(await counters.get(`${base}:3600000:fixed`)).to.equal(2);
  });

  it('leaves no headers when response_headers is off', async () => {
    const ctx = exchange();
    await admitRate(kitAt({ limits: [{ requests: 1, window: 'minute' }], response_headers: false }, { t: 0 }), ctx);
    expect(ctx.responseHeaders).to.deep.equal({});
  });

  it('keeps the tighter limit\'s headers when several policies report', () => {
    const target: Record<string, string> = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '5' };
    mergeRateLimitHeaders(target, { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '60' });
    expect(target['x-ratelimit-limit']).to.equal('10');
    mergeRateLimitHeaders(target, { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1' });
    expect(target['x-ratelimit-limit']).to.equal('3');
  });
});

describe('rate_limiter: an unreachable counter backend', () => {
  const broken: CounterStore = {
    kind: 'redis',
    add: async () => {
      throw new CounterUnavailableError('redis counter backend: connection refused');
    },
    get: async () => {
      throw new CounterUnavailableError('redis counter backend: connection refused');
    },
  };

  it('fault_tolerant admits the request and reports a counter_unavailable finding', async () => {
    const ctx = exchange();
    expect(await admitRate(kitAt({ limits: [{ requests: 1, window: 'minute' }] }, { t: 0 }, broken), ctx)).to.equal(undefined);
    expect(ctx.findings).to.deep.include({ plugin: 'rate_limiter', policyId: 'test-policy', type: 'counter_unavailable', action: 'report' });
  });

  it('otherwise throws, and the policy fails closed: 503 plugin_failed at admit', async () => {
    const kit = kitAt({ limits: [{ requests: 1, window: 'minute' }], fault_tolerant: false }, { t: 0 }, broken);
    const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
    await plugin.setup(hooks, kit);
    const chain = compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: plugin.failureMode ?? 'closed', taps }], logger);
    const rejection = await chain.admit.promise(exchange());
    expect(rejection).to.be.instanceOf(Rejection);
    expect(rejection!.error.code).to.equal('plugin_failed');
    expect(rejection!.error.status).to.equal(503);
  });
});
