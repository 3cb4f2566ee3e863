/**
 * Asynchronous policy taps leave a record of their run on the exchange (plugin, policy, hook,
 * start, duration, failure) for the request's trace, bounded per request; synchronous taps
 * leave none.
 */
import { expect } from 'chai';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { intercept, MAX_TAP_RUNS } from '../../../../core/pipeline/interceptors.js';
import { logger } from '../../../../core/logging/logger.js';

const log = logger;
const exchange = () => ({ traceId: 't', attempts: [], findings: [] }) as unknown as Exchange;

describe('core/pipeline/interceptors: tap runs', () => {
  it('records each asynchronous tap run, failed ones marked', async () => {
    const ctx = exchange();
    const ok = intercept(async () => new Promise((r) => setTimeout(r, 5)), false, { hook: 'checkInput', plugin: 'guardrails', policyId: 'p1', failureMode: 'open', log }) as (...a: unknown[]) => Promise<unknown>;
    const failing = intercept(async () => {
      throw new Error('down');
    }, false, { hook: 'cacheLookup', plugin: 'cache', failureMode: 'open', log }) as (...a: unknown[]) => Promise<unknown>;
    const before = performance.now();
    await ok({ model: 'm' }, ctx);
    await failing('key', ctx);
    expect(ctx.tapRuns!.map((r) => [r.plugin, r.policyId, r.hook, r.failed])).to.deep.equal([
      ['guardrails', 'p1', 'checkInput', undefined],
      ['cache', undefined, 'cacheLookup', true],
    ]);
    expect(ctx.tapRuns![0].startedAt).to.be.at.least(before);
    expect(ctx.tapRuns![0].durationMs).to.be.greaterThan(0);
  });

  it('keeps at most MAX_TAP_RUNS per exchange and none for synchronous taps', async () => {
    const ctx = exchange();
    const tap = intercept(async () => undefined, false, { hook: 'checkStream', plugin: 'guardrails', failureMode: 'open', log }) as (...a: unknown[]) => Promise<unknown>;
    for (let i = 0; i < MAX_TAP_RUNS + 10; i++) await tap({}, ctx);
    expect(ctx.tapRuns).to.have.length(MAX_TAP_RUNS);
    const other = exchange();
    const sync = intercept(() => undefined, true, { hook: 'cacheKey', plugin: 'cache', failureMode: 'open', log }) as (...a: unknown[]) => unknown;
    sync([], other);
    expect(other.tapRuns).to.equal(undefined);
  });
});
