/**
 * The OpenTelemetry log record per proxied request (spec 6), through a running gateway and a
 * fake OTLP/HTTP collector on 127.0.0.1: one record per request with identifiers, models,
 * tokens, cost, latency breakdown, policy chain and routing attempts, and no prompt, completion
 * or credential; nothing exported without an endpoint; a collector that is down or stuck
 * neither fails nor holds up proxied requests.
 */
import { createServer } from 'node:http';
import { expect } from 'chai';
import type { ConsumerRecord } from '../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { deadEndpoint, startFakeOtlpCollector, type FakeOtlpCollector, type ReceivedLogRecord } from './fake-otlp-collector.js';
import { scrape, sumOf, TEST_METRICS_TOKEN } from './prometheus-text.js';

const UPSTREAM_KEY = 'sk-upstream-secret-for-otlp-0123456789';
const PROMPT = 'tell me about the zanzibar-7741 project';
const COMPLETION = 'the quokka-9912 answer';

interface World {
  gateway: TestGateway;
  key: string;
  gatewayId: string;
  consumerId: string;
}

/** A gateway whose consumer `app` calls the fake OpenAI, retrying a 429 once, behind a request size limit. */
async function world(upstream: FakeOpenAI, otlpEndpoint?: string): Promise<World> {
  const env = { PORTCULLIS_METRICS_TOKEN: TEST_METRICS_TOKEN, ...(otlpEndpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint } : {}) };
  const gateway = await createTestGateway({ env });
  const { id: gatewayId } = await gateway.seed.gateway({ slug: 'otel-gw' });
  const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: UPSTREAM_KEY, models: ['gpt-4o-mini'] });
  const { consumer, key } = await gateway.seed.consumer(gatewayId, {
    slug: 'app',
    registries: [{ registry_id: registry._id, weight: 1 }],
    retry: { max_retries: 1, on: ['429'], initial_delay_ms: 10, jitter: 0 },
  } as Partial<ConsumerRecord> & { slug: string });
  await gateway.seed.policy(gatewayId, { type: 'request_size_limiter', settings: { max_bytes: 1_048_576 } }, [consumer._id]);
  await gateway.configChanged();
  return { gateway, key, gatewayId, consumerId: consumer._id };
}

async function chat(w: World, body: Record<string, unknown> = {}): Promise<{ status: number; traceId: string }> {
  const res = await fetch(`${w.gateway.proxyUrl('app')}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }], ...body }),
  });
  await res.text();
  return { status: res.status, traceId: res.headers.get('x-ag-trace-id')! };
}

/** Waits until the gateway's metrics have counted `n` proxied requests (the observe tap ran). */
async function observed(w: World, n: number): Promise<void> {
  await eventually(async () => sumOf((await scrape(w.gateway.urls.admin!)).samples, 'portcullis_proxy_requests_total') >= n, `${n} requests observed`);
}

describe('observability: one OTLP log record per proxied request', () => {
  let upstream: FakeOpenAI;
  let collector: FakeOtlpCollector;
  let w: World;

  before(async () => {
    upstream = await startFakeOpenAI({ usage: { input: 20, output: 10, cached: 4 } });
    upstream.setDefault({ kind: 'text', text: COMPLETION });
    collector = await startFakeOtlpCollector();
    w = await world(upstream, collector.endpoint);
  });

  after(async () => {
    await w?.gateway.close();
    await collector?.close();
    await upstream?.close();
  });

  const recordOf = (traceId: string): ReceivedLogRecord | undefined => collector.records.find((r) => r.attributes['portcullis.trace_id'] === traceId);

  it('exports one record per request with the request attributes, over OTLP/HTTP JSON', async () => {
    const plain = await chat(w);
    const streamed = await chat(w, { stream: true });
    upstream.enqueue({ kind: 'error', status: 429, message: 'slow down' });
    const retried = await chat(w);
    upstream.enqueue({ kind: 'error', status: 400, message: 'bad request upstream' });
    const failed = await chat(w);
    expect([plain.status, streamed.status, retried.status, failed.status]).to.deep.equal([200, 200, 200, 400]);
    const traceIds = [plain, streamed, retried, failed].map((r) => r.traceId);
    await eventually(async () => traceIds.every((t) => recordOf(t)), 'a record for every request');
    for (const t of traceIds) expect(collector.records.filter((r) => r.attributes['portcullis.trace_id'] === t)).to.have.length(1);
    expect(collector.contentTypes.every((c) => c.startsWith('application/json'))).to.equal(true);

    const record = recordOf(plain.traceId)!;
    expect(record.eventName).to.equal('portcullis.proxy.request');
    expect(record.severityText).to.equal('INFO');
    expect(record.resource['service.name']).to.equal('portcullis');
    const a = record.attributes;
    expect(a).to.include({
      'portcullis.gateway.id': w.gatewayId,
      'portcullis.gateway.slug': 'otel-gw',
      'portcullis.consumer.id': w.consumerId,
      'portcullis.consumer.slug': 'app',
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
      'portcullis.client_format': 'openai-chat',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.response.model': 'gpt-4o-mini',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 10,
      'portcullis.usage.cached_input_tokens': 4,
      'portcullis.cache_hit': false,
      'portcullis.stream': false,
      'portcullis.attempt_count': 1,
    });
    // gpt-4o-mini list price per million tokens: 16 plain input at 0.15, 4 cached at 0.075, 10 output at 0.6.
    expect(a['portcullis.cost_usd']).to.be.closeTo((16 * 0.15 + 4 * 0.075 + 10 * 0.6) / 1e6, 1e-12);
    expect(a['portcullis.policies']).to.deep.equal(['request_size_limiter']);
    expect(a['portcullis.attempts']).to.have.length(1);
    expect(a['portcullis.attempts']).to.have.nested.property('[0].provider', 'openai');
    expect(a['portcullis.attempts']).to.have.nested.property('[0].status', 200);
    expect(a['portcullis.attempts']).to.have.nested.property('[0].outcome', 'ok');
    const total = a['portcullis.latency.total_ms'] as number;
    const upstreamMs = a['portcullis.latency.upstream_ms'] as number;
    const gatewayMs = a['portcullis.latency.gateway_ms'] as number;
    expect(total).to.be.a('number').and.greaterThan(0);
    expect(upstreamMs).to.be.a('number').and.at.most(total);
    expect(gatewayMs).to.be.closeTo(total - upstreamMs - (a['portcullis.latency.retry_wait_ms'] as number), 0.02);
    expect(a).to.not.have.property('error.type');

    expect(recordOf(streamed.traceId)!.attributes['portcullis.stream']).to.equal(true);

    const retry = recordOf(retried.traceId)!.attributes;
    expect(retry['portcullis.attempt_count']).to.equal(2);
    expect((retry['portcullis.attempts'] as Array<Record<string, unknown>>).map((x) => [x.status, x.outcome])).to.deep.equal([[429, 'retry'], [200, 'ok']]);

    const failure = recordOf(failed.traceId)!;
    expect(failure.severityText).to.equal('WARN');
    expect(failure.attributes['http.response.status_code']).to.equal(400);
    expect(failure.attributes['error.type']).to.be.a('string').and.not.equal('');
  });

  it('carries no prompt, completion or credential', async () => {
    const exported = JSON.stringify(collector.records);
    expect(exported.length).to.be.greaterThan(0);
    for (const secret of ['zanzibar-7741', 'quokka-9912', w.key, UPSTREAM_KEY, w.gateway.jwtSecret]) expect(exported).to.not.contain(secret);
  });
});

describe('observability: OTLP export off and failing', () => {
  let upstream: FakeOpenAI;

  before(async () => {
    upstream = await startFakeOpenAI();
  });
  after(async () => upstream?.close());

  /** A collector on the OTLP default port when it is free, so a default-configured exporter would be caught too. */
  async function collectorOnDefaultPort(): Promise<FakeOtlpCollector> {
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(4318, '127.0.0.1', () => resolve(true));
    });
    if (free) await new Promise<void>((resolve) => probe.close(() => resolve()));
    return startFakeOtlpCollector(free ? 4318 : 0);
  }

  it('exports nothing when no endpoint is configured', async () => {
    const collector = await collectorOnDefaultPort();
    const w = await world(upstream);
    try {
      for (let i = 0; i < 3; i++) expect((await chat(w)).status).to.equal(200);
      await observed(w, 3);
      // Longer than the export interval: a configured exporter would have sent by now.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(collector.exports).to.equal(0);
    } finally {
      await w.gateway.close();
      await collector.close();
    }
  });

  it('a collector that is down neither fails nor holds up proxied requests', async () => {
    const w = await world(upstream, await deadEndpoint());
    try {
      for (let i = 0; i < 5; i++) expect((await chat(w)).status).to.equal(200);
      await observed(w, 5);
      // Exports are attempted (and fail) in the background; requests keep being answered.
      await new Promise((r) => setTimeout(r, 1_200));
      for (let i = 0; i < 5; i++) expect((await chat(w)).status).to.equal(200);
      await observed(w, 10);
    } finally {
      await w.gateway.close();
    }
  });

  it('a collector that never answers does not hold up proxied requests, and shutdown still ends', async () => {
    const collector = await startFakeOtlpCollector();
    collector.hang();
    const w = await world(upstream, collector.endpoint);
    try {
      expect((await chat(w)).status).to.equal(200);
      await eventually(async () => collector.exports >= 1, 'an export reached the stuck collector');
      // That export is still unanswered, and requests are answered all the same.
      for (let i = 0; i < 5; i++) expect((await chat(w)).status).to.equal(200);
      await observed(w, 6);
    } finally {
      await w.gateway.close();
      await collector.close();
    }
  });
});
