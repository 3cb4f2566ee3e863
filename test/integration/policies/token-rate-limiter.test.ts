/**
 * token_rate_limiter through a running gateway: token budgets at their boundary with real
 * usage settled from non-streamed and streamed answers (usage reported, or counted from the
 * stream's content when it reports none), dollar budgets from the catalog and a registry's own
 * prices (cached input included), per-model versus aggregate budgets, a failed call releasing
 * its reservation, a short window rolling over, and 100 concurrent requests against a nearly
 * spent budget overshooting by no more than the admitted requests' excess over their estimates.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { LocalCounterStore } from '../../../core/plugin/counters.js';
import type { PolicyRecord } from '../../../core/records/types.js';
import { budgetMeter, type BudgetMeter } from './support/budget-meter.js';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

type ApiError = InstanceType<typeof OpenAI.APIError>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The fake upstream reports 10 prompt and 5 completion tokens per answer. */
const USED = 15;
/** `hello` as one user message: 3 priming + 3 framing + 1 token; output reserved at max_tokens 20. */
const ESTIMATE = 7 + 20;

describe('token_rate_limiter through a running gateway', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;
  let counters: LocalCounterStore;

  const chat = (model = 'gpt-4o-mini', extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
    pg.client().chat.completions.create({ model, max_tokens: 20, messages: [{ role: 'user', content: 'hello' }], ...extra }).withResponse();
  const refusal = async (model = 'gpt-4o-mini') => (await chat(model).catch((e: unknown) => e)) as ApiError;
  const attach = async (settings: Record<string, unknown>): Promise<{ policy: PolicyRecord; meter: BudgetMeter }> => {
    const policy = await pg.attach('token_rate_limiter', settings);
    return { policy, meter: budgetMeter(counters, pg.gateway.host, policy, pg.consumerId) };
  };

  before(async () => {
    counters = new LocalCounterStore();
    pg = await startPolicyGateway({
      counters,
      upstream: { usage: { input: 10, output: 5, cached: 4 } },
      registry: { models: ['gpt-4o-mini', 'gpt-4o', 'priced-model'], options: { prices: { 'priced-model': { input: 1000, output: 2000, cached_input: 500 } } } },
    });
  });
  after(async () => {
    await pg?.close();
  });

  it('tokens: admits while the estimate fits, settles each answer to its real usage, refuses the next before the upstream', async () => {
    const { meter } = await attach({ limits: [{ amount: 60, window: 'day' }] });
    for (let i = 1; i <= 3; i++) {
      await chat();
      await meter.settlesTo(USED * i, 'gpt-4o-mini');
    }
    const before = pg.upstreamCalls();
    const err = await refusal();
    expect(err).to.be.instanceOf(OpenAI.RateLimitError);
    expect(err.status).to.equal(429);
    expect(err.message).to.contain(`budget exceeded: ${3 * USED} tokens of 60 tokens used this day; this request needs an estimated ${ESTIMATE} tokens`);
    expect(Number(err.headers?.get('retry-after'))).to.be.within(1, 86_400);
    expect(pg.upstreamCalls()).to.equal(before);
    // The refusal released what it had reserved.
    expect(await meter.spent('gpt-4o-mini')).to.equal(3 * USED);
  });

  it('tokens: a streamed answer settles to the usage the stream reports', async () => {
    const { meter } = await attach({ limits: [{ amount: 1000, window: 'day' }] });
    const stream = await pg.client().chat.completions.create({
      model: 'gpt-4o-mini',
      max_tokens: 200,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello' }],
    });
    for await (const _chunk of stream) void _chunk;
    await meter.settlesTo(USED, 'gpt-4o-mini');
  });

  it('tokens: a streamed answer that reports no usage is counted from its content', async () => {
    const { meter } = await attach({ limits: [{ amount: 1000, window: 'day' }] });
    const stream = await pg.client().chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 200, stream: true, messages: [{ role: 'user', content: 'hello' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).to.equal('Hello from openai');
    // Prompt as estimated (7) + "Hello from openai" counted by the tokenizer (4); far below the 207 reserved.
    await meter.settlesTo(7 + 4, 'gpt-4o-mini');
  });

  it('tokens: a streamed answer translated from another client format settles its usage too (Anthropic client)', async () => {
    const { meter } = await attach({ limits: [{ amount: 1000, window: 'day' }] });
    const res = await fetch(`${pg.gateway.proxyUrl('app')}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': pg.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('message_stop');
    await meter.settlesTo(USED, 'gpt-4o-mini');
  });

  it('tokens: counts only output tokens when asked', async () => {
    const { meter } = await attach({ count: 'output', limits: [{ amount: 1000, window: 'day' }] });
    await chat();
    await meter.settlesTo(5, 'gpt-4o-mini');
  });

  it('a failed call releases its reservation', async () => {
    const { meter } = await attach({ limits: [{ amount: 1000, window: 'day' }] });
    await chat();
    await meter.settlesTo(USED, 'gpt-4o-mini');
    pg.upstream.enqueue({ kind: 'error', status: 500, message: 'upstream broke' });
    const err = (await chat().catch((e: unknown) => e)) as ApiError;
    expect(err.status).to.be.greaterThanOrEqual(500);
    await sleep(50);
    await meter.settlesTo(USED, 'gpt-4o-mini');
  });

  it('dollars: prices a registry\'s own model with its options.prices, cached input at its own price', async () => {
    // 1000 / 2000 / 500 dollars per million tokens: 6 plain + 4 cached input, 5 output = $0.018 per answer.
    const { meter } = await attach({ unit: 'dollars', limits: [{ amount: 0.07, window: 'day' }] });
    await chat('priced-model');
    await meter.settlesTo(18_000_000, 'priced-model');
    await chat('priced-model');
    await meter.settlesTo(36_000_000, 'priced-model');
    // Estimate: 7 prompt tokens x $0.001 + 20 output tokens x $0.002 = $0.047; 0.036 + 0.047 > 0.07.
    const err = await refusal('priced-model');
    expect(err.status).to.equal(429);
    expect(err.message).to.contain('budget exceeded: $0.0360 of $0.0700 used this day; this request needs an estimated $0.0470');
  });

  it('dollars: prices a catalog model from the price catalog', async () => {
    const { meter } = await attach({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }] });
    await chat('gpt-4o');
    // gpt-4o: $2.50 input, $1.25 cached input, $10 output per million: 6 x 2500 + 4 x 1250 + 5 x 10000 nano-dollars.
    await meter.settlesTo(6 * 2_500 + 4 * 1_250 + 5 * 10_000, 'gpt-4o');
  });

  it('dollars: a streamed answer settles its reported usage at the model\'s price', async () => {
    const { meter } = await attach({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }] });
    const stream = await pg.client().chat.completions.create({
      model: 'priced-model',
      max_tokens: 20,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello' }],
    });
    for await (const _chunk of stream) void _chunk;
    await meter.settlesTo(18_000_000, 'priced-model');
  });

  it('dollars: refuses a model nobody prices unless the policy sets a default price', async () => {
    await pg.gateway.seed.update('registries', pg.registry._id, { $set: { models: ['gpt-4o-mini', 'gpt-4o', 'priced-model', 'mystery-model'] } });
    await attach({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }] });
    const before = pg.upstreamCalls();
    const err = await refusal('mystery-model');
    expect(err.status).to.equal(403);
    expect(err.message).to.contain('mystery-model has no known price');
    expect(pg.upstreamCalls()).to.equal(before);
    const { meter } = await attach({ unit: 'dollars', limits: [{ amount: 1, window: 'day' }], default_price: { input: 100, output: 100 } });
    await chat('mystery-model');
    await meter.settlesTo(15 * 100_000, 'mystery-model');
  });

  it('per model: each model has its own budget', async () => {
    const { meter } = await attach({ limits: [{ amount: 40, window: 'day', per_model: true }] });
    await chat('gpt-4o-mini');
    await meter.settlesTo(USED, 'gpt-4o-mini');
    expect((await refusal('gpt-4o-mini')).message).to.contain('budget exceeded for gpt-4o-mini');
    await chat('gpt-4o');
    await meter.settlesTo(USED, 'gpt-4o');
  });

  it('aggregate: all models share one budget', async () => {
    const { meter } = await attach({ limits: [{ amount: 40, window: 'day' }] });
    await chat('gpt-4o-mini');
    await meter.settlesTo(USED, 'gpt-4o-mini');
    expect((await refusal('gpt-4o')).status).to.equal(429);
    expect(await meter.spent('gpt-4o')).to.equal(USED);
  });

  it('a budget limited to some models leaves the others alone', async () => {
    const { meter } = await attach({ limits: [{ amount: 30, window: 'day', models: ['gpt-4o'] }] });
    await chat('gpt-4o');
    await meter.settlesTo(USED, 'gpt-4o');
    expect((await refusal('gpt-4o')).status).to.equal(429);
    for (let i = 0; i < 3; i++) await chat('gpt-4o-mini');
    expect(await meter.spent('gpt-4o-mini')).to.equal(0);
  });

  it('a short window rolls over: refused at the end of one window, admitted in the next', async () => {
    // Start just after a 2-second boundary so both requests fall in one window.
    while (Date.now() % 2_000 > 300) await sleep(20);
    const { meter } = await attach({ limits: [{ amount: 30, window: 2 }] });
    await chat();
    await meter.settlesTo(USED, 'gpt-4o-mini');
    const err = await refusal();
    expect(err.status).to.equal(429);
    const wait = Number(err.headers?.get('retry-after'));
    expect(wait).to.be.within(1, 2);
    await sleep(2_000 - (Date.now() % 2_000) + 50);
    await chat();
    await meter.settlesTo(USED, 'gpt-4o-mini');
  });
});

describe('token_rate_limiter: 100 concurrent requests against a nearly spent budget', function () {
  this.timeout(60_000);
  let pg: PolicyGateway;
  let counters: LocalCounterStore;
  // The upstream ignores max_tokens and answers with more than reserved: 10 + 50 = 60 tokens against 27 estimated.
  const REAL = 60;

  before(async () => {
    counters = new LocalCounterStore();
    pg = await startPolicyGateway({ counters, upstream: { usage: { input: 10, output: 50 } } });
  });
  after(async () => {
    await pg?.close();
  });

  it('admits only what the remaining budget can reserve, and overshoots by no more than the admitted requests\' excess', async () => {
    const limit = 1_000;
    const policy = await pg.attach('token_rate_limiter', { limits: [{ amount: limit, window: 'day' }] });
    const meter = budgetMeter(counters, pg.gateway.host, policy, pg.consumerId);
    const send = () => pg.client().chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hello' }] });
    // Spend 900 of 1000: 15 answers of 60 tokens.
    for (let i = 1; i <= 15; i++) {
      await send();
      await meter.settlesTo(REAL * i, 'gpt-4o-mini');
    }
    const before = pg.upstreamCalls();
    const results = await Promise.allSettled(Array.from({ length: 100 }, send));
    const admitted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as ApiError);
    // 100 tokens left, 27 reserved per request: three reservations fit, and settling only adds (60 > 27).
    expect(admitted).to.equal(Math.floor((limit - 900) / ESTIMATE));
    expect(refused).to.have.length(100 - admitted);
    for (const err of refused) expect(err.status).to.equal(429);
    expect(pg.upstreamCalls() - before).to.equal(admitted);
    await meter.settlesTo(900 + admitted * REAL, 'gpt-4o-mini');
    const overshoot = (await meter.spent('gpt-4o-mini')) - limit;
    expect(overshoot).to.be.at.most(admitted * (REAL - ESTIMATE));
  });
});
