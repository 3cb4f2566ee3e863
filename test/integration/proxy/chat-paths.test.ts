/**
 * The proxy's chat surface is exactly the six paths of spec 4.2: each is served for POST, the
 * called path fixes the client format (errors included), and any other shape (other versions,
 * extra tails, GET, reserved slugs) is 404 without reaching an upstream. Every answer, errors
 * included, carries X-AG-Trace-Id.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { chatBody, chatPath, errorMessageOf, postChat, readEvents } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS } from './support/upstreams.js';

const TRACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('proxy chat paths', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld();
  });
  after(async () => {
    await world?.close();
  });

  describe('the six paths', () => {
    for (const format of FORMATS) {
      it(`POST ${chatPath(format, '{model}', false)} answers in the ${format} format`, async () => {
        const response = await postChat(world.base, world.key, format, world.pin('openai-chat'), false);
        expect(response.status).to.equal(200);
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        const body = (await response.json()) as Record<string, any>;
        const text = {
          'openai-chat': () => body.choices[0].message.content,
          'openai-responses': () => body.output[0].content[0].text,
          'anthropic-messages': () => body.content[0].text,
          gemini: () => body.candidates[0].content.parts[0].text,
          'cohere-v2': () => body.message.content[0].text,
        }[format]();
        expect(text).to.equal('Hello from openai');
      });
    }

    it('POST /v1beta/models/{model}:streamGenerateContent streams a JSON array; ?alt=sse streams events', async () => {
      const array = await fetch(`${world.base}/v1beta/models/${world.pin('cohere-v2')}:streamGenerateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': world.key, 'content-type': 'application/json' },
        body: JSON.stringify(chatBody('gemini', '', true)),
      });
      expect(array.status).to.equal(200);
      expect(array.headers.get('content-type')).to.contain('application/json');
      const chunks = JSON.parse(await array.text()) as Array<{ candidates: Array<{ content: { parts: Array<{ text?: string }> } }> }>;
      expect(chunks.map((c) => c.candidates[0]!.content.parts.map((p) => p.text ?? '').join('')).join('')).to.equal('Hello from cohere');

      // `:generateContent?alt=sse` also streams (spec 4.2: "or add ?alt=sse").
      const sse = await fetch(`${world.base}/v1beta/models/${world.pin('cohere-v2')}:generateContent?alt=sse`, {
        method: 'POST',
        headers: { 'x-goog-api-key': world.key, 'content-type': 'application/json' },
        body: JSON.stringify(chatBody('gemini', '', true)),
      });
      expect(sse.headers.get('content-type')).to.contain('text/event-stream');
      const { events } = await readEvents(sse);
      expect(events.length).to.be.greaterThan(1);
      expect(world.upstreams['cohere-v2'].requests.at(-1)!.body).to.deep.include({ stream: true });
    });
  });

  describe('anything else is 404, before any upstream call', () => {
    const others: Array<[string, WireFormatId]> = [
      ['/v2/chat/completions', 'openai-chat'],
      ['/v1/chat', 'openai-chat'],
      ['/v1/chat/completions/extra', 'openai-chat'],
      ['/v1/completions', 'openai-chat'],
      ['/v1/messages/batches', 'openai-chat'],
      ['/v1/messages/count_tokens', 'openai-chat'],
      ['/v1/responses/resp_123', 'openai-chat'],
      ['/v2/chat/extra', 'openai-chat'],
      ['/v1/chat/completions/', 'openai-chat'],
      ['/v3/chat', 'openai-chat'],
      ['/chat/completions', 'openai-chat'],
      ['/v1beta/models/gemini-2.5-flash:countTokens', 'gemini'],
      ['/v1beta/models/gemini-2.5-flash', 'gemini'],
      ['/v1beta/models/gemini-2.5-flash:generateContent/extra', 'gemini'],
    ];
    for (const [path, errorFormat] of others) {
      it(`POST ${path} is 404 in the ${errorFormat} error format`, async () => {
        const before = world.upstreamCalls();
        const response = await fetch(`${world.base}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': world.key, 'content-type': 'application/json' },
          body: JSON.stringify({ model: world.pin('openai-chat'), messages: [{ role: 'user', content: 'hi' }] }),
        });
        expect(response.status).to.equal(404);
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        expect(errorMessageOf(errorFormat, await response.json())).to.be.a('string');
        expect(world.upstreamCalls()).to.equal(before);
      });
    }

    for (const format of FORMATS) {
      it(`GET ${chatPath(format, '{model}', false)} is 404`, async () => {
        const response = await fetch(`${world.base}${chatPath(format, world.pin('openai-chat'), false)}`, { headers: { 'x-api-key': world.key } });
        expect(response.status).to.equal(404);
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        errorMessageOf(format, await response.json());
      });
    }

    for (const reserved of ['v1', 'v1beta', 'v2', 'healthz', 'health', 'readyz', 'metrics', '.well-known']) {
      it(`the reserved slug ${reserved} is never a consumer`, async () => {
        const before = world.upstreamCalls();
        const response = await postChat(world.gateway.proxyUrl(reserved), world.key, 'openai-chat', world.pin('openai-chat'), false);
        expect(response.status).to.equal(404);
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        expect(world.upstreamCalls()).to.equal(before);
      });
    }

    it('the bare chat paths without a consumer slug are 404', async () => {
      for (const path of ['/v1/chat/completions', '/v1/messages', '/v2/chat', '/v1beta/models/gemini-2.5-flash:generateContent']) {
        const response = await fetch(`${world.gateway.urls.proxy}${path}`, { method: 'POST', headers: { 'x-api-key': world.key }, body: '{}' });
        expect(response.status, path).to.equal(404);
      }
    });
  });

  describe('errors are written in the called path\'s format, with a trace id', () => {
    for (const format of FORMATS) {
      it(`${format}: malformed JSON is 400, a missing key 401`, async () => {
        const malformed = await fetch(`${world.base}${chatPath(format, world.pin('openai-chat'), false)}`, {
          method: 'POST',
          headers: { 'x-api-key': world.key, 'content-type': 'application/json' },
          body: '{"model": ',
        });
        expect(malformed.status).to.equal(400);
        expect(malformed.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        expect(malformed.headers.get('x-gateway-error-source')).to.equal('gateway');
        errorMessageOf(format, await malformed.json());

        const anonymous = await postChat(world.base, undefined, format, world.pin('openai-chat'), false);
        expect(anonymous.status).to.equal(401);
        expect(anonymous.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        errorMessageOf(format, await anonymous.json());
      });

      it(`${format}: a body nested deeper than the gateway reads is 400, and the upstream is not called`, async () => {
        const before = world.upstreamCalls();
        const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
        const response = await fetch(`${world.base}${chatPath(format, world.pin('openai-chat'), false)}`, {
          method: 'POST',
          headers: { 'x-api-key': world.key, 'content-type': 'application/json' },
          body: `{"model":"${world.pin('openai-chat')}","nested":${deep}}`,
        });
        expect(response.status).to.equal(400);
        expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
        expect(errorMessageOf(format, await response.json())).to.contain('deeper than 256 levels');
        expect(world.upstreamCalls()).to.equal(before);
      });

      it(`${format}: a body that is not a valid ${format} request is 400 naming the field`, async () => {
        const invalid: Record<WireFormatId, [Record<string, unknown>, string]> = {
          'openai-chat': [{ model: world.pin('openai-chat'), messages: [] }, 'messages'],
          'openai-responses': [{ model: world.pin('openai-chat') }, 'input'],
          'anthropic-messages': [{ model: world.pin('openai-chat'), messages: [{ role: 'user', content: 'hi' }] }, 'max_tokens'],
          gemini: [{ contents: [] }, 'contents'],
          'cohere-v2': [{ model: world.pin('openai-chat'), messages: 'hi' }, 'messages'],
        };
        const [body, field] = invalid[format];
        const before = world.upstreamCalls();
        const response = await postChat(world.base, world.key, format, world.pin('openai-chat'), false, { body });
        expect(response.status).to.equal(400);
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        expect(errorMessageOf(format, await response.json())).to.contain(field);
        expect(world.upstreamCalls()).to.equal(before);
      });

      it(`${format}: an upstream error keeps its status and Retry-After, marked as upstream`, async () => {
        world.upstreams['anthropic-messages'].enqueue({ kind: 'error', status: 429, message: 'slow down', retryAfterSeconds: 3 });
        const response = await postChat(world.base, world.key, format, world.pin('anthropic-messages'), false);
        expect(response.status).to.equal(429);
        expect(response.headers.get('retry-after')).to.equal('3');
        expect(response.headers.get('x-gateway-error-source')).to.equal('upstream');
        expect(response.headers.get('x-ag-trace-id')).to.match(TRACE_ID);
        expect(errorMessageOf(format, await response.json())).to.contain('slow down');
      });
    }

    it('gives every answer its own trace id', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 4; i++) ids.add((await postChat(world.base, world.key, 'openai-chat', world.pin('gemini'), i % 2 === 1)).headers.get('x-ag-trace-id')!);
      ids.add((await fetch(`${world.base}/nope`, { method: 'POST' })).headers.get('x-ag-trace-id')!);
      const origin = new URL(world.base).origin;
      for (const health of ['/healthz', '/readyz']) ids.add((await fetch(origin + health)).headers.get('x-ag-trace-id')!);
      expect(ids.size).to.equal(7);
      for (const id of ids) expect(id).to.match(TRACE_ID);
    });
  });
});
