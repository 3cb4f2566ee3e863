/**
 * A stream is committed to the client only at the upstream's first well-formed event: until an
 * event parses as an event of the upstream's format, nothing is written, and a first event that
 * is malformed JSON, of the wrong shape, or an error event is a failed attempt (a 502 from the
 * upstream): the fallback serves the whole stream, the circuit breaker counts it, and without
 * another target the client gets the 502 in its own format instead of a 200 holding only a
 * failure event. Read through the official `openai` and `@anthropic-ai/sdk` clients.
 */
import Anthropic from '@anthropic-ai/sdk';
import { expect } from 'chai';
import OpenAI from 'openai';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { FIRST_EVENT } from '../../fixtures/routing/routing-upstream.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

const BROKEN_FIRST_EVENTS = [
  ['malformed JSON', FIRST_EVENT.malformedJson],
  ['a JSON object of the wrong shape', FIRST_EVENT.wrongShape],
  ['an error event', FIRST_EVENT.error],
] as const;

describe('routing: a stream commits at its first well-formed event', () => {
  let world: RoutingWorld;
  let fallback: OpenAI;
  let alone: OpenAI;
  let breaker: OpenAI;
  let anthropic: Anthropic;

  before(async () => {
    world = await startRoutingWorld();
    const a = await world.registry('a');
    const b = await world.registry('b');
    const c = await world.registry('c', { circuit_breaker: { enabled: true, failure_threshold: 2, open_ms: 60_000 } });
    // Default fallback triggers (429, 5xx, timeout, connection).
    const withFallback = await world.consumer({ slug: 'commit', registries: [{ registry_id: a._id, weight: 1 }, { registry_id: b._id, weight: 1 }], fallback: { targets: ['@b/m-b'] } });
    fallback = withFallback.client;
    anthropic = new Anthropic({ apiKey: withFallback.key, baseURL: world.gateway.proxyUrl('commit'), maxRetries: 0 });
    alone = (await world.consumer({ slug: 'commit-alone', registries: [{ registry_id: a._id, weight: 1 }] })).client;
    breaker = (await world.consumer({ slug: 'commit-breaker', registries: [{ registry_id: c._id, weight: 1 }, { registry_id: b._id, weight: 1 }], fallback: { targets: ['@b/m-b'] } })).client;
  });

  after(async () => {
    await world?.close();
  });

  const up = (name: string) => world.upstreams.get(name)!;

  /** Streams through the OpenAI SDK: the text, and the trace id. */
  async function streamText(client: OpenAI, model: string): Promise<{ text: string; traceId: string }> {
    const { data: stream, response } = await client.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'hello' }] }).withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return { text, traceId: response.headers.get('x-ag-trace-id')! };
  }

  for (const [what, reply] of BROKEN_FIRST_EVENTS) {
    it(`first event ${what}: the OpenAI SDK gets the fallback's full stream`, async () => {
      up('a').enqueue({ kind: 'text', text: reply });
      const { text, traceId } = await streamText(fallback, '@a/m-a');
      expect(text).to.equal('Hello from b');
      const { attempts } = await recordedExchange(traceId);
      expect(attempts.map((x) => `${x.model}:${x.outcome}:${x.trigger ?? ''}`)).to.deep.equal(['m-a:fallback:5xx', 'm-b:ok:']);
      expect(attempts[0]!.status).to.equal(200);
    });
  }

  it('first event malformed: the Anthropic SDK (messages over an OpenAI upstream) gets the fallback\'s full stream', async () => {
    for (const [, reply] of BROKEN_FIRST_EVENTS) {
      up('a').enqueue({ kind: 'text', text: reply });
      const message = await anthropic.messages.stream({ model: '@a/m-a', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
      expect(message.content).to.deep.equal([{ type: 'text', text: 'Hello from b' }]);
      expect(message.stop_reason).to.equal('end_turn');
    }
  });

  it('without another target the client gets a 502 in its format, not a 200 holding a failure event', async () => {
    for (const [what, reply] of BROKEN_FIRST_EVENTS) {
      up('a').enqueue({ kind: 'text', text: reply });
      const err = await streamText(alone, '@a/m-a').catch((e: unknown) => e);
      expect(err, what).to.be.instanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status, what).to.equal(502);
      expect((err as InstanceType<typeof OpenAI.APIError>).headers?.get('x-gateway-error-source')).to.equal('upstream');
    }
  });

  it('the circuit breaker counts a broken first event as a failure', async () => {
    up('c').enqueue({ kind: 'text', text: FIRST_EVENT.malformedJson }, { kind: 'text', text: FIRST_EVENT.error });
    for (let i = 0; i < 2; i++) expect((await streamText(breaker, '@c/m-c')).text).to.equal('Hello from b');
    const seen = up('c').chatCount();
    expect((await streamText(breaker, '@c/m-c')).text).to.equal('Hello from b');
    expect(up('c').chatCount()).to.equal(seen);
  });

  it('a healthy stream still streams from the first target', async () => {
    expect((await streamText(fallback, '@a/m-a')).text).to.equal('Hello from a');
  });
});
