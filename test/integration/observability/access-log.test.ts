/**
 * The access log: one line per request on each plane, after it is answered, naming method,
 * path, status, latency and the trace (or request) id; on the proxy also the consumer and the
 * upstream that answered. Never the query string (where the Gemini SDK puts its key), a key or a
 * body; health probes are not logged.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, startFakeOpenAI, type FakeOpenAI, type TestGateway } from '../../../core/testing/index.js';
import { memoryLog } from '../admin/helpers/memory-log.js';

type Line = Record<string, unknown>;

describe('observability: the access log', () => {
  const memory = memoryLog();
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let key: string;
  const requestLines = (plane: string): Line[] =>
    memory.lines.map((l) => JSON.parse(l) as Line).filter((l) => l.message === 'request' && l.plane === plane);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ log: memory.log });
    const gw = await gateway.seed.gateway();
    const registry = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'openai', base_url: upstream.url, apiKey: 'sk-upstream-secret-0123456789' });
    ({ key } = await gateway.seed.consumer(gw.id, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] }));
    await gateway.configChanged();
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('writes one line per proxied request with the consumer, upstream, status, latency and trace id, and no key', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
    const { response } = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'secret prompt text' }] }).withResponse();
    await fetch(`${gateway.urls.proxy}/healthz`);
    await settled();
    const lines = requestLines('proxy');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ method: 'POST', path: '/app/v1/chat/completions', status: 200, consumer: 'app', upstream: 'openai/gpt-4o', attempts: 1 });
    expect(lines[0]!.trace_id).to.equal(response.headers.get('x-ag-trace-id'));
    expect(lines[0]!.latency_ms).to.be.a('number').and.at.least(0);
    // At debug level, why it went there: the plan and each attempt.
    const route = memory.lines.map((l) => JSON.parse(l) as Line).find((l) => l.message === 'route' && l.trace_id === lines[0]!.trace_id);
    expect(route).to.deep.include({ level: 'debug', targets: ['openai/gpt-4o'] });
    expect(route!.attempts).to.deep.equal([{ upstream: 'openai/gpt-4o', outcome: 'ok', status: 200, duration_ms: (route!.attempts as Array<{ duration_ms: number }>)[0]!.duration_ms }]);
    const text = memory.lines.join('\n');
    expect(text).to.not.include(key);
    expect(text).to.not.include('secret prompt text');
    expect(text).to.not.include('sk-upstream-secret-0123456789');
  });

  it('warns of an upstream failure, with the trace id', async () => {
    upstream.enqueue({ kind: 'error', status: 500, message: 'upstream broke' });
    const res = await fetch(`${gateway.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).to.be.at.least(500);
    await settled();
    const warning = memory.lines.map((l) => JSON.parse(l) as Line).find((l) => l.message === 'upstream failed');
    expect(warning).to.include({ level: 'warn', trace_id: res.headers.get('x-ag-trace-id') });
  });

  it('logs a refused request without its query string, where a key may travel', async () => {
    const before = requestLines('proxy').length;
    const res = await fetch(`${gateway.urls.proxy}/app/v1beta/models/gemini-2.0-flash:generateContent?key=AIzaSyNotARealKey0123456789`, { method: 'POST', body: '{}' });
    expect(res.status).to.equal(401);
    await settled();
    const lines = requestLines('proxy').slice(before);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ method: 'POST', path: '/app/v1beta/models/gemini-2.0-flash:generateContent', status: 401 });
    expect(memory.lines.join('\n')).to.not.include('AIzaSyNotARealKey0123456789');
  });

  it('writes a line per admin and guardrail request too, with the request id on the guardrail plane', async () => {
    expect((await fetch(`${gateway.urls.admin}/v1/gateways`)).status).to.equal(401);
    const evaluate = await fetch(`${gateway.urls.guardrail}/v1/evaluate`, { method: 'POST', headers: { authorization: 'Bearer tgk_not_a_key_0123456789abcdef' }, body: '{}' });
    await settled();
    expect(requestLines('admin').at(-1)).to.include({ method: 'GET', path: '/v1/gateways', status: 401 });
    const guardrail = requestLines('guardrail').at(-1)!;
    expect(guardrail).to.include({ method: 'POST', path: '/v1/evaluate', status: evaluate.status });
    expect(guardrail.request_id).to.equal(evaluate.headers.get('x-request-id'));
    expect(memory.lines.join('\n')).to.not.include('tgk_not_a_key_0123456789abcdef');
  });
});
