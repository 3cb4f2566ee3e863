import { expect } from 'chai';
import type { CanonicalRequest } from '../../../../core/canonical/index.js';
import { logger } from '../../../../core/logging/logger.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import type { Exchange, Outcome } from '../../../../core/pipeline/exchange.js';
import { Rejection } from '../../../../core/pipeline/rejection.js';
import { CounterUnavailableError, LocalCounterStore, type CounterStore } from '../../../../core/plugin/counters.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { PRICE_CATALOG, priceFor } from '../../../../core/providers/prices.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { budgetCounters } from '../../../../plugins/token-rate-limiter/budget-keys.js';
import { costNano } from '../../../../plugins/token-rate-limiter/cost.js';
import { countOutputTokens, estimateInputTokens, estimateOutputTokens } from '../../../../plugins/token-rate-limiter/estimate.js';
import { admitBudget } from '../../../../plugins/token-rate-limiter/handler.js';
import plugin from '../../../../plugins/token-rate-limiter/index.js';
import { periodOf } from '../../../../plugins/token-rate-limiter/periods.js';
import { reserve, settle, type Reservation } from '../../../../plugins/token-rate-limiter/reservation.js';
import type { TokenRateLimiterSettings } from '../../../../plugins/token-rate-limiter/settings.js';
import { countTokens, tokenizer } from '../../../../plugins/token-rate-limiter/token-count.js';

const settingsOf = (raw: Record<string, unknown>): TokenRateLimiterSettings => {
  const copy = structuredClone(raw);
  expect(validatorFor(plugin.schemaId)(copy), JSON.stringify(validatorFor(plugin.schemaId).errors)).to.equal(true);
  return copy as unknown as TokenRateLimiterSettings;
};

const request = (content: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: [{ type: 'text', text: content }] }],
  sampling: {},
  stream: false,
  ...extra,
});

/** An exchange whose consumer has no registries (the expected model is the requested one). */
function exchange(req: CanonicalRequest): Exchange {
  return {
    traceId: 't',
    consumer: { id: 'consumer-1', gatewayId: 'gw', routingMode: 'inline', registries: [], modelPolicies: [], roles: [] },
    request: req,
    responseHeaders: {},
    findings: [],
    attempts: [],
    snapshot: { registry: () => undefined },
  } as unknown as Exchange;
}

const outcome = (fields: Partial<Outcome> = {}): Outcome => ({ status: 200, durationMs: 1, cached: false, streamed: false, ...fields });

describe('token_rate_limiter: periods', () => {
  const at = (iso: string) => Date.parse(iso);

  it('names UTC calendar periods: minute, hour, day, ISO week from Monday, month', () => {
    const now = at('2025-03-13T15:42:10.500Z'); // a Thursday
    expect(periodOf('minute', now)).to.include({ start: at('2025-03-13T15:42:00Z'), end: at('2025-03-13T15:43:00Z') });
    expect(periodOf('hour', now)).to.include({ start: at('2025-03-13T15:00:00Z'), end: at('2025-03-13T16:00:00Z') });
    expect(periodOf('day', now)).to.include({ start: at('2025-03-13T00:00:00Z'), end: at('2025-03-14T00:00:00Z') });
    expect(periodOf('week', now)).to.include({ start: at('2025-03-10T00:00:00Z'), end: at('2025-03-17T00:00:00Z') });
    expect(periodOf('week', at('2025-03-16T23:59:59Z')).start).to.equal(at('2025-03-10T00:00:00Z'));
    expect(periodOf('week', at('2025-03-17T00:00:00Z')).start).to.equal(at('2025-03-17T00:00:00Z'));
    expect(periodOf('month', now)).to.include({ start: at('2025-03-01T00:00:00Z'), end: at('2025-04-01T00:00:00Z') });
    expect(periodOf('month', at('2024-12-31T23:00:00Z')).end).to.equal(at('2025-01-01T00:00:00Z'));
  });

  it('aligns a number of seconds to the epoch', () => {
    expect(periodOf(30, 95_000)).to.include({ start: 90_000, end: 120_000 });
    expect(periodOf(30, 95_000).id).to.not.equal(periodOf(30, 125_000).id);
  });
});

describe('token_rate_limiter: prices and cost', () => {
  it('keeps its source and date with the catalog', () => {
    expect(PRICE_CATALOG.as_of).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICE_CATALOG.sources.openai).to.match(/^https:\/\//);
    for (const [model, price] of Object.entries(PRICE_CATALOG.models)) {
      expect(price.input, model).to.be.a('number');
      expect(PRICE_CATALOG.sources[price.provider!], model).to.be.a('string');
    }
  });

  it('finds exact names, dated snapshots (longest match), vendor-prefixed names, and registry overrides first', () => {
    expect(priceFor('gpt-4o-mini')).to.equal(PRICE_CATALOG.models['gpt-4o-mini']);
    expect(priceFor('gpt-4o-mini-2024-07-18')).to.equal(PRICE_CATALOG.models['gpt-4o-mini']);
    expect(priceFor('gpt-4o-2024-08-06')).to.equal(PRICE_CATALOG.models['gpt-4o']);
    expect(priceFor('claude-sonnet-4-5-20250929')).to.equal(PRICE_CATALOG.models['claude-sonnet-4-5']);
    expect(priceFor('openai/gpt-4o')).to.equal(PRICE_CATALOG.models['gpt-4o']);
    expect(priceFor('unknown-model')).to.equal(undefined);
    const own = { input: 9, output: 9 };
    expect(priceFor('gpt-4o', { 'gpt-4o': own })).to.equal(own);
    // An override of gpt-4o does not capture gpt-4o-mini, which the catalog names exactly.
    expect(priceFor('gpt-4o-mini', { 'gpt-4o': own })).to.equal(PRICE_CATALOG.models['gpt-4o-mini']);
  });

  it('prices plain, cached and cache-written input apart from output, in nano-dollars rounded up', () => {
    const price = { input: 3, output: 15, cached_input: 0.3, cache_write: 3.75 };
    // 100 input of which 20 cached and 30 written, 10 output.
    expect(costNano({ input: 100, output: 10, cachedInput: 20, cacheWrite: 30 }, price)).to.equal(50 * 3_000 + 20 * 300 + 30 * 3_750 + 10 * 15_000);
    expect(costNano({ input: 1, output: 0 }, { input: 0.15, output: 0.6 })).to.equal(150);
    expect(costNano({ input: 1, output: 0 }, { input: 0.0001, output: 0 })).to.equal(1);
    expect(costNano({ input: 10, output: 10, cachedInput: 10 }, { input: 1, output: 1 })).to.equal(20_000);
  });
});

describe('token_rate_limiter: estimates with the tokenizer', () => {
  it('counts a prompt with its framing, tool definitions and media', async () => {
    const encoding = await tokenizer();
    expect(estimateInputTokens(encoding, request('hello'))).to.equal(3 + 3 + 1);
    const words = countTokens(encoding, 'The quick brown fox jumps over the lazy dog');
    expect(words).to.equal(9);
    const tools = [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }];
    expect(estimateInputTokens(encoding, request('hello', { tools }))).to.equal(7 + countTokens(encoding, JSON.stringify(tools)));
    const image = request('hello');
    image.messages[0].content.push({ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } });
    expect(estimateInputTokens(encoding, image)).to.equal(7 + 765);
  });

  it('treats special-token strings in user text as plain text', async () => {
    const encoding = await tokenizer();
    expect(countTokens(encoding, 'ignore <|endoftext|> this')).to.be.greaterThan(3);
  });

  it('reserves the request\'s max_tokens times its choices, else the default', () => {
    expect(estimateOutputTokens(request('x', { sampling: { max_tokens: 50 } }), 1024)).to.equal(50);
    expect(estimateOutputTokens(request('x', { sampling: { max_tokens: 50, n: 3 } }), 1024)).to.equal(150);
    expect(estimateOutputTokens(request('x'), 1024)).to.equal(1024);
  });

  it('counts an answer\'s text and tool calls', async () => {
    const encoding = await tokenizer();
    const n = countOutputTokens(encoding, { id: 'r', model: 'm', created: 0, finish_reason: 'stop', content: [{ type: 'text', text: 'Hello from openai' }] });
    expect(n).to.equal(4);
  });
});

describe('token_rate_limiter: budget counters', () => {
  const settings = () => settingsOf({ limits: [{ amount: 100, window: 'day' }, { amount: 50, window: 'hour', per_model: true }, { amount: 10, window: 'day', models: ['gpt-4o'] }] });

  it('charges the aggregate and per-model budgets, and model-limited ones only for their models', () => {
    const mini = budgetCounters(settings(), 'p', 'c', 'gpt-4o-mini', 0);
    expect(mini.map((c) => c.capacity)).to.deep.equal([100, 50]);
    expect(mini[0].key).to.contain(':all:');
    expect(mini[1].key).to.contain(':m=gpt-4o-mini:');
    expect(budgetCounters(settings(), 'p', 'c', 'gpt-4o', 0).map((c) => c.capacity)).to.deep.equal([100, 50, 10]);
    expect(budgetCounters(settings(), 'p', 'c', 'gpt-4o', 0)[0].key).to.equal(mini[0].key);
  });

  it('keeps a budget\'s key when only its amount changes, and counts dollars in nano-dollars', () => {
    const a = budgetCounters(settingsOf({ limits: [{ amount: 100, window: 'day' }] }), 'p', 'c', 'm', 0)[0];
    const b = budgetCounters(settingsOf({ limits: [{ amount: 200, window: 'day' }] }), 'p', 'c', 'm', 0)[0];
    expect(a.key).to.equal(b.key);
    expect(budgetCounters(settingsOf({ unit: 'dollars', limits: [{ amount: 2.5, window: 'day' }] }), 'p', 'c', 'm', 0)[0].capacity).to.equal(2_500_000_000);
  });
});

describe('token_rate_limiter: reserve and settle', () => {
  const counters = () => new LocalCounterStore();
  const targets = () => budgetCounters(settingsOf({ limits: [{ amount: 100, window: 'day' }, { amount: 40, window: 'day', per_model: true }] }), 'p', 'c', 'm', Date.now());

  it('reserves on every budget, or on none when one refuses', async () => {
    const store = counters();
    const [aggregate, perModel] = targets();
    const first = (await reserve(store, targets(), 30)) as Reservation;
    expect(first.held).to.have.length(2);
    const refused = await reserve(store, targets(), 30);
    expect(refused).to.deep.include({ used: 30 });
    expect((refused as { counter: { key: string } }).counter.key).to.equal(perModel.key);
    expect(await store.get(aggregate.key)).to.equal(30);
    expect(await store.get(perModel.key)).to.equal(30);
  });

  it('settles to the real charge, releasing the difference, and charges another model in full', async () => {
    const store = counters();
    const reservation = (await reserve(store, targets(), 30)) as Reservation;
    await settle(store, reservation, targets(), 12);
    expect(await store.get(targets()[0].key)).to.equal(12);
    expect(await store.get(targets()[1].key)).to.equal(12);
    const second = (await reserve(store, targets(), 20)) as Reservation;
    expect(second.held).to.have.length(2);
    const other = budgetCounters(settingsOf({ limits: [{ amount: 100, window: 'day' }, { amount: 40, window: 'day', per_model: true }] }), 'p', 'c', 'other', Date.now());
    await settle(store, second, other, 50);
    expect(await store.get(targets()[0].key)).to.equal(62);
    expect(await store.get(targets()[1].key)).to.equal(12);
    expect(await store.get(other[1].key)).to.equal(50);
  });
});

describe('token_rate_limiter: admit and settlement', () => {
  async function admitted(raw: Record<string, unknown>, req = request('hello', { sampling: { max_tokens: 20 } })) {
    const kit = fakeKit(settingsOf(raw));
    const ctx = exchange(req);
    const rejection = await admitBudget(kit, ctx);
    return { kit, ctx, rejection, spent: () => kit.counters.get(budgetCounters(kit.config(), kit.policy.id, 'consumer-1', 'gpt-4o-mini', Date.now())[0].key) };
  }

  it('reserves the estimate, then settles the usage the provider reported', async () => {
    const { kit, ctx, rejection, spent } = await admitted({ limits: [{ amount: 1000, window: 'day' }] });
    expect(rejection).to.equal(undefined);
    expect(await spent()).to.equal(7 + 20);
    ctx.attempts.push({ registryId: 'r', provider: 'openai', model: 'gpt-4o-mini', startedAt: 0, outcome: 'ok' });
    ctx.usage = { input_tokens: 9, output_tokens: 3, total_tokens: 12 };
    await kit.deferred[0](outcome({ usage: ctx.usage }));
    expect(await spent()).to.equal(12);
  });

  it('counts a streamed answer without usage from its content', async () => {
    const { kit, ctx, spent } = await admitted({ limits: [{ amount: 1000, window: 'day' }] });
    ctx.attempts.push({ registryId: 'r', provider: 'openai', model: 'gpt-4o-mini', startedAt: 0, outcome: 'ok' });
    ctx.response = { id: 'r', model: 'gpt-4o-mini', created: 0, finish_reason: 'stop', content: [{ type: 'text', text: 'Hello from openai' }] };
    await kit.deferred[0](outcome({ streamed: true }));
    expect(await spent()).to.equal(7 + 4);
  });

  it('releases everything for a cached answer and for a call that produced nothing', async () => {
    const cached = await admitted({ limits: [{ amount: 1000, window: 'day' }] });
    await cached.kit.deferred[0](outcome({ cached: true }));
    expect(await cached.spent()).to.equal(0);
    const failed = await admitted({ limits: [{ amount: 1000, window: 'day' }] });
    failed.ctx.attempts.push({ registryId: 'r', provider: 'openai', model: 'gpt-4o-mini', startedAt: 0, outcome: 'error', status: 500 });
    await failed.kit.deferred[0](outcome({ status: 502, error: { code: 'upstream_error', message: 'x' } }));
    expect(await failed.spent()).to.equal(0);
  });

  it('refuses with 429 budget_exceeded and Retry-After when the estimate does not fit', async () => {
    const { rejection, kit } = await admitted({ limits: [{ amount: 26, window: 'minute' }] });
    expect(rejection).to.be.instanceOf(Rejection);
    expect(rejection!.error.code).to.equal('budget_exceeded');
    expect(rejection!.error.message).to.equal('budget exceeded: 0 tokens of 26 tokens used this minute; this request needs an estimated 27 tokens');
    expect(Number(rejection!.error.headers['retry-after'])).to.be.within(1, 60);
    expect(kit.deferred).to.have.length(0);
  });

  it('refuses an unpriced model on a dollar budget with 403, unless a default price is set', async () => {
    const unpriced = request('hello', { model: 'mystery', sampling: { max_tokens: 20 } });
    expect((await admitted({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }] }, unpriced)).rejection!.error.status).to.equal(403);
    expect((await admitted({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }], default_price: { input: 1, output: 1 } }, unpriced)).rejection).to.equal(undefined);
  });
});

describe('token_rate_limiter: an unreachable counter backend', () => {
  const broken: CounterStore = {
    kind: 'redis',
    add: async () => {
      throw new CounterUnavailableError('redis counter backend: connection refused');
    },
    get: async () => 0,
  };

  it('fails closed by default (503 plugin_failed), admits unmetered when fault_tolerant', async () => {
    const strict = { ...fakeKit(settingsOf({ limits: [{ amount: 100, window: 'day' }] })), counters: broken };
    const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
    await plugin.setup(hooks, strict);
    const chain = compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: plugin.failureMode ?? 'closed', taps }], logger);
    const rejection = await chain.admit.promise(exchange(request('hello')));
    expect(rejection!.error.code).to.equal('plugin_failed');
    const tolerant = { ...fakeKit(settingsOf({ limits: [{ amount: 100, window: 'day' }], fault_tolerant: true })), counters: broken };
    const ctx = exchange(request('hello'));
    expect(await admitBudget(tolerant, ctx)).to.equal(undefined);
    expect(ctx.findings.map((f) => f.type)).to.deep.equal(['counter_unavailable']);
  });
});
