/**
 * Prometheus instruments of proxied requests, fed from the metrics event after the response
 * is sent (never from the request path).
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import { LabelBudget, routeTemplate } from './labels.js';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const OVERHEAD_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Token kinds counted, from canonical usage (`input` includes cached and cache-written prompt tokens). */
const TOKEN_FIELDS = {
  input: 'input_tokens',
  output: 'output_tokens',
  cached_input: 'cached_input_tokens',
  cache_write: 'cache_creation_input_tokens',
  reasoning: 'reasoning_tokens',
} as const;

/** The proxied-request instruments, registered in the registry given. */
export class RequestMetrics {
  private readonly labels: LabelBudget;
  private readonly requests: Counter;
  private readonly duration: Histogram;
  private readonly overhead: Histogram;
  private readonly upstream: Histogram;
  private readonly attempts: Counter;
  private readonly tokens: Counter;
  private readonly cost: Counter;

  constructor(registry: Registry, labels = new LabelBudget()) {
    this.labels = labels;
    const registers = [registry];
    this.requests = new Counter({
      name: 'portcullis_proxy_requests_total',
      help: 'Proxied requests answered, by gateway, consumer, route, provider, selected model, HTTP status, error code, cache hit and stream.',
      labelNames: ['gateway', 'consumer', 'route', 'provider', 'model', 'status', 'error', 'cache', 'stream'],
      registers,
    });
    this.duration = new Histogram({
      name: 'portcullis_proxy_request_duration_seconds',
      help: 'Whole proxied request time, from the request to the end of the answer (streams included).',
      labelNames: ['route', 'provider', 'model', 'stream'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.overhead = new Histogram({
      name: 'portcullis_proxy_gateway_overhead_seconds',
      help: 'Time of a proxied request spent outside upstream attempts and retry backoff.',
      labelNames: ['route'],
      buckets: OVERHEAD_BUCKETS,
      registers,
    });
    this.upstream = new Histogram({
      name: 'portcullis_proxy_upstream_duration_seconds',
      help: 'Upstream attempt time, by provider, model and attempt outcome (ok, error, retry, fallback).',
      labelNames: ['provider', 'model', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.attempts = new Counter({
      name: 'portcullis_proxy_upstream_attempts_total',
      help: 'Upstream attempts, by provider, model, upstream HTTP status and outcome (skipped: refused by an open circuit breaker).',
      labelNames: ['provider', 'model', 'status', 'outcome'],
      registers,
    });
    this.tokens = new Counter({
      name: 'portcullis_proxy_tokens_total',
      help: 'Tokens reported by providers, by kind (input includes cached_input and cache_write; output includes reasoning). Cache hits add none.',
      labelNames: ['gateway', 'consumer', 'provider', 'model', 'kind'],
      registers,
    });
    this.cost = new Counter({
      name: 'portcullis_proxy_cost_usd_total',
      help: 'List-price cost of proxied requests in US dollars (models without a known price add nothing).',
      labelNames: ['gateway', 'consumer', 'provider', 'model'],
      registers,
    });
  }

  /** Counts one proxied request from its metrics event. */
  record(event: MetricsEventData): void {
    const l = this.labels;
    const route = l.value('route', routeTemplate(event.route));
    const provider = l.value('provider', event.provider);
    const model = l.value('model', event.model);
    const gateway = l.value('gateway', event.gateway_slug ?? event.gateway_id);
    const consumer = l.value('consumer', event.consumer_slug ?? event.consumer_id);
    const stream = String(!!event.streamed);
    this.requests.inc({
      gateway, consumer, route, provider, model,
      status: String(event.status),
      error: l.value('error', event.error),
      cache: event.cached ? 'hit' : 'miss',
      stream,
    });
    this.duration.observe({ route, provider, model, stream }, event.duration_ms / 1000);
    if (typeof event.gateway_ms === 'number') this.overhead.observe({ route }, event.gateway_ms / 1000);
    for (const attempt of event.attempts ?? []) {
      const labels = { provider: l.value('provider', attempt.provider), model: l.value('model', attempt.model), outcome: attempt.outcome ?? 'error' };
      this.attempts.inc({ provider: labels.provider, model: labels.model, status: attempt.status ? String(attempt.status) : '', outcome: labels.outcome });
      if (attempt.outcome !== 'skipped' && typeof attempt.duration_ms === 'number') this.upstream.observe(labels, attempt.duration_ms / 1000);
    }
    const usage = event.usage;
    if (usage && !event.cached) {
      for (const [kind, field] of Object.entries(TOKEN_FIELDS)) {
        const n = usage[field];
        if (typeof n === 'number' && n > 0) this.tokens.inc({ gateway, consumer, provider, model, kind }, n);
      }
    }
    if (typeof event.cost_usd === 'number' && event.cost_usd > 0) this.cost.inc({ gateway, consumer, provider, model }, event.cost_usd);
  }
}
