/**
 * `X-Selected-Model` echoes the model the client named, so it must stay a valid header value
 * whatever that name holds: control characters, line breaks and non-ASCII text are
 * percent-encoded as UTF-8 rather than making Node refuse the header (a 500 in plain text,
 * after the upstream was already called); a name too long for any client's header limit is not
 * echoed at all. A name holding a lone surrogate, which JSON can carry
 * but URL encoding refuses, is a 400 before any policy or upstream sees it. Found by the fuzzing
 * suite (test/fuzz/corpus).
 */
import { expect } from 'chai';
import { call, startEndpointWorld, type EndpointConsumer, type EndpointWorld } from './endpoints/support/endpoint-world.js';
import { postAndReadSse } from '../../fixtures/providers/sse-client.js';

describe('proxy: the selection headers carry any model name', () => {
  let world: EndpointWorld;
  let consumer: EndpointConsumer;

  before(async () => {
    world = await startEndpointWorld();
    // The OpenAI registry has no allow-list, so any model name reaches it.
    consumer = await world.consumer('any-model', ['oa']);
  });
  after(async () => {
    await world?.close();
  });

  const cases: Array<{ model: string; header: string }> = [
    { model: 'bad\u0000model', header: 'bad%00model' },
    { model: 'two\r\nlines', header: 'two%0D%0Alines' },
    { model: 'modèle-é', header: 'mod%C3%A8le-%C3%A9' },
    { model: 'gpt-4o-mini 100%', header: 'gpt-4o-mini 100%25' },
  ];

  for (const { model, header } of cases) {
    it(`chat: ${JSON.stringify(model)} is answered, with X-Selected-Model ${header}`, async () => {
      const response = await call(consumer, 'POST', '/v1/chat/completions', { json: { model, messages: [{ role: 'user', content: 'hi' }] } });
      const text = await response.text();
      expect(response.status, text).to.equal(200);
      expect(response.headers.get('x-selected-model')).to.equal(header);
      expect(response.headers.get('x-selected-provider')).to.equal('openai');
    });
  }

  for (const path of ['/v1/chat/completions', '/v1/embeddings']) {
    it(`${path}: a model holding a lone surrogate is a 400 naming the field, and no upstream is called`, async () => {
      const before = world.fakes.oa.requests.length;
      const response = await call(consumer, 'POST', path, { body: '{"model":"lone\\ud800","input":"hi","messages":[{"role":"user","content":"hi"}]}', headers: { 'content-type': 'application/json' } });
      expect(response.status).to.equal(400);
      expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
      const body = (await response.json()) as { error: { code: string; param: string } };
      expect(body.error).to.include({ code: 'invalid_request', param: 'model' });
      expect(world.fakes.oa.requests.length).to.equal(before);
    });
  }

  for (const path of ['/v1/chat/completions', '/v1/embeddings']) {
    it(`${path}: a model name of 100,000 characters is answered without X-Selected-Model (a header no client would read)`, async () => {
      const response = await call(consumer, 'POST', path, { json: { model: 'm'.repeat(100_000), input: 'hi', messages: [{ role: 'user', content: 'hi' }] } });
      expect(response.status, await response.text()).to.equal(200);
      expect(response.headers.get('x-selected-model')).to.equal(null);
      expect(response.headers.get('x-selected-provider')).to.equal('openai');
    });
  }

  it('a streamed chat answer with such a model name starts and ends normally', async () => {
    const { status, events } = await postAndReadSse(`${consumer.base}/v1/chat/completions`, { model: 'bad\u0001model', stream: true, messages: [{ role: 'user', content: 'hi' }] }, { authorization: `Bearer ${consumer.key}` });
    expect(status).to.equal(200);
    expect(events.at(-1)?.data).to.equal('[DONE]');
  });

  it('embeddings: a model name with a line break is answered, the header encoded', async () => {
    const response = await call(consumer, 'POST', '/v1/embeddings', { json: { model: 'emb\nmodel', input: 'hello' } });
    expect(response.status, await response.text()).to.equal(200);
    expect(response.headers.get('x-selected-model')).to.equal('emb%0Amodel');
  });
});
