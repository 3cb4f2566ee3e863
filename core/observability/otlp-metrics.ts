/**
 * The proxied-request metrics over OTLP/HTTP (JSON) when an endpoint is configured, beside the
 * Prometheus `/metrics` of the same events: request count and duration, gateway overhead,
 * upstream attempts and their duration, tokens and cost. Attribute names follow the HTTP and
 * GenAI semantic conventions; gateway, consumer and model values follow the same tenant-label
 * rule as Prometheus (tenant-labels.ts). Instruments only count in memory; a periodic reader
 * exports cumulative sums on a timer, so a slow or absent collector never delays a request.
 */
import type { Attributes, Counter, Histogram } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { Logger } from '../logging/logger.js';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import type { TelemetryEvent } from '../telemetry/telemetry-event.js';
import { BUILD_INFO } from '../version/build-info.js';
import { routeTemplate } from './labels.js';
import type { TelemetryObserver } from './observed-sink.js';
import { otlpSignalUrl, otlpMetricExporter } from './otlp-json-exporter.js';
import { TenantLabels } from './tenant-labels.js';
import { shutdownWithin } from './bounded-shutdown.js';

/** Where and how metrics are exported. */
export interface OtlpMetricsOptions {
  /** The OTLP/HTTP base endpoint; `/v1/metrics` is appended unless present. */
  endpoint: string;
  nodeId: string;
  log: Logger;
  /** How often the cumulative sums are exported (ms). */
  exportIntervalMs: number;
  /** Label series with tenant slugs and every model name (as `/metrics`). */
  tenantLabels?: boolean;
  /** Per-export HTTP timeout (ms). */
  exportTimeoutMs?: number;
  /** Longest wait for the final export on close (ms). */
  shutdownTimeoutMs?: number;
}

/** Seconds buckets of the GenAI client operation duration convention. */
const DURATION_BOUNDARIES = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

/** The OTLP exporter of request metrics: a telemetry observer with a bounded close. */
export class OtlpMetrics implements TelemetryObserver {
  readonly url: string;
  private readonly provider: MeterProvider;
  private readonly tenant: TenantLabels;
  private readonly requests: Counter;
  private readonly duration: Histogram;
  private readonly overhead: Histogram;
  private readonly attempts: Counter;
  private readonly upstream: Histogram;
  private readonly tokens: Counter;
  private readonly cost: Counter;
  private closed?: Promise<void>;

  constructor(private readonly options: OtlpMetricsOptions) {
    this.url = otlpSignalUrl(options.endpoint, 'metrics');
    this.tenant = new TenantLabels(options.tenantLabels);
    const timeout = options.exportTimeoutMs ?? 5_000;
    this.provider = new MeterProvider({
      resource: resourceFromAttributes({ 'service.name': BUILD_INFO.name, 'service.version': BUILD_INFO.version, 'service.instance.id': options.nodeId }),
      readers: [
        new PeriodicExportingMetricReader({
          exporter: otlpMetricExporter(this.url, timeout, options.log),
          exportIntervalMillis: options.exportIntervalMs,
          exportTimeoutMillis: Math.min(timeout, options.exportIntervalMs),
        }),
      ],
    });
    const meter = this.provider.getMeter('portcullis', BUILD_INFO.version);
    const seconds = { unit: 's', advice: { explicitBucketBoundaries: DURATION_BOUNDARIES } };
    this.requests = meter.createCounter('portcullis.proxy.requests', { description: 'Proxied requests answered.', unit: '{request}' });
    this.duration = meter.createHistogram('portcullis.proxy.request.duration', { description: 'Whole proxied request time, streams included.', ...seconds });
    this.overhead = meter.createHistogram('portcullis.proxy.gateway.overhead', { description: 'Request time outside upstream attempts and retry backoff.', ...seconds });
    this.attempts = meter.createCounter('portcullis.proxy.upstream.attempts', { description: 'Upstream attempts, by outcome.', unit: '{attempt}' });
    this.upstream = meter.createHistogram('portcullis.proxy.upstream.duration', { description: 'Upstream attempt time.', ...seconds });
    this.tokens = meter.createCounter('portcullis.proxy.tokens', { description: 'Tokens reported by providers (cache hits add none).', unit: '{token}' });
    this.cost = meter.createCounter('portcullis.proxy.cost', { description: 'List-price cost of proxied requests.', unit: 'USD' });
  }

  /** Counts a proxied request from its metrics event; other telemetry is not counted here. */
  observe(event: TelemetryEvent): void {
    if (event.kind !== 'metric' || this.closed) return;
    const data = event.data as unknown as MetricsEventData;
    const who = this.whoOf(data);
    const request: Attributes = {
      ...who,
      'http.route': routeTemplate(data.route),
      'http.response.status_code': data.status,
      'portcullis.cache_hit': data.cached,
      'portcullis.stream': data.streamed,
      ...(data.error ? { 'error.type': data.error } : {}),
    };
    this.requests.add(1, request);
    this.duration.record(data.duration_ms / 1000, request);
    if (typeof data.gateway_ms === 'number') this.overhead.record(data.gateway_ms / 1000, { 'http.route': request['http.route'] });
    for (const attempt of data.attempts ?? []) {
      const outcome = attempt.outcome ?? 'error';
      const labels: Attributes = { 'gen_ai.provider.name': attempt.provider, 'gen_ai.request.model': this.tenant.model(attempt.model) ?? '', 'portcullis.attempt.outcome': outcome };
      if (attempt.status) labels['http.response.status_code'] = attempt.status;
      this.attempts.add(1, labels);
      if (outcome !== 'skipped' && typeof attempt.duration_ms === 'number') this.upstream.record(attempt.duration_ms / 1000, labels);
    }
    const usage = data.usage;
    if (usage && !data.cached) {
      if (usage.input_tokens > 0) this.tokens.add(usage.input_tokens, { ...who, 'gen_ai.token.type': 'input' });
      if (usage.output_tokens > 0) this.tokens.add(usage.output_tokens, { ...who, 'gen_ai.token.type': 'output' });
    }
    if (typeof data.cost_usd === 'number' && data.cost_usd > 0) this.cost.add(data.cost_usd, who);
  }

  private whoOf(data: MetricsEventData): Attributes {
    const who: Attributes = {};
    const gateway = this.tenant.gateway(data);
    const consumer = this.tenant.consumer(data);
    const model = this.tenant.model(data.model);
    if (gateway) who['portcullis.gateway'] = gateway;
    if (consumer) who['portcullis.consumer'] = consumer;
    if (data.provider) who['gen_ai.provider.name'] = data.provider;
    if (model) who['gen_ai.response.model'] = model;
    return who;
  }

  /** Exports the sums now (tests, shutdown). */
  flush(): Promise<void> {
    return this.provider.forceFlush();
  }

  /** Exports once more and stops, waiting at most `shutdownTimeoutMs` for a collector that does not answer. */
  close(): Promise<void> {
    this.closed ??= shutdownWithin(() => this.provider.shutdown(), this.options.shutdownTimeoutMs ?? 2_000);
    return this.closed;
  }
}
