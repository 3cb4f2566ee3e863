/**
 * Fallback chains through a running gateway: every trigger (429, 5xx, an exact status,
 * timeout, connection, content filter by finish reason and by refusal error, context length,
 * and a 200 answer that is not a chat completion, a 502) moves to the next target, a failure that fires no trigger does not, every attempt is recorded
 * on the exchange, and the selection headers name the registry that finally answered.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/providers/anthropic/server.js';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { CONTENT_FILTERED } from '../../fixtures/routing/routing-upstream.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

describe('routing: fallback chains and their triggers', () => {
  let world: RoutingWorld;
  let anthropic: FakeAnthropic;
  const ids: Record<string, string> = {};
  let consumers = 0;

  before(async () => {
    world = await startRoutingWorld();
    for (const name of ['a', 'b', 'c']) ids[name] = (await world.registry(name))._id;
    ids.dead = (await world.deadRegistry())._id;
    anthropic = await startFakeAnthropic();
    ids.claude = (await world.gateway.seed.registry(world.gatewayId, { provider: 'anthropic', slug: 'claude', base_url: anthropic.url, apiKey: 'sk-ant', models: ['claude-sonnet-4-5'] }))._id;
  });

  after(async () => {
    await world?.close();
    await anthropic?.close();
  });

  /** A consumer pinned to `primary` with the given fallback chain and settings. */
  async function consumer(primary: string, targets: string[], extra: Record<string, unknown> = {}) {
    const names = [primary, ...targets.map((t) => /^@([^/]+)/.exec(t)![1])];
    const { client } = await world.consumer({
      slug: `fb-${++consumers}`,
      registries: [...new Set(names)].map((n) => ({ registry_id: ids[n], weight: 1 })),
      fallback: { targets, ...(extra.on ? { on: extra.on as string[] } : {}) },
      ...extra,
    });
    const model = primary === 'claude' ? '@claude/claude-sonnet-4-5' : `@${primary}/m-${primary}`;
    return { client, chat: () => world.chat(client, { model }) };
  }

  const a = () => world.upstreams.get('a')!;
  const b = () => world.upstreams.get('b')!;

  for (const { status, trigger } of [
    { status: 429, trigger: '429' },
    { status: 500, trigger: '5xx' },
    { status: 503, trigger: '5xx' },
  ]) {
    it(`an upstream ${status} moves to the next target (trigger ${trigger}), recorded on the exchange`, async () => {
      const { chat } = await consumer('a', ['@b/m-b'], { on: ['429', '5xx'] });
      a().enqueue({ kind: 'error', status, message: `failing with ${status}` });
      const result = await chat();
      expect(result.answeredBy).to.equal('b');
      const { attempts } = await recordedExchange(result.traceId);
      expect(attempts.map((x) => [x.model, x.status, x.outcome, x.trigger])).to.deep.equal([
        ['m-a', status, 'fallback', trigger],
        ['m-b', 200, 'ok', undefined],
      ]);
    });
  }

  it('an exact status trigger moves on for that status only', async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['404'] });
    a().enqueue({ kind: 'error', status: 404, message: 'The model does not exist' });
    expect((await chat()).answeredBy).to.equal('b');
    const before = b().chatCount();
    a().enqueue({ kind: 'error', status: 500, message: 'not a trigger here' });
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.InternalServerError);
    expect(err.headers?.get('x-gateway-error-source')).to.equal('upstream');
    expect(b().chatCount()).to.equal(before);
  });

  it('a 200 answer that is not a chat completion is a 502 from the upstream and moves on (5xx)', async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['5xx'] });
    a().enqueue({ kind: 'malformed' });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    const { attempts } = await recordedExchange(result.traceId);
    // The attempt keeps the status the upstream sent; the failure it became is a 502.
    expect(attempts[0]).to.include({ model: 'm-a', status: 200, outcome: 'fallback', trigger: '5xx' });
    expect(attempts[0].error).to.contain('upstream answered with a malformed body');

    const staying = await consumer('a', ['@b/m-b'], { on: ['429'] });
    a().enqueue({ kind: 'malformed' });
    const before = b().chatCount();
    const err = (await staying.chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.APIError);
    expect(err.status).to.equal(502);
    expect(err.headers?.get('x-gateway-error-source')).to.equal('upstream');
    expect(b().chatCount()).to.equal(before);
  });

  it('a timeout moves on (per-attempt timeout from the consumer settings)', async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['timeout'], timeouts: { attempt_ms: 300 } });
    a().enqueue({ kind: 'hang' });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    const { attempts } = await recordedExchange(result.traceId);
    expect(attempts[0]).to.include({ model: 'm-a', outcome: 'fallback', trigger: 'timeout' });
  });

  it('a connection error moves on', async () => {
    const { chat } = await consumer('dead', ['@b/m-b'], { on: ['connection'] });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    const { attempts } = await recordedExchange(result.traceId);
    expect(attempts[0]).to.include({ model: 'm-dead', outcome: 'fallback', trigger: 'connection' });
  });

  it('a content-filtered answer (finish_reason content_filter) moves on only when content_filter is a trigger', async () => {
    const moving = await consumer('a', ['@b/m-b'], { on: ['content_filter'] });
    a().enqueue({ kind: 'text', text: CONTENT_FILTERED });
    const result = await moving.chat();
    expect(result.answeredBy).to.equal('b');
    expect((await recordedExchange(result.traceId)).attempts[0]).to.include({ status: 200, outcome: 'fallback', trigger: 'content_filter' });

    const staying = await consumer('a', ['@b/m-b'], { on: ['5xx'] });
    a().enqueue({ kind: 'text', text: CONTENT_FILTERED });
    const { data } = await staying.client.chat.completions.create({ model: '@a/m-a', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
    expect(data.choices[0].finish_reason).to.equal('content_filter');
  });

  it("a provider's content-filter refusal error moves on", async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['content_filter'] });
    a().enqueue({ kind: 'error', status: 400, message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy." });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    expect((await recordedExchange(result.traceId)).attempts[0]).to.include({ status: 400, trigger: 'content_filter' });
  });

  it('a context-length error moves on to a model with a larger window', async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['context_length'] });
    a().enqueue({ kind: 'error', status: 400, message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens." });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    expect((await recordedExchange(result.traceId)).attempts[0]).to.include({ status: 400, trigger: 'context_length' });
  });

  it('a failure that fires no trigger is answered as it is, and the next target is never called', async () => {
    const { chat } = await consumer('a', ['@b/m-b'], { on: ['429', '5xx', 'timeout', 'connection', 'content_filter', 'context_length'] });
    const before = b().chatCount();
    a().enqueue({ kind: 'error', status: 400, message: "Invalid value for 'temperature'" });
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
    expect(err.message).to.contain("Invalid value for 'temperature'");
    expect(b().chatCount()).to.equal(before);
  });

  it('without `on`, the default triggers are 429, 5xx, timeout and connection', async () => {
    const { chat } = await consumer('a', ['@b/m-b']);
    a().enqueue({ kind: 'error', status: 502, message: 'bad gateway' });
    expect((await chat()).answeredBy).to.equal('b');
    a().enqueue({ kind: 'error', status: 400, message: "This model's maximum context length is 8192 tokens." });
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
  });

  it('walks the chain in order until a target answers; the last failure is answered when all fail', async () => {
    const { chat } = await consumer('a', ['@b/m-b', '@c/m-c'], { on: ['429', '5xx'] });
    a().enqueue({ kind: 'error', status: 500, message: 'a down' });
    b().enqueue({ kind: 'error', status: 429, message: 'b busy', retryAfterSeconds: 3 });
    const result = await chat();
    expect(result.answeredBy).to.equal('c');
    expect((await recordedExchange(result.traceId)).attempts.map((x) => `${x.model}:${x.outcome}`)).to.deep.equal(['m-a:fallback', 'm-b:fallback', 'm-c:ok']);

    a().enqueue({ kind: 'error', status: 500, message: 'a down' });
    b().enqueue({ kind: 'error', status: 500, message: 'b down' });
    world.upstreams.get('c')!.enqueue({ kind: 'error', status: 429, message: 'c busy', retryAfterSeconds: 4 });
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.RateLimitError);
    expect(err.message).to.contain('c busy');
    expect(err.headers?.get('retry-after')).to.equal('4');
  });

  it('selection headers name the registry that finally answered, across providers', async () => {
    const { chat } = await consumer('a', ['@claude/claude-sonnet-4-5'], { on: ['5xx'] });
    const direct = await chat();
    expect(direct.headers.get('x-selected-provider')).to.equal('openai');
    expect(direct.headers.get('x-selected-model')).to.equal('m-a');

    a().enqueue({ kind: 'error', status: 503, message: 'overloaded' });
    const moved = await chat();
    expect(moved.text).to.contain('Hello from anthropic');
    expect(moved.headers.get('x-selected-provider')).to.equal('anthropic');
    expect(moved.headers.get('x-selected-model')).to.equal('claude-sonnet-4-5');
  });
});
