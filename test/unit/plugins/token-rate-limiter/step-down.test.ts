/**
 * token_rate_limiter's budget-aware routing: the `step_down` thresholds (schema), the spend
 * pressure a request is admitted under (the fraction each applicable budget had spent before
 * its reservation, the highest deciding), and how two budgets' pressures combine.
 */
import { expect } from 'chai';
import type { CanonicalRequest } from '../../../../core/canonical/index.js';
import type { Exchange, RoutingPressure } from '../../../../core/pipeline/exchange.js';
import { describeErrors, validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { budgetCounters } from '../../../../plugins/token-rate-limiter/budget-keys.js';
import { admitBudget } from '../../../../plugins/token-rate-limiter/handler.js';
import plugin from '../../../../plugins/token-rate-limiter/index.js';
import type { TokenRateLimiterSettings } from '../../../../plugins/token-rate-limiter/settings.js';
import { spendPressure, tighterPressure } from '../../../../plugins/token-rate-limiter/step-down.js';

const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

const settingsOf = (raw: Record<string, unknown>): TokenRateLimiterSettings => {
  const copy = structuredClone(raw);
  expect(validate(copy), JSON.stringify(validate.errors)).to.equal(true);
  return copy as unknown as TokenRateLimiterSettings;
};

const request = (): CanonicalRequest => ({
  model: 'auto',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  sampling: { max_tokens: 20 },
  stream: false,
});

function exchange(): Exchange {
  return {
    traceId: 't',
    consumer: { id: 'consumer-1', gatewayId: 'gw', routingMode: 'inline', registries: [], modelPolicies: [], roles: [] },
    request: request(),
    responseHeaders: {},
    findings: [],
    attempts: [],
    snapshot: { registry: () => undefined },
  } as unknown as Exchange;
}

describe('token_rate_limiter: step_down settings', () => {
  const limits = [{ amount: 1000, window: 'day' }];

  it('takes thresholds in (0, 1], one or both, simple at or above medium', () => {
    expect(validate({ limits, step_down: { medium: 0.7, simple: 0.9 } })).to.equal(true);
    expect(validate({ limits, step_down: { medium: 0.8 } })).to.equal(true);
    expect(validate({ limits, step_down: { simple: 1 } })).to.equal(true);
    expect(validate({ limits, step_down: { medium: 0.5, simple: 0.5 } })).to.equal(true);
  });

  it('refuses thresholds out of range, none at all, unknown tiers, and simple below medium (naming the field)', () => {
    expect(validate({ limits, step_down: { medium: 0 } })).to.equal(false);
    expect(validate({ limits, step_down: { medium: 1.2 } })).to.equal(false);
    expect(validate({ limits, step_down: { medium: -0.5 } })).to.equal(false);
    expect(validate({ limits, step_down: {} })).to.equal(false);
    expect(validate({ limits, step_down: { hard: 0.5 } })).to.equal(false);
    expect(validate({ limits, step_down: { medium: '0.7' } })).to.equal(false);
    expect(validate({ limits, step_down: { medium: 0.9, simple: 0.7 } })).to.equal(false);
    expect(describeErrors(validate.errors, '/settings')).to.equal('/settings/step_down/simple must be at least medium (0.9)');
  });
});

describe('token_rate_limiter: spend pressure', () => {
  const settings = settingsOf({ limits: [{ amount: 1000, window: 'day' }, { amount: 100, window: 'hour' }], step_down: { medium: 0.7, simple: 0.9 } });
  const counters = (now = Date.now()) => budgetCounters(settings, 'p', 'c', 'gpt-4o', now);
  const spent = (day: number, hour: number) => counters().map((counter, i) => ({ counter, before: [day, hour][i] }));

  it('is none below every threshold, and none without step_down', () => {
    expect(spendPressure(settings, spent(699, 69), 'budget')).to.equal(undefined);
    const plain = settingsOf({ limits: [{ amount: 1000, window: 'day' }] });
    expect(spendPressure(plain, [{ counter: budgetCounters(plain, 'p', 'c', 'm', Date.now())[0], before: 999 }], 'budget')).to.equal(undefined);
  });

  it('caps at medium from the medium threshold and at simple from the simple threshold, the most spent budget deciding', () => {
    expect(spendPressure(settings, spent(700, 0), 'budget')).to.deep.equal({ maxTier: 'medium', spent: 0.7, budget: 'budget/limits/0' });
    expect(spendPressure(settings, spent(100, 95), 'budget')).to.deep.equal({ maxTier: 'simple', spent: 0.95, budget: 'budget/limits/1' });
    expect(spendPressure(settings, spent(950, 75), 'budget')).to.deep.equal({ maxTier: 'simple', spent: 0.95, budget: 'budget/limits/0' });
    // Over budget (a settlement above the estimate) reads as fully spent.
    expect(spendPressure(settings, spent(1200, 0), 'budget')?.spent).to.equal(1);
  });

  it('with only a simple threshold, nothing happens below it', () => {
    const simpleOnly = settingsOf({ limits: [{ amount: 1000, window: 'day' }], step_down: { simple: 0.5 } });
    const [counter] = budgetCounters(simpleOnly, 'p', 'c', 'm', Date.now());
    expect(spendPressure(simpleOnly, [{ counter, before: 499 }], 'b')).to.equal(undefined);
    expect(spendPressure(simpleOnly, [{ counter, before: 500 }], 'b')?.maxTier).to.equal('simple');
  });

  it('two budgets combine to the tighter cap (the lower tier; on a tie, the more spent)', () => {
    const medium: RoutingPressure = { maxTier: 'medium', spent: 0.8, budget: 'a/limits/0' };
    const simple: RoutingPressure = { maxTier: 'simple', spent: 0.6, budget: 'b/limits/0' };
    expect(tighterPressure(undefined, medium)).to.equal(medium);
    expect(tighterPressure(medium, simple)).to.equal(simple);
    expect(tighterPressure(simple, medium)).to.equal(simple);
    const more: RoutingPressure = { maxTier: 'medium', spent: 0.85, budget: 'c/limits/1' };
    expect(tighterPressure(medium, more)).to.equal(more);
  });
});

describe('token_rate_limiter: admission sets the routing pressure', () => {
  const raw = { limits: [{ amount: 1000, window: 2 }], step_down: { medium: 0.5, simple: 0.8 } };

  async function admitAt(spentBefore: number, now: number) {
    const kit = fakeKit(settingsOf(raw), { now: () => now });
    const [counter] = budgetCounters(kit.config(), kit.policy.id, 'consumer-1', 'auto', now);
    if (spentBefore) await kit.counters.add(counter.key, spentBefore, counter.ttlMs);
    const ctx = exchange();
    const rejection = await admitBudget(kit, ctx);
    return { ctx, rejection, kit };
  }

  it('reads the spend before this request\'s own reservation: below, at and past each threshold', async () => {
    const now = Date.now();
    expect((await admitAt(0, now)).ctx.routingPressure).to.equal(undefined);
    expect((await admitAt(499, now)).ctx.routingPressure).to.equal(undefined);
    expect((await admitAt(500, now)).ctx.routingPressure).to.deep.equal({ maxTier: 'medium', spent: 0.5, budget: 'test-policy/limits/0' });
    expect((await admitAt(800, now)).ctx.routingPressure?.maxTier).to.equal('simple');
  });

  it('keeps a tighter pressure another budget policy set before it', async () => {
    const now = Date.now();
    const kit = fakeKit(settingsOf(raw), { now: () => now });
    const [counter] = budgetCounters(kit.config(), kit.policy.id, 'consumer-1', 'auto', now);
    await kit.counters.add(counter.key, 600, counter.ttlMs);
    const ctx = exchange();
    ctx.routingPressure = { maxTier: 'simple', spent: 0.9, budget: 'other/limits/0' };
    await admitBudget(kit, ctx);
    expect(ctx.routingPressure).to.deep.equal({ maxTier: 'simple', spent: 0.9, budget: 'other/limits/0' });
  });

  it('a refused request carries no pressure', async () => {
    const { ctx, rejection } = await admitAt(990, Date.now());
    expect(rejection?.error.code).to.equal('budget_exceeded');
    expect(ctx.routingPressure).to.equal(undefined);
  });
});
