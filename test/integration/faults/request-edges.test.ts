/**
 * The edges of a request on every plane: a chunked body over the size limit is answered 413 in
 * the plane's error format (not a reset connection), headers over Node's limit are answered 431
 * with a short body, and a client that leaves mid-request is logged as `client_closed` at info
 * level, not as an error-level `internal_error`.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import type { FakeUpstream } from '../../fixtures/providers/fake-upstream.js';
import { memoryLog, type MemoryLog } from '../admin/helpers/memory-log.js';
import { GuardrailClient } from '../guardrail/support/guardrail-client.js';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { startUpstream, UPSTREAM } from '../proxy/support/upstreams.js';
import { getWithHugeHeader, jsonOf, leaveMidBody, postChunked } from './support/raw-http.js';

const MIB = 1024 * 1024;

async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('faults: request edges on every plane', function () {
  this.timeout(30_000);
  let gateway: TestGateway;
  let logs: MemoryLog;
  let upstream: FakeUpstream;
  let proxyBase: string;
  let consumerKey: string;
  let adminToken: string;
  let collectorKey: string;

  before(async () => {
    logs = memoryLog();
    upstream = await startUpstream('openai-chat', { chunkDelayMs: 20 });
    gateway = await createTestGateway({ log: logs.log });
    const gw = await gateway.seed.gateway();
    const { provider, model, slug } = UPSTREAM['openai-chat'];
    const registry = await gateway.seed.registry(gw.id, { provider, slug, base_url: upstream.url, apiKey: 'up-key', models: [model] });
    const { key } = await gateway.seed.consumer(gw.id, { slug: 'edges', registries: [{ registry_id: registry._id, weight: 1 }] });
    await gateway.configChanged();
    proxyBase = gateway.proxyUrl('edges');
    consumerKey = key;
    adminToken = await mintAdminToken(gateway.jwtSecret, { sub: 'platform', roles: ['platform_admin'] });
    collectorKey = (await (await GuardrailClient.for(gateway)).collectorWithKey()).key;
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  /** Log lines as parsed JSON. */
  const logged = () => logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  describe('a chunked body over the size limit is 413 in the plane\'s format', () => {
    it('proxy chat: 413 with the OpenAI error object, and the upstream is never called', async () => {
      const before = upstream.requests.length;
      const answer = await postChunked(`${proxyBase}/v1/chat/completions`, { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' }, 33 * MIB);
      expect(answer.status).to.equal(413);
      const body = jsonOf(answer);
      expect(body.error.code).to.equal('payload_too_large');
      expect(body.error.message).to.be.a('string');
      expect(upstream.requests.length).to.equal(before);
    });

    it('proxy embeddings (a non-chat operation): 413 with the OpenAI error object', async () => {
      const answer = await postChunked(`${proxyBase}/v1/embeddings`, { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' }, 33 * MIB);
      expect(answer.status).to.equal(413);
      expect(jsonOf(answer).error.code).to.equal('payload_too_large');
    });

    it('admin: 413 {error, message}', async () => {
      const answer = await postChunked(`${gateway.urls.admin}/v1/gateways`, { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, 2 * MIB);
      expect(answer.status).to.equal(413);
      expect(jsonOf(answer)).to.have.keys(['error', 'message']);
      expect(jsonOf(answer).error).to.equal('payload_too_large');
    });

    it('guardrail evaluate: 413 {error, message}', async () => {
      const answer = await postChunked(`${gateway.urls.guardrail}/v1/evaluate`, { authorization: `Bearer ${collectorKey}`, 'content-type': 'application/json' }, 33 * MIB);
      expect(answer.status).to.equal(413);
      expect(jsonOf(answer).error).to.equal('payload_too_large');
      expect(jsonOf(answer).message).to.be.a('string');
    });

    it('each plane still answers on a new connection afterwards', async () => {
      expect((await fetch(`${gateway.urls.admin}/v1/gateways`, { headers: { authorization: `Bearer ${adminToken}` } })).status).to.equal(200);
      const chat = await fetch(`${proxyBase}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: UPSTREAM['openai-chat'].model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(chat.status).to.equal(200);
    });
  });

  describe('an answer given before the body was read closes the connection', () => {
    // Otherwise Node reads and drops the rest of the body to keep the connection alive: an
    // unauthenticated client could make a plane read an endless body for nothing.
    const cases: Array<[string, () => string, number]> = [
      ['admin, no credential (401)', () => `${gateway.urls.admin}/v1/gateways`, 401],
      ['guardrail evaluate, no key (401)', () => `${gateway.urls.guardrail}/v1/evaluate`, 401],
      ['proxy, a path that names nothing (404)', () => `${gateway.urls.proxy}/edges/v1/nothing-here`, 404],
      // The credential is checked before the body is read, so nobody unauthenticated makes the
      // proxy read (and hold) a body of up to its limit.
      ['proxy chat, no credential (401)', () => `${proxyBase}/v1/chat/completions`, 401],
      ['proxy embeddings, a wrong key (401)', () => `${proxyBase}/v1/embeddings`, 401],
    ];
    for (const [name, url, status] of cases) {
      it(name, async () => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (name.includes('wrong key')) headers.authorization = 'Bearer ag_not-a-key-of-this-gateway';
        const answer = await postChunked(url(), headers, 64 * MIB);
        expect(answer.status).to.equal(status);
        expect(answer.headers.connection).to.equal('close');
      });
    }
  });

  describe('headers over the limit are 431 with a short body', () => {
    it('proxy: 431 with the OpenAI error object, marked as the gateway\'s', async () => {
      const answer = await getWithHugeHeader(`${proxyBase}/v1/models`, 20_000);
      expect(answer.status).to.equal(431);
      expect(jsonOf(answer).error.code).to.equal('headers_too_large');
      expect(answer.headers['x-gateway-error-source']).to.equal('gateway');
      expect(answer.text.length).to.be.below(300);
    });

    for (const plane of ['admin', 'guardrail'] as const) {
      it(`${plane}: 431 {error, message}${plane === 'guardrail' ? ' with its request_id' : ''}`, async () => {
        const answer = await getWithHugeHeader(`${gateway.urls[plane]}/v1/health`, 20_000);
        expect(answer.status).to.equal(431);
        const requestId = plane === 'guardrail' ? { request_id: jsonOf(answer).request_id } : {};
        if (plane === 'guardrail') expect(requestId.request_id).to.match(/^[0-9a-f-]{36}$/);
        expect(jsonOf(answer)).to.deep.equal({ error: 'headers_too_large', message: jsonOf(answer).message, ...requestId });
        expect(jsonOf(answer).message).to.be.a('string').and.not.equal('');
        expect(answer.text.length).to.be.below(300);
      });
    }
  });

  describe('a client that leaves is logged as client_closed at info level, not as an error', () => {
    const quietAbout = (since: number) => {
      const lines = logged().slice(since);
      const errors = lines.filter((l) => l.level === 'error');
      expect(errors, JSON.stringify(errors)).to.deep.equal([]);
      expect(lines.some((l) => l.code === 'internal_error')).to.equal(false);
      return lines;
    };
    const closedLine = (lines: Record<string, unknown>[]) => lines.find((l) => l.reason === 'client_closed');

    for (const plane of ['proxy', 'admin', 'guardrail'] as const) {
      it(`${plane}: the client leaves in the middle of its request body`, async () => {
        const since = logs.lines.length;
        const target = {
          proxy: { url: `${proxyBase}/v1/chat/completions`, auth: consumerKey },
          admin: { url: `${gateway.urls.admin}/v1/gateways`, auth: adminToken },
          guardrail: { url: `${gateway.urls.guardrail}/v1/evaluate`, auth: collectorKey },
        }[plane];
        await leaveMidBody(target.url, { authorization: `Bearer ${target.auth}`, 'content-type': 'application/json' }, '{"model": "x", "messages": [');
        await eventually(() => !!closedLine(logged().slice(since)), 'the client_closed log line');
        const line = closedLine(quietAbout(since))!;
        expect(line.level).to.equal('info');
      });
    }

    it('proxy: the client leaves while the upstream has not answered', async () => {
      const since = logs.lines.length;
      upstream.enqueue({ kind: 'hang' });
      const controller = new AbortController();
      const before = upstream.requests.length;
      const pending = fetch(`${proxyBase}/v1/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: UPSTREAM['openai-chat'].model, messages: [{ role: 'user', content: 'hi' }] }),
      }).catch(() => undefined);
      await eventually(() => upstream.requests.length > before, 'the upstream request');
      controller.abort();
      await pending;
      await eventually(() => upstream.requests[before]!.aborted, 'the upstream abort');
      await eventually(() => !!closedLine(logged().slice(since)), 'the client_closed log line');
      expect(closedLine(quietAbout(since))!.level).to.equal('info');
    });

    it('proxy: the client leaves in the middle of a stream', async () => {
      const since = logs.lines.length;
      upstream.enqueue({ kind: 'text', text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ') });
      const controller = new AbortController();
      const response = await fetch(`${proxyBase}/v1/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: { authorization: `Bearer ${consumerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: UPSTREAM['openai-chat'].model, messages: [{ role: 'user', content: 'hi' }], stream: true }),
      });
      const reader = response.body!.getReader();
      expect((await reader.read()).done).to.equal(false);
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await eventually(() => !!closedLine(logged().slice(since)), 'the client_closed log line');
      expect(closedLine(quietAbout(since))!.level).to.equal('info');
    });
  });
});
