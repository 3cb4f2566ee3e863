import { expect } from 'chai';
import { aggregateMetrics } from '../../../../core/observability/aggregate-metrics.js';
import { GatewayMetrics } from '../../../../core/observability/gateway-metrics.js';
import { configRevisionGauge } from '../../../../core/observability/scrape-gauges.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';
import { parseSamples, sumOf } from '../../../integration/observability/prometheus-text.js';
import { metricsEvent } from './support.js';
import type { MetricsEventData } from '../../../../core/telemetry/metrics-event.js';

const metric = (data: MetricsEventData): TelemetryEvent => ({ kind: 'metric', at: new Date().toISOString(), data: data as unknown as Record<string, unknown> });
const activity = (data: Record<string, unknown>): TelemetryEvent => ({ kind: 'activity', at: new Date().toISOString(), data });

describe('observability gateway metrics', () => {
  it('labels gateways and consumers by id, not by their tenant-chosen slugs, unless tenant labels are asked for', async () => {
    const plain = new GatewayMetrics({ includeRuntime: false });
    plain.observe(metric(metricsEvent()));
    const text = await plain.text();
    expect(sumOf(parseSamples(text), 'portcullis_proxy_requests_total', { gateway: 'gw-1', consumer: 'c-1', model: 'gpt-4o-mini' })).to.equal(1);
    expect(text).to.not.contain('"acme"');
    expect(text).to.not.contain('"app"');
    const named = new GatewayMetrics({ includeRuntime: false, tenantLabels: true });
    named.observe(metric(metricsEvent()));
    expect(sumOf(parseSamples(await named.text()), 'portcullis_proxy_requests_total', { gateway: 'acme', consumer: 'app' })).to.equal(1);
  });

  it('labels a model the built-in price catalog does not list as "custom", unless tenant labels are asked for', async () => {
    const secretName = 'acme-merger-finetune-v2';
    const event = metricsEvent({ model: secretName, attempts: [{ registry_id: 'r-1', provider: 'openai', model: secretName, status: 200, outcome: 'ok', duration_ms: 5 }] });
    const plain = new GatewayMetrics({ includeRuntime: false });
    plain.observe(metric(event));
    plain.observe(metric(metricsEvent({ model: 'gpt-4o-mini-2024-07-18', attempts: [] })));
    const text = await plain.text();
    expect(text).to.not.contain(secretName);
    const s = parseSamples(text);
    expect(sumOf(s, 'portcullis_proxy_requests_total', { model: 'custom' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_upstream_attempts_total', { model: 'custom' })).to.equal(1);
    // A dated snapshot of a listed model is a public name.
    expect(sumOf(s, 'portcullis_proxy_requests_total', { model: 'gpt-4o-mini-2024-07-18' })).to.equal(1);
    const named = new GatewayMetrics({ includeRuntime: false, tenantLabels: true });
    named.observe(metric(event));
    expect(sumOf(parseSamples(await named.text()), 'portcullis_proxy_requests_total', { model: secretName })).to.equal(1);
  });

  it('counts a request, its attempts, tokens and cost under the request labels', async () => {
    const metrics = new GatewayMetrics({ includeRuntime: false, tenantLabels: true });
    metrics.observe(metric(metricsEvent()));
    const s = parseSamples(await metrics.text());
    const who = { gateway: 'acme', consumer: 'app', provider: 'openai', model: 'gpt-4o-mini' };
    expect(sumOf(s, 'portcullis_proxy_requests_total', { ...who, route: '/v1/chat/completions', status: '200', error: '', cache: 'miss', stream: 'false' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_tokens_total', { ...who, kind: 'input' })).to.equal(30);
    expect(sumOf(s, 'portcullis_proxy_tokens_total', { ...who, kind: 'output' })).to.equal(12);
    expect(sumOf(s, 'portcullis_proxy_tokens_total', { ...who, kind: 'cached_input' })).to.equal(5);
    expect(sumOf(s, 'portcullis_proxy_cost_usd_total', who)).to.be.closeTo(0.0000123, 1e-15);
    expect(sumOf(s, 'portcullis_proxy_upstream_attempts_total', { provider: 'anthropic', status: '529', outcome: 'fallback' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_upstream_duration_seconds_sum', { provider: 'anthropic', outcome: 'fallback' })).to.be.closeTo(0.04, 1e-9);
    expect(sumOf(s, 'portcullis_proxy_request_duration_seconds_sum', { route: '/v1/chat/completions' })).to.be.closeTo(0.1205, 1e-9);
    expect(sumOf(s, 'portcullis_proxy_gateway_overhead_seconds_sum', { route: '/v1/chat/completions' })).to.be.closeTo(0.0105, 1e-9);
  });

  it('adds no tokens or cost for a cache hit, and times no skipped attempt', async () => {
    const metrics = new GatewayMetrics({ includeRuntime: false });
    metrics.observe(metric(metricsEvent({ cached: true, cost_usd: 0, attempts: [{ registry_id: 'r', provider: 'openai', model: 'm', outcome: 'skipped', duration_ms: 0 }] })));
    const s = parseSamples(await metrics.text());
    expect(sumOf(s, 'portcullis_proxy_requests_total', { cache: 'hit' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_tokens_total')).to.equal(0);
    expect(sumOf(s, 'portcullis_proxy_cost_usd_total')).to.equal(0);
    expect(sumOf(s, 'portcullis_proxy_upstream_attempts_total', { outcome: 'skipped' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_upstream_duration_seconds_count')).to.equal(0);
  });

  it('folds model names past the label budget into "other"', async () => {
    const metrics = new GatewayMetrics({ includeRuntime: false, maxLabelValues: 3, tenantLabels: true });
    for (let i = 0; i < 10; i++) metrics.observe(metric(metricsEvent({ model: `model-${i}`, attempts: [] })));
    const s = parseSamples(await metrics.text());
    const models = new Set(s.filter((x) => x.name === 'portcullis_proxy_requests_total').map((x) => x.labels.model));
    expect(models).to.deep.equal(new Set(['model-0', 'model-1', 'model-2', 'other']));
    expect(sumOf(s, 'portcullis_proxy_requests_total', { model: 'other' })).to.equal(7);
  });

  it('counts guardrail evaluations by status and findings by detector and action', async () => {
    const metrics = new GatewayMetrics({ includeRuntime: false });
    metrics.observe(activity({
      status: 'block', endpoint: 'evaluate', direction: 'input', duration_ms: 12,
      findings: [
        { source: { kind: 'detector', plugin: 'prompt_guard', detector_name: 'pg' }, outcome: { action: 'block' } },
        { source: { kind: 'gate', plugin: 'gate', detector_name: 'g' }, outcome: { action: 'report' } },
      ],
    }));
    metrics.observe(activity({ status: 'error', endpoint: 'evaluate/claude', direction: 'output', findings: [] }));
    const s = parseSamples(await metrics.text());
    expect(sumOf(s, 'portcullis_guardrail_evaluations_total', { status: 'block' })).to.equal(1);
    expect(sumOf(s, 'portcullis_guardrail_evaluations_total', { status: 'error' })).to.equal(1);
    expect(sumOf(s, 'portcullis_guardrail_findings_total', { detector: 'prompt_guard', action: 'block' })).to.equal(1);
    expect(sumOf(s, 'portcullis_guardrail_findings_total', { detector: 'gate', action: 'report' })).to.equal(1);
    expect(sumOf(s, 'portcullis_guardrail_evaluation_duration_seconds_count', { endpoint: 'evaluate', direction: 'input' })).to.equal(1);
  });

  it('keeps one registry per instance, and appends the runtime metrics when asked', async () => {
    const a = new GatewayMetrics({ includeRuntime: false });
    const b = new GatewayMetrics();
    a.observe(metric(metricsEvent()));
    expect(sumOf(parseSamples(await a.text()), 'portcullis_proxy_requests_total')).to.equal(1);
    const text = await b.text();
    expect(sumOf(parseSamples(text), 'portcullis_proxy_requests_total')).to.equal(0);
    expect(text).to.contain('nodejs_heap_size_used_bytes');
    expect(await a.text()).to.not.contain('nodejs_heap_size_used_bytes');
    expect(a.contentType).to.match(/^text\/plain; version=0\.0\.4/);
  });
});

describe('observability: the metrics of several processes summed into one scrape', () => {
  it('sums counters and histogram buckets series by series, and keeps the oldest config revision', async () => {
    const processes = [1, 2, 3].map(() => new GatewayMetrics({ includeRuntime: false }));
    const revisions = [7, 5, 7];
    processes.forEach((metrics, i) => configRevisionGauge(metrics.registry, () => revisions[i]));
    processes[0].observe(metric(metricsEvent()));
    processes[1].observe(metric(metricsEvent()));
    processes[1].observe(metric(metricsEvent({ consumer_id: 'c-2', duration_ms: 3000 })));
    processes[2].observe(activity({ status: 'blocked', endpoint: '/v1/evaluate', direction: 'input', duration_ms: 4, findings: [] }));
    const s = parseSamples(await aggregateMetrics((await Promise.all(processes.map((m) => m.json()))).flat()));
    expect(sumOf(s, 'portcullis_proxy_requests_total', { consumer: 'c-1' })).to.equal(2);
    expect(sumOf(s, 'portcullis_proxy_requests_total', { consumer: 'c-2' })).to.equal(1);
    expect(sumOf(s, 'portcullis_proxy_request_duration_seconds_count', {})).to.equal(3);
    expect(sumOf(s, 'portcullis_proxy_request_duration_seconds_bucket', { le: '+Inf' })).to.equal(3);
    expect(sumOf(s, 'portcullis_proxy_request_duration_seconds_sum', {})).to.be.closeTo(0.1205 * 2 + 3, 1e-9);
    expect(sumOf(s, 'portcullis_guardrail_evaluations_total', { status: 'blocked' })).to.equal(1);
    expect(sumOf(s, 'portcullis_config_revision', {})).to.equal(5);
  });
});
