/**
 * `GET /metrics` through a running gateway: Prometheus text on the admin and guardrail planes
 * for the metrics token or a platform admin's token (401 without, 403 for a tenant admin);
 * tenant names (slugs) as labels only when the operator asks; proxied requests counted with their gateway, consumer, route, provider,
 * model, status, cache and stream labels, with tokens, cost, durations and upstream attempts;
 * guardrail evaluations by status and detector; scrape-time gauges; no trace id or secret in
 * any label; separate counts per gateway in one process.
 */
import { expect } from 'chai';
import type { ConsumerRecord } from '../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { GuardrailClient, keywordRule } from '../guardrail/support/guardrail-client.js';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { scrape, sumOf, TEST_METRICS_TOKEN, type Sample } from './prometheus-text.js';

const UPSTREAM_KEY = 'sk-upstream-secret-for-metrics-0123456789';
/** The metrics token, and slugs as labels so the assertions below read as the operator would see them. */
const METRICS_ENV = { PORTCULLIS_METRICS_TOKEN: TEST_METRICS_TOKEN, PORTCULLIS_METRICS_TENANT_LABELS: 'true' };

describe('observability: Prometheus /metrics', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let key: string;
  const traceIds: string[] = [];

  const chat = async (body: Record<string, unknown> = {}, apiKey = key) => {
    const res = await fetch(`${gateway.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...body }),
    });
    await res.text();
    const traceId = res.headers.get('x-ag-trace-id');
    if (traceId) traceIds.push(traceId);
    return res;
  };
  const samples = async () => (await scrape(gateway.urls.admin!)).samples;
  const requests = (s: Sample[], labels: Record<string, string>) => sumOf(s, 'portcullis_proxy_requests_total', labels);
  /** Waits until the observe tap (after the response) has counted `n` more requests matching `labels`. */
  const counted = async (before: Sample[], labels: Record<string, string>, n = 1) => {
    let after: Sample[] = [];
    await eventually(async () => {
      after = await samples();
      return requests(after, labels) - requests(before, labels) >= n;
    }, `${n} request(s) counted with ${JSON.stringify(labels)}`);
    return after;
  };

  before(async () => {
    upstream = await startFakeOpenAI({ usage: { input: 12, output: 7, cached: 3 } });
    gateway = await createTestGateway({ env: METRICS_ENV });
    const { id: gatewayId } = await gateway.seed.gateway({ slug: 'acme' });
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: UPSTREAM_KEY, models: ['gpt-4o-mini'] });
    ({ key } = await gateway.seed.consumer(gatewayId, {
      slug: 'app',
      registries: [{ registry_id: registry._id, weight: 1 }],
      retry: { max_retries: 1, on: ['429'], initial_delay_ms: 10, jitter: 0 },
    } as Partial<ConsumerRecord> & { slug: string }));
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('refuses a scrape without a credential (401) and with a tenant admin token (403) on the admin and guardrail planes', async () => {
    const tenant = await mintAdminToken(gateway.jwtSecret, { sub: 'alice', tenantId: 't-1', roles: ['tenant_admin'] });
    for (const base of [gateway.urls.admin!, gateway.urls.guardrail!]) {
      const bare = await fetch(`${base}/metrics`);
      expect(bare.status, base).to.equal(401);
      expect(((await bare.json()) as { error: string }).error).to.equal('unauthorized');
      const tenantScrape = await scrape(base, tenant);
      expect(tenantScrape.status, base).to.equal(403);
      expect(tenantScrape.text).to.not.contain('portcullis_proxy_requests_total');
    }
  });

  it("answers a platform admin's token as it answers the metrics token", async () => {
    const platform = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    expect((await scrape(gateway.urls.admin!, platform)).status).to.equal(200);
  });

  it('answers on the admin and guardrail planes in the Prometheus text format, for the metrics token', async () => {
    for (const base of [gateway.urls.admin!, gateway.urls.guardrail!]) {
      const res = await scrape(base);
      expect(res.status, base).to.equal(200);
      expect(res.contentType).to.match(/^text\/plain; version=0\.0\.4/);
      expect(res.text).to.contain('# TYPE portcullis_proxy_requests_total counter');
      expect(res.text).to.contain('# TYPE process_cpu_seconds_total counter');
    }
    // The same admin plane still refuses its API without credentials.
    expect((await fetch(`${gateway.urls.admin}/v1/gateways`)).status).to.equal(401);
    // The proxy plane faces API clients: with admin and guardrail planes in the process it serves no metrics.
    expect((await fetch(`${gateway.urls.proxy}/metrics`)).status).to.equal(404);
  });

  it('counts a proxied request with its labels, tokens, cost, durations and attempt', async () => {
    const before = await samples();
    expect((await chat()).status).to.equal(200);
    const labels = { gateway: 'acme', consumer: 'app', route: '/v1/chat/completions', provider: 'openai', model: 'gpt-4o-mini', status: '200', cache: 'miss', stream: 'false' };
    const after = await counted(before, labels);
    expect(requests(after, labels) - requests(before, labels)).to.equal(1);
    const delta = (name: string, l: Record<string, string>) => sumOf(after, name, l) - sumOf(before, name, l);
    const who = { gateway: 'acme', consumer: 'app', provider: 'openai', model: 'gpt-4o-mini' };
    expect(delta('portcullis_proxy_tokens_total', { ...who, kind: 'input' })).to.equal(12);
    expect(delta('portcullis_proxy_tokens_total', { ...who, kind: 'output' })).to.equal(7);
    expect(delta('portcullis_proxy_tokens_total', { ...who, kind: 'cached_input' })).to.equal(3);
    // gpt-4o-mini list price: 9 plain input tokens at 0.15, 3 cached at 0.075, 7 output at 0.6 per million.
    expect(delta('portcullis_proxy_cost_usd_total', who)).to.be.closeTo((9 * 0.15 + 3 * 0.075 + 7 * 0.6) / 1e6, 1e-12);
    expect(delta('portcullis_proxy_request_duration_seconds_count', { route: '/v1/chat/completions', provider: 'openai', model: 'gpt-4o-mini', stream: 'false' })).to.equal(1);
    expect(delta('portcullis_proxy_gateway_overhead_seconds_count', { route: '/v1/chat/completions' })).to.equal(1);
    expect(delta('portcullis_proxy_upstream_duration_seconds_count', { provider: 'openai', model: 'gpt-4o-mini', outcome: 'ok' })).to.equal(1);
    expect(delta('portcullis_proxy_upstream_attempts_total', { provider: 'openai', model: 'gpt-4o-mini', status: '200', outcome: 'ok' })).to.equal(1);
  });

  it('labels streamed answers, upstream errors and retried attempts', async () => {
    const before = await samples();
    expect((await chat({ stream: true, stream_options: { include_usage: true } })).status).to.equal(200);
    const afterStream = await counted(before, { consumer: 'app', status: '200', stream: 'true' });
    // A stream's usage (its include_usage chunk) is counted like a plain answer's.
    const input = { consumer: 'app', model: 'gpt-4o-mini', kind: 'input' };
    expect(sumOf(afterStream, 'portcullis_proxy_tokens_total', input) - sumOf(before, 'portcullis_proxy_tokens_total', input)).to.equal(12);

    upstream.enqueue({ kind: 'error', status: 400, message: 'bad request upstream' });
    expect((await chat()).status).to.equal(400);
    const afterError = await counted(before, { consumer: 'app', status: '400', stream: 'false' });
    expect(afterError.some((s) => s.name === 'portcullis_proxy_requests_total' && s.labels.status === '400' && s.labels.error !== '')).to.equal(true);

    upstream.enqueue({ kind: 'error', status: 429, message: 'slow down' });
    expect((await chat()).status).to.equal(200);
    const after = await counted(afterError, { consumer: 'app', status: '200', stream: 'false' });
    const attempts = (l: Record<string, string>) => sumOf(after, 'portcullis_proxy_upstream_attempts_total', l) - sumOf(afterError, 'portcullis_proxy_upstream_attempts_total', l);
    expect(attempts({ status: '429', outcome: 'retry' })).to.equal(1);
    expect(attempts({ status: '200', outcome: 'ok' })).to.equal(1);
  });

  it('does not count a request refused before its consumer is known, and no label holds a trace id or secret', async () => {
    const before = await samples();
    expect((await chat({}, 'ag_not-a-real-key-000000000000')).status).to.equal(401);
    expect((await chat()).status).to.equal(200);
    const after = await counted(before, { consumer: 'app', status: '200' });
    expect(requests(after, { status: '401' })).to.equal(0);
    const { text } = await scrape(gateway.urls.admin!);
    expect(traceIds.length).to.be.greaterThan(3);
    for (const traceId of traceIds) expect(text).to.not.contain(traceId);
    for (const secret of [key, UPSTREAM_KEY, gateway.jwtSecret, 'ag_not-a-real-key']) expect(text).to.not.contain(secret);
    const labelNames = new Set(after.flatMap((s) => Object.keys(s.labels)));
    for (const forbidden of ['trace_id', 'request_id', 'api_key', 'key', 'authorization']) expect(labelNames.has(forbidden), forbidden).to.equal(false);
  });

  it('reports the config revision and the telemetry queue, read at scrape time', async () => {
    const s = await samples();
    expect(sumOf(s, 'portcullis_config_revision')).to.equal(gateway.holder.current.revision);
    expect(s.some((x) => x.name === 'portcullis_telemetry_queue_pending_events')).to.equal(true);
    expect(sumOf(s, 'portcullis_telemetry_queue_dropped_events')).to.equal(0);
    // This process is a control plane (admin plane with the store): no data plane is connected.
    expect(s.some((x) => x.name === 'portcullis_data_plane_connections' && x.value === 0)).to.equal(true);
  });

  it('counts guardrail evaluations by status, and findings by detector and action', async () => {
    const client = await GuardrailClient.for(gateway);
    const collector = await client.collectorWithKey('langchain');
    await client.policy({ collectors: [collector.collectorId], rules: [keywordRule('omega', 'block')] });
    const before = (await scrape(gateway.urls.guardrail!)).samples;
    const res = await client.evaluate(collector.key, { direction: 'input', payload: { input: 'the omega plan' } });
    expect(res.body.status).to.equal('block');
    let after: Sample[] = [];
    await eventually(async () => {
      after = (await scrape(gateway.urls.guardrail!)).samples;
      return sumOf(after, 'portcullis_guardrail_evaluations_total', { status: 'block' }) > sumOf(before, 'portcullis_guardrail_evaluations_total', { status: 'block' });
    }, 'the evaluation counted');
    const delta = (name: string, l: Record<string, string>) => sumOf(after, name, l) - sumOf(before, name, l);
    expect(delta('portcullis_guardrail_evaluations_total', { status: 'block' })).to.equal(1);
    expect(delta('portcullis_guardrail_findings_total', { detector: 'topic_keyword_moderation', action: 'block' })).to.equal(1);
    expect(delta('portcullis_guardrail_evaluation_duration_seconds_count', { endpoint: 'evaluate', direction: 'input' })).to.equal(1);
    expect((await scrape(gateway.urls.guardrail!)).text).to.not.contain('omega');
  });

  it('keeps separate counts for each gateway running in the same process', async () => {
    const other = await createTestGateway({ planes: ['admin'], env: METRICS_ENV });
    try {
      const mine = await samples();
      expect(requests(mine, { consumer: 'app' })).to.be.greaterThan(0);
      const theirs = (await scrape(other.urls.admin!)).samples;
      expect(requests(theirs, {})).to.equal(0);
      expect(theirs.some((s) => s.name === 'portcullis_config_revision')).to.equal(true);
    } finally {
      await other.close();
    }
  });
});

describe('observability: /metrics on a proxy-only process', () => {
  it('is served by the proxy plane when the process has no admin or guardrail plane, to the metrics token only', async () => {
    const gateway = await createTestGateway({ planes: ['proxy'], env: { PORTCULLIS_METRICS_TOKEN: TEST_METRICS_TOKEN } });
    try {
      expect((await scrape(gateway.urls.proxy!, null)).status).to.equal(401);
      const res = await scrape(gateway.urls.proxy!);
      expect(res.status).to.equal(200);
      expect(res.text).to.contain('portcullis_proxy_requests_total');
    } finally {
      await gateway.close();
    }
  });
});

describe('observability: /metrics defaults', () => {
  it('labels proxied requests by gateway and consumer id, never by slug, and is open without a credential only when made public', async () => {
    const upstream = await startFakeOpenAI();
    const gateway = await createTestGateway({ env: { PORTCULLIS_METRICS_PUBLIC: 'true' } });
    try {
      const { id: gatewayId } = await gateway.seed.gateway({ slug: 'secret-tenant-gw' });
      const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: UPSTREAM_KEY, models: ['gpt-4o-mini'] });
      const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug: 'secret-tenant-app', registries: [{ registry_id: registry._id, weight: 1 }] } as Partial<ConsumerRecord> & { slug: string });
      await gateway.configChanged();
      const res = await fetch(`${gateway.proxyUrl('secret-tenant-app')}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
      });
      expect(res.status).to.equal(200);
      let text = '';
      await eventually(async () => {
        const scraped = await scrape(gateway.urls.admin!, null);
        text = scraped.text;
        return sumOf(scraped.samples, 'portcullis_proxy_requests_total', { gateway: gatewayId, consumer: consumer._id }) === 1;
      }, 'the request counted under the ids');
      expect(text).to.not.contain('secret-tenant');
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
